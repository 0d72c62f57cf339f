import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { addTexts } from '../../shared/i18n';
import { toast } from '../../shared/toast';
import { BrandLink } from '../../shared/ui/Logo';
import { LanguageSelect } from '../../shared/ui/LanguageSelect';
import { PageLoader } from '../../shared/ui/PageLoader';
import { usePermissions } from '../../shared/permissions/usePermissions';
import { useSession } from '../auth/useSession';
import { PublicFooter } from '../footer/PublicFooter';
import { CatalogNav } from './CatalogNav';
import { siteEn, siteZh } from './locales';
import '../../shared/ui/light.css';
import './site.css';

export { HomeIndexPage } from './HomeIndexPage';

// The site's pages load without the signed-in area's texts.
addTexts('zh-CN', { site: siteZh });
addTexts('en-US', { site: siteEn });

/** "Experimental centre": the first visible entry of the permission tree, or 暂无权限. */
function ExperimentCentreLink() {
  const { t } = useTranslation();
  const session = useSession();
  const permissions = usePermissions(session, true);
  const leaf = permissions.menu.firstLeaf;
  if (permissions.status === 'ready' && session.schUrl && !leaf) {
    return (
      <button
        type="button"
        className="home__nav-link"
        onClick={() => toast.error(t('app.noPermission'))}
      >
        {t('home.experimentCentre')}
      </button>
    );
  }
  // While the tree loads, "/" leads to the same place: the area's first visible entry.
  const to = leaf && session.schUrl ? `/${session.schUrl}/${leaf.path}` : '/';
  return (
    <Link className="home__nav-link" to={to}>
      {t('home.experimentCentre')}
    </Link>
  );
}

/**
 * The layout of every public page (`/home/*`, `/industrial-internet/*`): the header with the home
 * link (away from /home/index), the experimental centre or sign-in, the language select and the
 * catalogue navigation; the page; the footer. Light: no antd.
 */
export function SiteLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSession();
  const signedIn = Boolean(session.token);
  const onHome = pathname.toLowerCase() === '/home/index';
  return (
    <div className="home">
      <header className="home__header">
        <div className="home__bar">
          <BrandLink name={t('app.name')} />
          <nav className="home__nav" aria-label={t('home.nav')}>
            {!onHome && (
              <Link className="home__nav-link" to="/home/index">
                {t('home.home')}
              </Link>
            )}
            {signedIn ? (
              <ExperimentCentreLink />
            ) : (
              <Link className="home__nav-link" to="/login">
                {t('home.signIn')}
              </Link>
            )}
            <LanguageSelect />
          </nav>
        </div>
        <CatalogNav />
      </header>
      <main className="home__main">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <PublicFooter />
    </div>
  );
}
