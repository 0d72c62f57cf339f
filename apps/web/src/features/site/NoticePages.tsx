import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { RichDocument } from '@platform/rich-text';
import { formatTime } from '../../shared/dates';
import { RichTextView } from '../../shared/ui/RichTextView';
import { noticePageQuery, noticeQuery } from './api';
import { FailedState, Pager, SiteHeading, SiteState, usePageParam, useSiteLanguage } from './parts';

const pageSize = 10;

/** /home/noticelist: the notice centre, published notices newest first, paged on the server. */
export function NoticeListPage() {
  const { t } = useTranslation();
  const lang = useSiteLanguage();
  const [page, setPage] = usePageParam();
  const query = useQuery(noticePageQuery(lang, { pageNum: page, pageSize }));
  let body;
  if (query.isPending) body = <SiteState kind="loading" />;
  else if (query.isError) body = <SiteState kind="error" onRetry={() => void query.refetch()} />;
  else if (query.data.records.length === 0)
    body = <SiteState kind="empty" empty={t('site.states.noNotices')} />;
  else
    body = (
      <>
        <ul className="site-notices">
          {query.data.records.map((n) => (
            <li key={n.id} className="site-notice-row">
              <Link to={`/home/notice?id=${encodeURIComponent(n.id)}`}>{n.title}</Link>
              {n.description && <p>{n.description}</p>}
              <span className="site-notice-row__meta">
                {n.source} · {formatTime(n.publishedAt)}
              </span>
            </li>
          ))}
        </ul>
        <Pager page={page} pageSize={pageSize} total={query.data.total} onChange={setPage} />
      </>
    );
  return (
    <section className="site-page">
      <SiteHeading title={t('site.titles.noticeCentre')} />
      {body}
    </section>
  );
}

/** /home/notice?id=: one published notice. */
export function NoticePage() {
  const { t } = useTranslation();
  const lang = useSiteLanguage();
  const id = useSearchParams()[0].get('id');
  const query = useQuery({ ...noticeQuery(lang, id ?? ''), enabled: Boolean(id) });
  if (!id) return <SiteState kind="missing" />;
  if (query.isPending) return <SiteState kind="loading" />;
  if (query.isError)
    return <FailedState error={query.error} onRetry={() => void query.refetch()} />;
  const notice = query.data;
  return (
    <article className="site-page site-article">
      <header className="site-article__header">
        <p className="site-article__catalog">
          <Link to="/home/noticelist">{t('site.titles.noticeCentre')}</Link>
        </p>
        <h1>{notice.title}</h1>
        <p className="site-article__meta">
          <span>{t('site.notice.source', { source: notice.source })}</span>
          <span>{t('site.notice.date', { date: formatTime(notice.publishedAt) })}</span>
        </p>
      </header>
      {notice.content ? (
        <RichTextView
          doc={notice.content as unknown as RichDocument}
          className="site-article__content"
        />
      ) : (
        <p>{notice.description}</p>
      )}
    </article>
  );
}
