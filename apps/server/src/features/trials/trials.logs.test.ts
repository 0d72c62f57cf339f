import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trialsApi, type Page, type TrialApplication } from '@platform/contract';
import { maskPhones, redactUrl } from '../../app';
import { callAs, newPhone, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { apply, freshCode, newAddress, sendCode, trialForm } from '../../test/trial-fixture';

/** What the request log keeps of a trial's phone: never the whole number. */
let h: Harness;
const lines: string[] = [];
beforeAll(async () => {
  h = await createHarness({
    logger: true,
    logStream: { write: (line) => void lines.push(line) },
    config: { logLevel: 'info' },
  });
});
afterAll(() => h.close());

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

describe('the request log of trial applications', () => {
  it('masks the phone of the code, the application, the operators’ search and message', async () => {
    const phone = newPhone();
    const from = lines.length;
    const code = await freshCode(h.app, h.ctx, phone);
    expect((await sendCode(h.app, phone, { ip: newAddress() })).status).toBe(429);
    expect((await apply(h.app, trialForm(phone, code))).code).toBe(200);
    const operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
    const list = await callAs<Page<TrialApplication>>(
      h.app,
      operator,
      'GET',
      `${trialsApi.list.path}?keyword=${phone}`,
    );
    const id = list.data.records[0]!.id;
    const sent = await callAs(h.app, operator, 'POST', `${trialsApi.sendMessage.path}?id=${id}`);
    expect(sent.code).toBe(200);

    const logged = lines.slice(from);
    expect(logged.filter((l) => l.includes(trialsApi.sendCode.path))).toHaveLength(2);
    // The two codes and the operators' search name the phone in their URLs.
    expect(logged.filter((l) => l.includes(masked(phone)))).toHaveLength(3);
    expect(logged.filter((l) => l.includes(phone))).toEqual([]);
  });

  it('masks mobile numbers anywhere in a URL, also after +86, and leaves other numbers', () => {
    expect(maskPhones('/a?phone=13812345678')).toBe('/a?phone=138****5678');
    expect(maskPhones('/a?phone=%2B8613812345678&x=1')).toBe('/a?phone=%2B86138****5678&x=1');
    expect(maskPhones('/a/19912345678/b')).toBe('/a/199****5678/b');
    expect(maskPhones('/a?id=1381234567890&n=12345678901')).toBe(
      '/a?id=1381234567890&n=12345678901',
    );
    expect(redactUrl('/a?token=t&keyword=15000001111')).toBe('/a?token=***&keyword=150****1111');
  });
});
