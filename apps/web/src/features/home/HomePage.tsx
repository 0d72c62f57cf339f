import { lazy, Suspense, useState } from 'react';
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

// The dialog brings antd and the contract's form schema: loaded on the first click only.
const TrialDialog = lazy(() =>
  import('../trials/TrialDialog').then((m) => ({ default: m.TrialDialog })),
);

const sections = ['industrial', 'career', 'program'] as const;

const scrollTo = (id: string) =>
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

/** The floating toolbar of /home/index (platform spec §2): sections, trial, back to top. */
function FloatingToolbar({ onApply }: { onApply: () => void }) {
  const { t } = useTranslation();
  return (
    <nav className="home-toolbar" aria-label={t('home.toolbar')}>
      {sections.map((id) => (
        <button key={id} type="button" onClick={() => scrollTo(id)}>
          {t(`home.${id}`)}
        </button>
      ))}
      <button type="button" className="home-toolbar__apply" onClick={onApply}>
        {t('home.applyTrial')}
      </button>
      <button
        type="button"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        aria-label={t('home.toTop')}
      >
        ↑
      </button>
    </nav>
  );
}

/** The public home page (/home/index). Light: no antd until the trial dialog opens. */
export function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = Boolean(session.token);
  const [trial, setTrial] = useState<'closed' | 'open' | 'loaded'>('closed');
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
        {sections.map((id) => (
          <section key={id} id={id} className="home__section" aria-labelledby={`home-${id}`}>
            <h2 id={`home-${id}`}>{t(`home.${id}`)}</h2>
            <p>{t(`home.${id}Text`)}</p>
          </section>
        ))}
      </main>
      <FloatingToolbar onApply={() => setTrial('open')} />
      {trial !== 'closed' && (
        <Suspense fallback={null}>
          <TrialDialog open={trial === 'open'} onClose={() => setTrial('loaded')} />
        </Suspense>
      )}
      <footer className="home__footer">
        © {new Date().getFullYear()} {t('home.footer')}
      </footer>
    </div>
  );
}
