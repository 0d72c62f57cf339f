import { describe, expect, it } from 'vitest';
import { teachingApi } from '@platform/contract';
import { call } from '../shared/call';
import { request } from '../shared/request';
import { takeDrift } from './drift';
import { fakeApi, fakeRoute, paramsOf } from './fakeRoutes';
import { setupTestEnvironment } from './helpers';
import { sampleDashboard } from '../features/teaching/manage/testing';

setupTestEnvironment();

describe('route fakes', () => {
  it('match a route by method and path, with its parameters', () => {
    const detail = teachingApi.taskDetail;
    expect(
      paramsOf(detail, { method: 'GET', path: '/api-teaching/teaching/task/detail/501' }),
    ).toEqual({ id: '501' });
    expect(
      paramsOf(detail, { method: 'POST', path: '/api-teaching/teaching/task/detail/501' }),
    ).toBeNull();
    expect(
      paramsOf(detail, { method: 'GET', path: '/api-teaching/teaching/task/detail/5/x' }),
    ).toBeNull();
  });

  it('answer their route, record the call and refuse what nothing fakes', async () => {
    const api = fakeApi(fakeRoute(teachingApi.dashboard, sampleDashboard()));
    const data = await call(teachingApi.dashboard, { query: { period: 'week' } });
    expect(data).toEqual(sampleDashboard());
    expect(api.queries(teachingApi.dashboard)).toEqual([{ period: 'week' }]);
    await expect(request('/api-teaching/teaching/nothing', { quiet: true })).rejects.toThrow();
    expect(api.sent.at(-1)?.route).toBeNull();
    // A route no fake answers is still counted, so "it was not called" can fail.
    expect(api.calls(teachingApi.taskPage)).toEqual([]);
    const quiet = { quiet: true };
    await call(teachingApi.taskPage, { query: { pageNum: 1, pageSize: 10 } }, quiet).catch(
      () => null,
    );
    expect(api.calls(teachingApi.taskPage)).toHaveLength(1);
  });

  it('refuse an answer the route never sends, and the test fails with it', async () => {
    fakeApi(fakeRoute(teachingApi.dashboard, { ...sampleDashboard(), taskCount: 'many' } as never));
    await expect(
      call(teachingApi.dashboard, { query: { period: 'week' } }, { quiet: true }),
    ).rejects.toThrow();
    const drift = takeDrift();
    expect(drift).toHaveLength(1);
    expect(drift[0]).toContain('GET /api-teaching/teaching/dashboard');
  });
});
