import { lazy } from 'react';

/** The menu views of portal management by view name; each page loads on first use. */
export const cmsViews = {
  CmsCatalogs: lazy(() => import('./CmsCatalogs').then((m) => ({ default: m.CmsCatalogs }))),
  CmsArticles: lazy(() => import('./CmsArticles').then((m) => ({ default: m.CmsArticles }))),
  CmsNotices: lazy(() => import('./CmsNotices').then((m) => ({ default: m.CmsNotices }))),
  CmsTemplates: lazy(() => import('./CmsTemplates').then((m) => ({ default: m.CmsTemplates }))),
  CmsAttributes: lazy(() => import('./CmsAttributes').then((m) => ({ default: m.CmsAttributes }))),
};
