import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FrontCatalog } from '@platform/contract';
import { catalogListQuery, type AttributeKind } from './api';
import { ArticleList, industrialArticleHref, type ArticleHref } from './ArticleList';
import { CatalogLink, SiteState, useSiteLanguage } from './parts';

/**
 * The home page's three sections (platform spec §2), each the portal's own content: the
 * catalogues of one attribute kind with their latest articles, and a way to the whole page.
 */
const homeSections = {
  industrial: {
    attribute: 'industry_case',
    more: '/industrial-internet/index',
    href: industrialArticleHref,
  },
  career: { attribute: 'career_planning', more: '/home/career', href: undefined },
  program: { attribute: 'speciality_construction', more: '/home/profession', href: undefined },
} as const satisfies Record<
  string,
  { attribute: AttributeKind; more: string; href: ArticleHref | undefined }
>;
export type HomeSectionKind = keyof typeof homeSections;
export const homeSectionKinds = Object.keys(homeSections) as HomeSectionKind[];

/** At most this many catalogues a section shows, each with this many articles. */
const catalogsShown = 3;
const articlesShown = 3;

/**
 * The catalogues of an attribute kind and those inside them, in order, that have articles of
 * their own.
 */
export function catalogsWithArticles(
  all: readonly FrontCatalog[],
  attribute: AttributeKind,
): FrontCatalog[] {
  const ids = new Set(all.filter((c) => c.attributeCode === attribute).map((c) => c.id));
  for (let grew = true; grew;) {
    grew = false;
    for (const c of all)
      if (c.parentId && ids.has(c.parentId) && !ids.has(c.id)) grew = Boolean(ids.add(c.id));
  }
  return all.filter((c) => ids.has(c.id) && c.type === 'catalog' && c.isExistContent);
}

function SectionContent({ kind }: { kind: HomeSectionKind }) {
  const { t } = useTranslation();
  const lang = useSiteLanguage();
  const query = useQuery(catalogListQuery(lang));
  const { attribute, href } = homeSections[kind];
  if (query.isPending) return <SiteState kind="loading" />;
  if (query.isError) return <SiteState kind="error" onRetry={() => void query.refetch()} />;
  const shown = catalogsWithArticles(query.data ?? [], attribute).slice(0, catalogsShown);
  if (shown.length === 0) return null;
  return (
    <>
      {shown.map((c) => (
        <div key={c.id} className="home__section-catalogue">
          {shown.length > 1 && (
            <h3>
              <CatalogLink catalog={c} pid={c.parentId} />
            </h3>
          )}
          <ArticleList
            catalogId={c.id}
            paged={false}
            pageSize={articlesShown}
            {...(href ? { href } : {})}
          />
        </div>
      ))}
      <Link className="home__section-more" to={homeSections[kind].more}>
        {t('site.home.more')}
      </Link>
    </>
  );
}

/** One section of the home page: its title, what it is about, and the portal's articles. */
export function HomeSection({ kind }: { kind: HomeSectionKind }) {
  const { t } = useTranslation();
  return (
    <section id={kind} className="home__section" aria-labelledby={`home-${kind}`}>
      <h2 id={`home-${kind}`}>{t(`home.${kind}`)}</h2>
      <p>{t(`home.${kind}Text`)}</p>
      <SectionContent kind={kind} />
    </section>
  );
}
