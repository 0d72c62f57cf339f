import { expect, test } from '@playwright/test';
import { firstLoadScripts } from '../firstLoad';
import { skipAnnouncement } from '../support';

/**
 * The first-load budgets of DESIGN §8, as a browser receives the built app's scripts: a change
 * that pulls zod, antd or the signed-in area into these pages fails here, not only in `bench/`.
 */
for (const path of ['/login', '/home/index']) {
  test(`${path} loads at most 150 KB of JavaScript over the wire, compressed`, async ({
    page,
    request,
  }) => {
    await skipAnnouncement(page, request);
    const scripts = await firstLoadScripts(page, path);
    const kb = scripts.reduce((sum, s) => sum + s.wire, 0) / 1024;
    expect(scripts.length).toBeGreaterThan(2);
    expect(scripts.filter((s) => s.raw > 1024 && s.encoding !== 'br').map((s) => s.url)).toEqual(
      [],
    );
    expect(kb, scripts.map((s) => `${s.url} ${s.wire}`).join('\n')).toBeLessThanOrEqual(150);
  });
}
