import type { ReactNode } from 'react';
import { beforeAll, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Environment, Script } from '@platform/contract';
import { envelope, jsonResponse, stubAntdBrowserApis } from '../../test/helpers';
import { AntdProvider } from '../../shared/ui/AntdProvider';

/** Test helpers of the environment admin views: providers, a fake API and sample rows. */

/** What antd needs of a browser that jsdom lacks: media queries and ResizeObserver. */
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

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderView(ui: ReactNode, url = '/sch_edu/environment-admin/configs') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <AntdProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/:schUrl/*" element={ui} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </AntdProvider>
    </QueryClientProvider>,
  );
}

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * Stubs fetch: every call is recorded and answered by `handler` (data in a success envelope, or
 * a Response as it is).
 */
export function mockApi(handler: (call: ApiCall) => unknown) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const parsed = new URL(url, 'http://localhost');
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        path: parsed.pathname,
        query: parsed.searchParams,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const answer = handler(call);
      return answer instanceof Response ? answer : jsonResponse(envelope(answer ?? null));
    }),
  );
  return calls;
}

export function page<T>(records: T[], total = records.length, pageNum = 1, pageSize = 10) {
  return { records, total, pageNum, pageSize };
}

export function sampleEnv(partial: Partial<Environment> = {}): Environment {
  return {
    id: '101',
    code: 'term-basic',
    name: 'Linux 终端',
    type: 2,
    state: 1,
    hidden: 0,
    openWith: 1,
    accessMode: 1,
    experimentKind: '2',
    resourceKind: 'TERMINAL',
    image: '',
    labels: ['linux'],
    description: '',
    manual: '',
    cpuCore: 1,
    memorySize: 2,
    diskSize: 10,
    maxCpuCore: null,
    maxMemorySize: null,
    maxDiskSize: null,
    maxGpuCount: 0,
    restartLimit: 0,
    idleTimeout: 1800,
    devices: [],
    parts: [],
    initialFiles: [],
    runnable: true,
    createdBy: '1',
    createdAt: '2026-01-02T03:04:05.000Z',
    updatedAt: '2026-01-02T03:04:05.000Z',
    ...partial,
  };
}

export function sampleScript(partial: Partial<Script> = {}): Script {
  return {
    id: '501',
    envId: '101',
    envName: 'Linux 终端',
    name: '文件操作入门',
    label: 'linux',
    instructions: '列出主目录中的文件',
    createdAt: '2026-01-02T03:04:05.000Z',
    ...partial,
  };
}

/** Picks an option of an antd Select, given its input (`getByLabelText` is much faster than roles). */
export async function chooseOption(box: HTMLElement, option: string) {
  fireEvent.mouseDown(box);
  // Every select has the same id under test, so the open dropdown is found by being shown.
  const item = await waitFor(() => {
    const items = document.querySelectorAll<HTMLElement>(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
    );
    const found = Array.from(items).filter((el) => el.getAttribute('title') === option);
    if (found.length !== 1) throw new Error(`option ${option}: ${found.length} shown`);
    return found[0]!;
  });
  fireEvent.click(item);
}

/**
 * Clicks the button showing `text` (role queries are slow on antd's large DOM). With `within`,
 * only buttons inside it count.
 */
export function clickButton(text: string, within: HTMLElement = document.body) {
  const buttons = Array.from(within.querySelectorAll('button')).filter(
    (b) => b.textContent?.trim() === text,
  );
  if (buttons.length !== 1) throw new Error(`button ${text}: ${buttons.length} found`);
  fireEvent.click(buttons[0]!);
}

/** The table row that holds `text`. */
export function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr') as HTMLElement;
}
