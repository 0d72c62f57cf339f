import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { FrontCatalog } from '@platform/contract';
import { catalogsByKindQuery } from './api';
import { ArticleList, industrialArticleHref } from './ArticleList';
import { SiteHeading, SiteState, useSiteLanguage } from './parts';
import { SiteImage } from './SiteImage';

const postHref = (id: string) => `/industrial-internet/post?id=${encodeURIComponent(id)}`;

/** The industry-case catalogues, each with its sub-catalogues, flattened in order. */
function useIndustryCases() {
  const lang = useSiteLanguage();
  const query = useQuery(catalogsByKindQuery(lang, 'industry_case'));
  const flat: FrontCatalog[] = [];
  const seen = new Set<string>();
  const walk = (c: FrontCatalog) => {
    if (seen.has(c.id)) return;
    seen.add(c.id);
    flat.push(c);
    c.subCatalogs.forEach(walk);
  };
  (query.data ?? []).forEach(walk);
  return { query, cases: flat.filter((c) => c.isExistContent && c.type === 'catalog') };
}

/** /industrial-internet/index: the industry cases, each with its latest articles. */
export function IndustrialIndexPage() {
  const { t } = useTranslation();
  const { query, cases } = useIndustryCases();
  let body;
  if (query.isPending) body = <SiteState kind="loading" />;
  else if (query.isError) body = <SiteState kind="error" onRetry={() => void query.refetch()} />;
  else if (cases.length === 0) body = <SiteState kind="empty" />;
  else
    body = cases.map((c) => (
      <section key={c.id} className="site-block" aria-labelledby={`site-case-${c.id}`}>
        <div className="site-block__head">
          <SiteImage
            src={c.imageUrl}
            name={c.name}
            ratio={[4, 3]}
            width={160}
            className="site-block__image"
          />
          <div>
            <h2 id={`site-case-${c.id}`}>{c.name}</h2>
            {c.description && <p>{c.description}</p>}
            <Link to={postHref(c.id)}>{t('site.industrial.allPosts')}</Link>
          </div>
        </div>
        <ArticleList catalogId={c.id} paged={false} pageSize={3} href={industrialArticleHref} />
      </section>
    ));
  return (
    <div className="site-page">
      <SiteHeading title={t('site.titles.industrial')} intro={t('site.industrial.intro')} />
      {body}
    </div>
  );
}

/**
 * /industrial-internet/post?id=: the articles of one industry case, paged; without `id`, of the
 * first case that has any.
 */
export function IndustrialPostPage() {
  const { t } = useTranslation();
  const { query, cases } = useIndustryCases();
  const id = useSearchParams()[0].get('id');
  const current = cases.find((c) => c.id === id) ?? (id ? undefined : cases[0]);
  let body;
  if (query.isPending) body = <SiteState kind="loading" />;
  else if (query.isError) body = <SiteState kind="error" onRetry={() => void query.refetch()} />;
  else if (!current) body = <SiteState kind={id ? 'missing' : 'empty'} />;
  else body = <ArticleList catalogId={current.id} href={industrialArticleHref} />;
  return (
    <div className="site-page">
      <SiteHeading title={current ? current.name : t('site.titles.industrialPost')} />
      {cases.length > 1 && (
        <nav className="site-chips" aria-label={t('site.titles.industrialCases')}>
          {cases.map((c) => (
            <Link
              key={c.id}
              className="site-chip"
              to={postHref(c.id)}
              aria-current={c.id === current?.id ? 'page' : undefined}
            >
              {c.name}
            </Link>
          ))}
        </nav>
      )}
      {body}
    </div>
  );
}
