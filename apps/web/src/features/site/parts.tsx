import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { FrontCatalog } from '@platform/contract';
import { RequestError } from '../../shared/request';
import { catalogTarget } from './navigation';

/** The language the site's reads are made in. */
export function useSiteLanguage() {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'en-US' ? 'en-US' : 'zh-CN';
}

/** A catalogue's name: a link where it leads somewhere, plain text where it does not. */
export function CatalogLink({
  catalog,
  pid,
  gid,
  className,
  children,
}: {
  catalog: Pick<FrontCatalog, 'id' | 'type' | 'link' | 'isExistContent' | 'name'>;
  pid?: string | null | undefined;
  gid?: string | null | undefined;
  className?: string;
  children?: ReactNode;
}) {
  const target = catalogTarget(catalog, pid, gid);
  const content = children ?? catalog.name;
  if (target.kind === 'external')
    return (
      <a className={className} href={target.href} target="_blank" rel="noopener noreferrer">
        {content}
      </a>
    );
  if (target.kind === 'internal')
    return (
      <Link className={className} to={target.to}>
        {content}
      </Link>
    );
  return <span className={[className, 'site-unlinked'].filter(Boolean).join(' ')}>{content}</span>;
}

/** Loading, failure (with retry) and empty states of a read, light and translated. */
export function SiteState({
  kind,
  empty,
  onRetry,
}: {
  kind: 'loading' | 'error' | 'empty' | 'missing';
  empty?: string;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  if (kind === 'loading')
    return (
      <p className="site-state" role="status">
        {t('site.states.loading')}
      </p>
    );
  if (kind === 'error')
    return (
      <div className="site-state" role="alert">
        <p>{t('site.states.failed')}</p>
        {onRetry && (
          <button type="button" className="light-button" onClick={onRetry}>
            {t('site.states.retry')}
          </button>
        )}
      </div>
    );
  if (kind === 'missing') return <p className="site-state">{t('site.states.notFound')}</p>;
  return <p className="site-state">{empty ?? t('site.states.noCatalogues')}</p>;
}

/** The page number of a list, kept in the address (`?page=`), and a setter. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page') ?? '1');
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;
  const setPage = (next: number) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next <= 1) copy.delete('page');
        else copy.set('page', String(next));
        return copy;
      },
      { preventScrollReset: false },
    );
  return [page, setPage];
}

/** Previous and next page of a server-paged list, with where the reader is. */
export function Pager({
  page,
  pageSize,
  total,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="site-pager" aria-label={t('site.pager.label')}>
      <button
        type="button"
        className="site-pager__button"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        {t('site.pager.previous')}
      </button>
      <span className="site-pager__status">{t('site.pager.status', { page, pages, total })}</span>
      <button
        type="button"
        className="site-pager__button"
        disabled={page >= pages}
        onClick={() => onChange(page + 1)}
      >
        {t('site.pager.next')}
      </button>
    </nav>
  );
}

/** The heading block of a site page. */
export function SiteHeading({ title, intro }: { title: string; intro?: string | undefined }) {
  return (
    <div className="site-heading">
      <h1>{title}</h1>
      {intro && <p>{intro}</p>}
    </div>
  );
}

/** Whether a read failed because the content is not there (or no longer published). */
export function isMissing(error: unknown): boolean {
  return error instanceof RequestError && error.status === 404;
}

/** The state of a failed read: missing content, or a failure to retry. */
export function FailedState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return isMissing(error) ? (
    <SiteState kind="missing" />
  ) : (
    <SiteState kind="error" onRetry={onRetry} />
  );
}
