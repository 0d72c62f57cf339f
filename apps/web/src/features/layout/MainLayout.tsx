import { Suspense, lazy, useEffect, useState, type ComponentType } from 'react';
import { Navigate, Route, Routes, Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { defaultSchoolUrl, storageKeys } from '@platform/contract';
import { AntdProvider } from '../../shared/ui/AntdProvider';
import { PageLoader } from '../../shared/ui/PageLoader';
import { EmptyState } from '../../shared/ui/PageStates';
import { LogoMark } from '../../shared/ui/Logo';
import { useSession } from '../auth/useSession';
import { whitelistQueryOptions } from '../auth/api';
import { usePermissions } from '../../shared/permissions/usePermissions';
import {
  areaPath,
  currentEntry,
  highlightedEntry,
  selectedTop,
  splitAreaPath,
  visibleChildren,
  type MenuEntry,
} from '../../shared/permissions/menuRoutes';
import { clientConfigQueryOptions } from './api';
import { TopMenu } from './TopMenu';
import { SideMenu } from './SideMenu';
import { UserPanel } from './UserPanel';
import { AiHelper } from './AiHelper';
import { HeaderLanguage } from './HeaderLanguage';
import { SiteTitle } from './SiteTitle';
import { NoticeBell } from '../notices/NoticeBell';
import { SignedInFooter } from '../footer/SignedInFooter';
import { useOpenMenuEntry } from './useOpenMenuEntry';
import { isFullScreenPath } from './fullScreen';
import { isNarrowScreen, useNarrowScreen } from './useNarrowScreen';
import './MainLayout.css';

// The form (and zod) load when the dialog is first opened.
const ChangePasswordDialog = lazy(() =>
  import('./ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

function readActiveMenu(): string | null {
  try {
    return window.sessionStorage.getItem(storageKeys.activeMenu);
  } catch {
    return null;
  }
}

type ViewFor = (name: string | null) => ComponentType;

function MenuView({ entry, viewFor }: { entry: MenuEntry; viewFor: ViewFor }) {
  const View = viewFor(entry.view);
  return <View />;
}

function NoMenus() {
  const { t } = useTranslation();
  return (
    <div className="app-no-menus">
      <h1>{t('app.noPermission')}</h1>
      <EmptyState description={t('layout.noMenus')} />
    </div>
  );
}

/**
 * The signed-in area (/:schUrl/*): header with logo, top menu, AI helper, language and user;
 * the side menu of the selected top item; and the views of the permission tree as routes.
 */
export function MainLayout({ viewFor }: { viewFor: ViewFor }) {
  const location = useLocation();
  const session = useSession();
  const permissions = usePermissions(session, true);
  const { data: config } = useQuery(clientConfigQueryOptions());
  useQuery({ ...whitelistQueryOptions(), enabled: Boolean(session.user.data) });
  const openEntry = useOpenMenuEntry(session.schUrl ?? defaultSchoolUrl);
  const narrow = useNarrowScreen();
  const [collapsed, setCollapsed] = useState(isNarrowScreen);
  const [wasNarrow, setWasNarrow] = useState(narrow);
  if (wasNarrow !== narrow) {
    // Turning narrow folds the menu away; its drawer opens on demand.
    setWasNarrow(narrow);
    if (narrow) setCollapsed(true);
  }
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [passwordUsed, setPasswordUsed] = useState(false);

  const schUrl = session.schUrl ?? defaultSchoolUrl;
  const menu = permissions.menu;
  const { child } = splitAreaPath(location.pathname);
  const entry = currentEntry(menu, child, readActiveMenu());
  const highlighted = highlightedEntry(menu, entry);
  const top = selectedTop(menu, highlighted);
  const sideEntries = top ? visibleChildren(top.children) : [];
  const fullScreen = isFullScreenPath(location.pathname);
  const highlightedPath = highlighted?.path ?? null;

  // The active menu is remembered on every navigation (spec §2 Layout).
  useEffect(() => {
    if (!highlightedPath) return;
    try {
      window.sessionStorage.setItem(storageKeys.activeMenu, highlightedPath);
    } catch {
      // storage unavailable
    }
  }, [highlightedPath, location.key]);

  const user = session.user.data;
  if (!user) return <PageLoader fullPage />;

  const college = session.college;
  const logoSrc =
    college?.clientLogo || college?.logo || config?.clientLogo || config?.logo || null;

  return (
    <AntdProvider>
      <div className={`app-shell${fullScreen ? ' app-shell--full' : ''}`}>
        {!fullScreen && (
          <header className="app-header">
            <Link className="app-header__logo" to="/">
              {logoSrc ? <img src={logoSrc} alt="" /> : <LogoMark size={32} />}
              {/* The school, or the site for platform staff (the long client title is the
                  document title). */}
              <span className="app-header__logo-text">
                <SiteTitle schoolName={college?.name} siteName={config?.name} />
              </span>
            </Link>
            <TopMenu
              schUrl={schUrl}
              entries={visibleChildren(menu.entries)}
              selectedId={top?.id ?? null}
              onOpen={(e) => {
                if (narrow) setCollapsed(true);
                openEntry(e);
              }}
            />
            <div className="app-header__actions">
              {config?.config.aiChatUrl && (
                <AiHelper
                  chatUrl={config.config.aiChatUrl}
                  agentCode={config.config.aiAgentCode}
                  token={session.token}
                />
              )}
              <NoticeBell />
              <HeaderLanguage />
              <UserPanel
                user={user}
                schUrl={schUrl}
                token={session.token}
                userCenterUrl={config?.config.userCenterUrl ?? null}
                onChangePassword={() => {
                  setPasswordUsed(true);
                  setPasswordOpen(true);
                }}
              />
            </div>
          </header>
        )}
        <div className="app-body">
          {!fullScreen && top && sideEntries.length > 0 && (
            <SideMenu
              top={top}
              highlighted={highlighted}
              collapsed={collapsed}
              drawer={narrow}
              onToggle={() => setCollapsed((v) => !v)}
              onOpen={(e) => {
                if (narrow) setCollapsed(true);
                openEntry(e);
              }}
            />
          )}
          <main className="app-content">
            <div className="app-content__page">
              <Suspense fallback={<PageLoader />}>
                <Routes>
                  <Route
                    index
                    element={
                      menu.firstLeaf ? (
                        <Navigate to={areaPath(schUrl, menu.firstLeaf.path)} replace />
                      ) : (
                        <NoMenus />
                      )
                    }
                  />
                  {menu.routes.map((route) => (
                    <Route
                      key={route.id}
                      path={route.path}
                      element={<MenuView entry={route} viewFor={viewFor} />}
                    />
                  ))}
                  <Route path="*" element={<Navigate to="/404" replace />} />
                </Routes>
              </Suspense>
            </div>
            {!fullScreen && <SignedInFooter />}
          </main>
        </div>
        {passwordUsed && (
          <Suspense fallback={null}>
            <ChangePasswordDialog
              open={passwordOpen}
              user={user}
              onClose={() => setPasswordOpen(false)}
            />
          </Suspense>
        )}
      </div>
    </AntdProvider>
  );
}
