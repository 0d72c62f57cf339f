import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Routes } from 'react-router';
import type { FrontArticleSummary, FrontCatalog } from '@platform/contract';
import { siteRoutes } from './routes';

/** The public site under test: its routes at `url` (its reads faked with `publicSiteFakes`). */

export function catalog(
  partial: Partial<FrontCatalog> & { id: string; name: string },
): FrontCatalog {
  return {
    type: 'catalog',
    link: '',
    attributeCode: null,
    imageUrl: null,
    sortNumber: 1,
    parentId: null,
    description: '',
    templateContent: null,
    isExistContent: true,
    subCatalogs: [],
    ...partial,
  };
}

export function articleSummary(partial: Partial<FrontArticleSummary> = {}): FrontArticleSummary {
  return {
    id: '501',
    title: '平台上线',
    catalogId: '1',
    catalogName: '公司新闻',
    summary: '摘要',
    author: '运营中心',
    coverUrl: null,
    readings: 12,
    publishedAt: '2026-03-01T08:30:00.000Z',
    updatedAt: '2026-03-01T08:30:00.000Z',
    ...partial,
  };
}

export function renderSite(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>{siteRoutes()}</Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
