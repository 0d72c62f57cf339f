import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { RichDocument } from '@platform/rich-text';
import { formatTime } from '../../shared/dates';
import { RichTextView } from '../../shared/ui/RichTextView';
import { articleQuery } from './api';
import { FailedState, SiteState, useSiteLanguage } from './parts';
import { SiteImage } from './SiteImage';

/**
 * An article of the public site (`/home/article?id=`, `/home/{sub}/article?id=`,
 * `/industrial-internet/detail?id=`): title, author, date, readings, cover and content.
 */
export function ArticlePage() {
  const { t } = useTranslation();
  const lang = useSiteLanguage();
  const id = useSearchParams()[0].get('id');
  const query = useQuery({ ...articleQuery(lang, id ?? ''), enabled: Boolean(id) });
  if (!id) return <SiteState kind="missing" />;
  if (query.isPending) return <SiteState kind="loading" />;
  if (query.isError)
    return <FailedState error={query.error} onRetry={() => void query.refetch()} />;
  const article = query.data;
  return (
    <article className="site-page site-article">
      <header className="site-article__header">
        <p className="site-article__catalog">{article.catalogName}</p>
        <h1>{article.title}</h1>
        <p className="site-article__meta">
          <span>{t('site.article.author', { author: article.author })}</span>
          <span>{t('site.article.date', { date: formatTime(article.publishedAt) })}</span>
          <span>{t('site.article.readings', { count: article.readings })}</span>
        </p>
      </header>
      {article.coverUrl && (
        <SiteImage
          src={article.coverUrl}
          name={article.title}
          width={880}
          className="site-article__cover"
        />
      )}
      <RichTextView
        doc={article.content as unknown as RichDocument | null}
        className="site-article__content"
      />
    </article>
  );
}
