import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../auth/useSession';
import { catalogQuery } from './api';
import { ArticleList } from './ArticleList';
import { CatalogLink, FailedState, SiteState, useSiteLanguage } from './parts';
import { HomeSection, homeSectionKinds as sections } from './HomeSections';
import './HomeIndexPage.css';

// The dialog brings antd and the contract's form schema: loaded on the first click only.
const TrialDialog = lazy(() =>
  import('../trials/TrialDialog').then((m) => ({ default: m.TrialDialog })),
);

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

/**
 * The landing's hero and highlights. A signed-in member of a school gets the school home: the
 * school's name and a way back into its experimental centre; everyone else the main home.
 */
function Landing() {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = Boolean(session.token);
  const school = signedIn ? (session.college?.name ?? null) : null;
  return (
    <>
      <section className={`home__hero${school ? ' home__hero--school' : ''}`}>
        {school ? (
          <>
            <h1>{t('site.school.heroTitle', { school })}</h1>
            <p>{t('site.school.heroText')}</p>
            <Link className="light-button" to="/">
              {t('site.school.enter')}
            </Link>
          </>
        ) : (
          <>
            <h1>{t('home.heroTitle')}</h1>
            <p>{t('home.heroText')}</p>
            <Link className="light-button" to={signedIn ? '/' : '/login'}>
              {t('home.start')}
            </Link>
          </>
        )}
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
    </>
  );
}

/** A catalogue opened from the navigation: its sub-catalogues and its published articles. */
function CatalogueView({ id }: { id: string }) {
  const { t } = useTranslation();
  const lang = useSiteLanguage();
  const query = useQuery(catalogQuery(lang, id));
  if (query.isPending) return <SiteState kind="loading" />;
  if (query.isError)
    return <FailedState error={query.error} onRetry={() => void query.refetch()} />;
  const catalog = query.data;
  return (
    <section className="site-page" aria-labelledby="site-catalogue">
      <div className="site-heading">
        <h1 id="site-catalogue">{catalog.name}</h1>
        {catalog.description && <p>{catalog.description}</p>}
      </div>
      {catalog.subCatalogs.length > 0 && (
        <nav className="site-chips" aria-label={t('site.article.subCatalogues')}>
          {catalog.subCatalogs.map((c) => (
            <CatalogLink key={c.id} catalog={c} pid={catalog.id} className="site-chip" />
          ))}
        </nav>
      )}
      <ArticleList catalogId={catalog.id} />
    </section>
  );
}

/**
 * /home/index: the landing (hero, highlights, the three sections with the portal's articles and
 * the floating toolbar); with
 * `id` (and `pid`, `gid`) from the catalogue navigation, that catalogue's articles take the hero's
 * place, and the sections and toolbar stay.
 */
export function HomeIndexPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const [trial, setTrial] = useState<'closed' | 'open' | 'loaded'>('closed');
  return (
    <div className="home__index">
      {id ? <CatalogueView key={id} id={id} /> : <Landing />}
      {sections.map((section) => (
        <HomeSection key={section} kind={section} />
      ))}
      <FloatingToolbar onApply={() => setTrial('open')} />
      {trial !== 'closed' && (
        <Suspense fallback={null}>
          <TrialDialog open={trial === 'open'} onClose={() => setTrial('loaded')} />
        </Suspense>
      )}
    </div>
  );
}
