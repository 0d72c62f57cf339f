import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FrontArticleSummary } from '@platform/contract';
import { formatTime } from '../../shared/dates';
import { articlePageQuery } from './api';
import { Pager, SiteState, usePageParam, useSiteLanguage } from './parts';
import { SiteImage } from './SiteImage';

export type ArticleHref = (id: string) => string;
export const homeArticleHref: ArticleHref = (id) => `/home/article?id=${encodeURIComponent(id)}`;
export const industrialArticleHref: ArticleHref = (id) =>
  `/industrial-internet/detail?id=${encodeURIComponent(id)}`;

/** One article in a list: cover, title, summary, date and readings. */
export function ArticleCard({
  article,
  href = homeArticleHref,
}: {
  article: FrontArticleSummary;
  href?: ArticleHref;
}) {
  const { t } = useTranslation();
  return (
    <li className="site-card">
      <Link className="site-card__link" to={href(article.id)}>
        <SiteImage src={article.coverUrl} name={article.title} className="site-card__image" />
        <span className="site-card__body">
          <span className="site-card__title">{article.title}</span>
          <span className="site-card__text">{article.summary}</span>
          <span className="site-card__meta">
            {formatTime(article.publishedAt)} ·{' '}
            {t('site.article.readings', { count: article.readings })}
          </span>
        </span>
      </Link>
    </li>
  );
}

/**
 * The published articles of a catalogue (or of all), paged on the server. `paged` keeps the page
 * in the address and shows the pager; otherwise the first `pageSize` only.
 */
export function ArticleList({
  catalogId,
  pageSize = 9,
  paged = true,
  href,
}: {
  catalogId?: string | undefined;
  pageSize?: number;
  paged?: boolean;
  href?: ArticleHref;
}) {
  const { t } = useTranslation();
  const lang = useSiteLanguage();
  const [page, setPage] = usePageParam();
  const pageNum = paged ? page : 1;
  const query = useQuery(articlePageQuery(lang, { catalogId, pageNum, pageSize }));
  if (query.isPending) return <SiteState kind="loading" />;
  if (query.isError) return <SiteState kind="error" onRetry={() => void query.refetch()} />;
  const { records, total } = query.data;
  if (records.length === 0) return <SiteState kind="empty" empty={t('site.states.noArticles')} />;
  return (
    <>
      <ul className="site-cards">
        {records.map((a) => (
          <ArticleCard key={a.id} article={a} {...(href ? { href } : {})} />
        ))}
      </ul>
      {paged && <Pager page={pageNum} pageSize={pageSize} total={total} onChange={setPage} />}
    </>
  );
}
