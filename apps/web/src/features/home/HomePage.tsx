import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../shared/toast';
import { BrandLink } from '../../shared/ui/Logo';
import { LanguageSelect } from '../../shared/ui/LanguageSelect';
import { useSession } from '../auth/useSession';
import { usePermissions } from '../../shared/permissions/usePermissions';
import '../../shared/ui/light.css';
import './HomePage.css';

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

/** The public home page (/home/index). Light: no antd. */
export function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = Boolean(session.token);
  return (
    <div className="home">
      <header className="home__header">
        <BrandLink name={t('app.name')} />
        <nav className="home__nav" aria-label={t('home.nav')}>
          {signedIn ? (
            <ExperimentCentreLink />
          ) : (
            <Link className="home__nav-link" to="/login">
              {t('home.signIn')}
            </Link>
          )}
          <LanguageSelect />
        </nav>
      </header>
      <main>
        <section className="home__hero">
          <h1>{t('home.heroTitle')}</h1>
          <p>{t('home.heroText')}</p>
          <Link className="light-button" to={signedIn ? '/' : '/login'}>
            {t('home.start')}
          </Link>
        </section>
        <section className="home__features" aria-labelledby="home-features">
          <h2 id="home-features">{t('home.features')}</h2>
          <ul className="home__cards">
            <li className="home__card">
              <h3>{t('home.featureLabs')}</h3>
              <p>{t('home.featureLabsText')}</p>
            </li>
            <li className="home__card">
              <h3>{t('home.featureCourses')}</h3>
              <p>{t('home.featureCoursesText')}</p>
            </li>
            <li className="home__card">
              <h3>{t('home.featureTeaching')}</h3>
              <p>{t('home.featureTeachingText')}</p>
            </li>
          </ul>
        </section>
      </main>
      <footer className="home__footer">
        © {new Date().getFullYear()} {t('home.footer')}
      </footer>
    </div>
  );
}
