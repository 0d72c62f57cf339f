import { lazy } from 'react';
import { Navigate, Route } from 'react-router';

/*
 * The public site's routes (platform spec §2). The layout's chunk carries the home page and what
 * the pages share, so a visitor's first page is one request after the entry, not a dozen; every
 * other page is a chunk of its own.
 */
const loadLayout = () => import('./SiteLayout');
const SiteLayout = lazy(() => loadLayout().then((m) => ({ default: m.SiteLayout })));
const HomeIndexPage = lazy(() => loadLayout().then((m) => ({ default: m.HomeIndexPage })));
const ArticlePage = lazy(() => import('./ArticlePage').then((m) => ({ default: m.ArticlePage })));
const NoticeListPage = lazy(() =>
  import('./NoticePages').then((m) => ({ default: m.NoticeListPage })),
);
const NoticePage = lazy(() => import('./NoticePages').then((m) => ({ default: m.NoticePage })));
const SectionPage = lazy(() => import('./SectionPage').then((m) => ({ default: m.SectionPage })));
const CoursePage = lazy(() => import('./CoursePage').then((m) => ({ default: m.CoursePage })));
const AiToolsPage = lazy(() => import('./AiToolsPage').then((m) => ({ default: m.AiToolsPage })));
const IndustrialIndexPage = lazy(() =>
  import('./IndustrialPages').then((m) => ({ default: m.IndustrialIndexPage })),
);
const IndustrialPostPage = lazy(() =>
  import('./IndustrialPages').then((m) => ({ default: m.IndustrialPostPage })),
);

const sections = ['device', 'competence', 'career', 'profession', 'partner'] as const;

/** `/home/*` and `/industrial-internet/*`, inside the site's layout; other addresses are not found. */
export function siteRoutes() {
  return (
    <Route element={<SiteLayout />}>
      <Route path="home" element={<Navigate to="/home/index" replace />} />
      <Route path="home/index" element={<HomeIndexPage />} />
      <Route path="home/article" element={<ArticlePage />} />
      <Route path="home/:sub/article" element={<ArticlePage />} />
      <Route path="home/noticelist" element={<NoticeListPage />} />
      <Route path="home/notice" element={<NoticePage />} />
      {sections.map((kind) => (
        <Route key={kind} path={`home/${kind}`} element={<SectionPage kind={kind} />} />
      ))}
      <Route path="home/course" element={<CoursePage />} />
      <Route path="home/AITools" element={<AiToolsPage />} />
      <Route path="home/*" element={<Navigate to="/404" replace />} />
      <Route
        path="industrial-internet"
        element={<Navigate to="/industrial-internet/index" replace />}
      />
      <Route path="industrial-internet/index" element={<IndustrialIndexPage />} />
      <Route path="industrial-internet/detail" element={<ArticlePage />} />
      <Route path="industrial-internet/post" element={<IndustrialPostPage />} />
      <Route path="industrial-internet/*" element={<Navigate to="/404" replace />} />
    </Route>
  );
}
