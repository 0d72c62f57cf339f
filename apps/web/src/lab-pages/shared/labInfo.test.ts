import { describe, expect, it, vi } from 'vitest';
import { labGatewayPaths } from '@platform/contract';
import type { LabPageInfo } from '@platform/contract';
import { fetchLabInfo, labSocketUrl, parseLabPageInfo } from './labInfo';

const info: LabPageInfo = {
  containerId: '1900000000000000001',
  envName: 'Linux 基础',
  runner: 'terminal',
  language: 'en-US',
  readOnly: false,
};

const respond = (status: number, body: unknown) =>
  vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));

describe('fetchLabInfo', () => {
  it('reads the page info from the gateway with the lab cookie', async () => {
    const fetchImpl = respond(200, info);
    await expect(fetchLabInfo(fetchImpl)).resolves.toEqual({ ok: true, info });
    const [path, init] = fetchImpl.mock.calls[0] ?? [];
    expect(path).toBe(labGatewayPaths.info);
    expect(init?.credentials).toBe('same-origin');
  });

  it('maps 403 to forbidden, 404 to gone and the rest to error', async () => {
    await expect(fetchLabInfo(respond(403, { code: 403 }))).resolves.toEqual({
      ok: false,
      reason: 'forbidden',
    });
    await expect(fetchLabInfo(respond(404, {}))).resolves.toEqual({ ok: false, reason: 'gone' });
    await expect(fetchLabInfo(respond(502, {}))).resolves.toEqual({ ok: false, reason: 'error' });
    const offline = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchLabInfo(offline)).resolves.toEqual({ ok: false, reason: 'error' });
  });

  it('refuses a body that is not page info', async () => {
    await expect(fetchLabInfo(respond(200, { envName: 'x' }))).resolves.toEqual({
      ok: false,
      reason: 'error',
    });
    const html = vi.fn<typeof fetch>(async () => new Response('<html>', { status: 200 }));
    await expect(fetchLabInfo(html)).resolves.toEqual({ ok: false, reason: 'error' });
  });
});

describe('parseLabPageInfo', () => {
  it('accepts the bare object and the platform envelope', () => {
    expect(parseLabPageInfo(info)).toEqual(info);
    expect(parseLabPageInfo({ code: 200, message: 'ok', data: info })).toEqual(info);
  });

  it('rejects a wrong runner or a missing flag, and tolerates an unknown language', () => {
    expect(parseLabPageInfo({ ...info, runner: 'vm' })).toBeNull();
    expect(parseLabPageInfo({ ...info, readOnly: 'no' })).toBeNull();
    expect(parseLabPageInfo([info])).toBeNull();
    const parsed = parseLabPageInfo({ ...info, language: 'en' });
    expect(parsed?.language).toBe('en-US');
  });
});

describe('labSocketUrl', () => {
  it('uses ws on http and wss on https, on the same host', () => {
    expect(labSocketUrl({ protocol: 'http:', host: 'c1.labs.localhost:8080' })).toBe(
      'ws://c1.labs.localhost:8080/__lab/ws',
    );
    expect(labSocketUrl({ protocol: 'https:', host: 'c1.labs.example.edu' })).toBe(
      'wss://c1.labs.example.edu/__lab/ws',
    );
  });
});
