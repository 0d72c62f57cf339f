import type { ReactNode } from 'react';
import { beforeAll, vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { CenterDetail, Container } from '@platform/contract';
import { AntdProvider } from '../../shared/ui/AntdProvider';
import { envelope, jsonResponse, stubAntdBrowserApis } from '../../test/helpers';

/**
 * antd asks for media queries, observes sizes and measures pseudo-elements; jsdom has none of
 * these.
 */
export function polyfillForAntd(): void {
  beforeAll(() => {
    const computed = window.getComputedStyle.bind(window);
    window.getComputedStyle = (elt: Element) => computed(elt);
    stubAntdBrowserApis();
  });
}

export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A value to send as data, a Response, or a function of the sent request. */
type Answer = unknown;

/**
 * A fetch mock answering by "METHOD path" with an envelope of the given data (or a Response, or
 * a function of the request). Unknown requests get code 9999.
 */
export function serve(routes: Record<string, Answer>) {
  const sent: SentRequest[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const [path = '', qs = ''] = url.split('?');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { method, path, query: new URLSearchParams(qs), body };
    sent.push(request);
    const key = `${method} ${path}`;
    if (!(key in routes)) return jsonResponse(envelope(null, 9999, { message: `no ${key}` }));
    const answer = routes[key];
    const value =
      typeof answer === 'function' ? (answer as (s: SentRequest) => unknown)(request) : answer;
    const settled = await value;
    return settled instanceof Response ? settled : jsonResponse(envelope(settled));
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    sent,
    calls: (key: string) => sent.filter((s) => `${s.method} ${s.path}` === key),
  };
}

/** The router's address, for tests of navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders a screen at `url` inside the signed-in area's route, with a fresh query client. */
export function renderScreen(ui: ReactNode, url: string, routePath = ':schUrl/environment/:page') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000 }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <AntdProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={routePath} element={ui} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </AntdProvider>
    </QueryClientProvider>,
  );
}

export function centerDetail(partial: Partial<CenterDetail> = {}): CenterDetail {
  return {
    id: '1',
    code: 'mqtt-basics',
    name: 'MQTT 入门',
    type: 2,
    experimentKind: '1',
    resourceKind: 'SIMULATION',
    labels: ['物联网'],
    description: '发布与订阅',
    openWith: 1,
    runnable: true,
    runtimeState: 0,
    manual: '第一步\n第二步',
    cpuCore: 1,
    memorySize: 2,
    diskSize: 10,
    requestLimits: null,
    restartLimit: 0,
    idleTimeout: 1800,
    parts: [],
    scripts: [],
    containerIds: [],
    unrunnableReason: null,
    ...partial,
  };
}

export function container(partial: Partial<Container> = {}): Container {
  return {
    id: '501',
    envId: '1',
    name: 'simulation',
    state: 'Running',
    serviceType: 'SIMULATION',
    expScriptId: null,
    url: 'http://501.labs.localhost',
    subUrl: '',
    openWith: 1,
    cpuCore: 1,
    memorySize: 2,
    diskSize: 10,
    gpuCount: 0,
    enforced: { cpu: true, memory: true, disk: false, uid: true, network: true, syscalls: true },
    notes: ['磁盘配额未强制：本主机不支持'],
    message: null,
    startedAt: '2026-01-01T00:00:00.000Z',
    idleTimeout: 1800,
    ...partial,
  };
}
