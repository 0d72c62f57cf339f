import { Suspense, lazy, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { setNavigate } from '../shared/navigation';
import { PageLoader } from '../shared/ui/PageLoader';
import { useSession } from '../features/auth/useSession';
import { usePermissions } from '../shared/permissions/usePermissions';
import { clientConfigQueryOptions } from '../features/layout/api';
import { AnnouncementHost } from '../features/announcements/AnnouncementHost';
import { guard, isAreaPath } from './guard';

const ForcedPasswordChange = lazy(() =>
  import('../features/users/ForcedPasswordChange').then((m) => ({
    default: m.ForcedPasswordChange,
  })),
);

/** Lets code outside React (the request layer) navigate with the router. */
function useRouterNavigateBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigate((to, options) => {
      void navigate(to, options);
    });
    return () => setNavigate(null);
  }, [navigate]);
}

/** The first site-config item sets the favicon and the document title. */
function useSiteBranding() {
  const { data: config } = useQuery(clientConfigQueryOptions());
  useEffect(() => {
    if (!config) return;
    const title = config.clientTitle || config.name;
    if (title) document.title = title;
    if (config.favicon) {
      let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
      if (!link) {
        link = document.createElement('link');
        link.rel = 'icon';
        document.head.append(link);
      }
      link.href = config.favicon;
    }
  }, [config]);
}

/**
 * The app shell around every route: applies the route guard, scrolls to the top on every
 * navigation, and mounts the system-announcement overlay.
 */
export function Root() {
  const location = useLocation();
  const inArea = isAreaPath(location.pathname);
  // The user is needed in the signed-in area and to resolve "/", nowhere else in the shell.
  const session = useSession({ enabled: inArea || location.pathname === '/' });
  const permissions = usePermissions(session, inArea);
  useRouterNavigateBridge();
  useSiteBranding();

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [location.key]);

  const decision = guard({
    pathname: location.pathname,
    search: location.search,
    hasToken: Boolean(session.token),
    mustChangePassword: Boolean(session.user.data?.mustChangePassword),
    schUrl: session.schUrl,
    permissions: { status: permissions.status, paths: permissions.menu.paths },
  });

  let content;
  if (decision.action === 'redirect') content = <Navigate to={decision.to} replace />;
  else if (decision.action === 'wait') content = <PageLoader fullPage />;
  else if (decision.action === 'change-password' && session.user.data)
    content = (
      <Suspense fallback={<PageLoader fullPage />}>
        <ForcedPasswordChange user={session.user.data} />
      </Suspense>
    );
  else
    content = (
      <Suspense fallback={<PageLoader fullPage />}>
        <Outlet />
      </Suspense>
    );
  // A forced password change comes first: the announcement waits for the next sign-in.
  return (
    <>
      {content}
      {decision.action !== 'change-password' && <AnnouncementHost />}
    </>
  );
}
