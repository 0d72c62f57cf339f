import type { ReactNode } from 'react';
import { beforeAll } from 'vitest';
import { configure, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { AntdProvider } from '../shared/ui/AntdProvider';
import { stubAntdBrowserApis } from './helpers';

/** Rendering screens under test: the app's providers, a router, and a faster jsdom for antd. */

/** What antd needs of a browser that jsdom lacks (see `stubAntdBrowserApis`), made fast. */
export function polyfillBrowser(): void {
  beforeAll(() => {
    // antd forms and tables render slowly in jsdom.
    configure({ asyncUtilTimeout: 5_000 });
    // jsdom matches every injected antd style rule on each getComputedStyle call, which makes a
    // form with a few selects take seconds per click. Under test an element's computed style is
    // its inline style: visibility from stylesheets (hidden tab panes) is not seen.
    const computed = window.getComputedStyle.bind(window);
    window.getComputedStyle = (elt: Element) =>
      elt instanceof HTMLElement || elt instanceof SVGElement ? elt.style : computed(elt);
    stubAntdBrowserApis();
  });
}

export interface ProviderOptions {
  /** How long fetched data stays fresh (default 0, as in the app). */
  staleTime?: number;
}

/** A fresh query client that does not retry, inside antd's provider. */
export function renderWithProviders(ui: ReactNode, options: ProviderOptions = {}) {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: options.staleTime ?? 0 },
      mutations: { retry: false },
    },
  });
  return render(
    <QueryClientProvider client={client}>
      <AntdProvider>{ui}</AntdProvider>
    </QueryClientProvider>,
  );
}

/**
 * The router's address, shown for tests of navigation (`getByTestId('location')`), with how it
 * was reached (`data-action`: POP, PUSH or REPLACE).
 */
function LocationProbe() {
  const location = useLocation();
  const action = useNavigationType();
  return (
    <output data-testid="location" data-action={action}>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

export interface ViewOptions extends ProviderOptions {
  /** The route the view is mounted on; by default every path under the school prefix. */
  route?: string;
}

/** Renders a view of the signed-in area at `url`, with the providers and a router. */
export function renderView(ui: ReactNode, url = '/sch_edu/workbench', options: ViewOptions = {}) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={options.route ?? '/:schUrl/*'} element={ui} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
    options,
  );
}
