import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FrontCatalog } from '@platform/contract';
import { catalogListQuery, type AttributeKind } from './api';
import { ArticleList } from './ArticleList';
import { CatalogLink, SiteHeading, SiteState, useSiteLanguage } from './parts';
import { SiteImage } from './SiteImage';

/**
 * The home site's section pages and the catalogues each shows (decision 0028): those of its
 * attribute kind, and those whose content template is the page itself.
 */
export const sectionPages = {
  device: { path: '/home/device', attribute: 'experiment_component' },
  competence: { path: '/home/competence', attribute: 'subject_level' },
  career: { path: '/home/career', attribute: 'career_planning' },
  profession: { path: '/home/profession', attribute: 'speciality_construction' },
  partner: { path: '/home/partner', attribute: null },
} as const satisfies Record<string, { path: string; attribute: AttributeKind | null }>;
export type SectionKind = keyof typeof sectionPages;

/** The catalogues a section shows, outermost first: none nested inside another shown one. */
export function sectionCatalogs(all: readonly FrontCatalog[], kind: SectionKind): FrontCatalog[] {
  const { path, attribute } = sectionPages[kind];
  const matches = (c: FrontCatalog) =>
    (attribute !== null && c.attributeCode === attribute) || c.templateContent?.path === path;
  const byId = new Map(all.map((c) => [c.id, c]));
  const insideMatch = (c: FrontCatalog) => {
    const seen = new Set<string>();
    for (let p = c.parentId; p && !seen.has(p); p = byId.get(p)?.parentId ?? null) {
      seen.add(p);
      const parent = byId.get(p);
      if (parent && matches(parent)) return true;
    }
    return false;
  };
  return all.filter((c) => matches(c) && !insideMatch(c));
}

function SectionCatalog({ catalog, all }: { catalog: FrontCatalog; all: readonly FrontCatalog[] }) {
  const { t } = useTranslation();
  const children = all.filter((c) => c.parentId === catalog.id);
  return (
    <section className="site-block" aria-labelledby={`site-block-${catalog.id}`}>
      <div className="site-block__head">
        <SiteImage
          src={catalog.imageUrl}
          name={catalog.name}
          ratio={[4, 3]}
          width={160}
          className="site-block__image"
        />
        <div>
          <h2 id={`site-block-${catalog.id}`}>
            <CatalogLink catalog={catalog} pid={catalog.parentId} />
          </h2>
          {catalog.description && <p>{catalog.description}</p>}
        </div>
      </div>
      {children.length > 0 && (
        <nav className="site-chips" aria-label={t('site.article.subCatalogues')}>
          {children.map((c) => (
            <CatalogLink key={c.id} catalog={c} pid={catalog.id} className="site-chip" />
          ))}
        </nav>
      )}
      <ArticleList catalogId={catalog.id} paged={false} pageSize={6} />
    </section>
  );
}

/** /home/device, competence, career, profession and partner. */
export function SectionPage({ kind }: { kind: SectionKind }) {
  const { t } = useTranslation();
  const lang = useSiteLanguage();
  const query = useQuery(catalogListQuery(lang));
  let body;
  if (query.isPending) body = <SiteState kind="loading" />;
  else if (query.isError) body = <SiteState kind="error" onRetry={() => void query.refetch()} />;
  else {
    const shown = sectionCatalogs(query.data, kind);
    body =
      shown.length === 0 ? (
        <SiteState kind="empty" />
      ) : (
        shown.map((c) => <SectionCatalog key={c.id} catalog={c} all={query.data} />)
      );
  }
  return (
    <div className="site-page">
      <SiteHeading title={t(`site.titles.${kind}`)} />
      {body}
    </div>
  );
}
