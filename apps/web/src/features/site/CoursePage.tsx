import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { coursePageQuery } from './api';
import { Pager, SiteHeading, SiteState, usePageParam, useSiteLanguage } from './parts';
import { SiteImage } from './SiteImage';

const pageSize = 9;
const chaptersShown = 4;

/** /home/course: the platform's courses with their covers and chapters, paged on the server. */
export function CoursePage() {
  const { t } = useTranslation();
  const lang = useSiteLanguage();
  const [page, setPage] = usePageParam();
  const query = useQuery(coursePageQuery(lang, { pageNum: page, pageSize }));
  let body;
  if (query.isPending) body = <SiteState kind="loading" />;
  else if (query.isError) body = <SiteState kind="error" onRetry={() => void query.refetch()} />;
  else if (query.data.records.length === 0)
    body = <SiteState kind="empty" empty={t('site.states.noCourses')} />;
  else
    body = (
      <>
        <ul className="site-cards">
          {query.data.records.map((c) => (
            <li key={c.id} className="site-card">
              <SiteImage src={c.coverUrl} name={c.name} className="site-card__image" />
              <div className="site-card__body">
                <h2 className="site-card__title">{c.name}</h2>
                {c.overview && <p className="site-card__text">{c.overview}</p>}
                <p className="site-card__meta">
                  {t('site.course.difficulty')}: {t(`site.difficulty.${c.difficulty}`)} ·{' '}
                  {t('site.course.chapters', { count: c.chapterCount, steps: c.stepCount })}
                </p>
                {c.chapters.length > 0 && (
                  <ol className="site-chapters">
                    {c.chapters.slice(0, chaptersShown).map((ch) => (
                      <li key={ch.id}>{ch.name}</li>
                    ))}
                    {c.chapters.length > chaptersShown && (
                      <li className="site-chapters__more">
                        {t('site.course.moreChapters', { count: c.chapters.length })}
                      </li>
                    )}
                  </ol>
                )}
              </div>
            </li>
          ))}
        </ul>
        <Pager page={page} pageSize={pageSize} total={query.data.total} onChange={setPage} />
      </>
    );
  return (
    <div className="site-page">
      <SiteHeading title={t('site.titles.course')} intro={t('site.course.intro')} />
      {body}
    </div>
  );
}
