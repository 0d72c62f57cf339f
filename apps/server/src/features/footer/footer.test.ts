import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  footerApi,
  type FooterQrUploaded,
  type FooterSave,
  type FooterSettings,
  type RoleCode,
  type SiteFooter,
} from '@platform/contract';
import { callerOn, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { jpeg, multipartFile, png } from '../../test/sample-files';

let h: Harness;
let operator: Awaited<ReturnType<typeof signedIn>>;
const call = callerOn(() => h.app);
const anonymous = { headers: {} };

beforeAll(async () => {
  h = await createHarness();
  operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
});
afterAll(() => h.close());

const body = (fields: Partial<FooterSave> = {}): FooterSave => ({
  links: [
    { title: { zh: '关于我们', en: 'About us' }, url: 'https://example.com/about' },
    { title: { zh: 'API' }, url: '/api/docs' },
  ],
  qqGroup: '10000',
  hotline: '400-123-4567',
  fax: '010-1234567',
  address: { zh: '北京市海淀区', en: 'Haidian, Beijing' },
  companyName: { zh: '某某科技股份有限公司', en: 'Some Technology Co., Ltd.' },
  deviceModel: 'X-1',
  stockCode: '',
  qrCodes: [
    { fileId: null, caption: { zh: '公众号', en: 'Official account' } },
    { fileId: null, caption: { zh: '服务号', en: 'Service account' } },
  ],
  ...fields,
});
const save = (payload: unknown, who: { headers: Record<string, string> } = operator) =>
  call<FooterSettings>(who, 'POST', footerApi.save.path, payload);

async function upload(name: string, data: Buffer, who = operator) {
  const { payload, headers } = multipartFile(name, data);
  const res = await h.app.inject({
    method: 'POST',
    url: footerApi.qrUpload.path,
    payload,
    headers: { ...headers, ...who.headers, 'accept-language': 'en' },
  });
  return {
    status: res.statusCode,
    ...res.json<{ code: number; errorKey?: string; data: FooterQrUploaded }>(),
  };
}

describe('site footer', () => {
  it('answers a complete default footer publicly on a fresh start, in the caller’s language', async () => {
    const zh = await call<SiteFooter>(anonymous, 'GET', footerApi.get.path, undefined, 'zh-CN');
    expect(zh.code).toBe(200);
    expect(zh.data.stockCode).toBe('000997');
    expect(zh.data.links.map((l) => l.title)).toEqual([
      '关于我们',
      '加入我们',
      '开发者文档',
      '协议文档',
      'API',
    ]);
    expect(zh.data.hotline).not.toBe('');
    expect(zh.data.companyName).not.toBe('');
    expect(zh.data.deviceModel).not.toBe('');
    expect(zh.data.qrCodes).toHaveLength(2);
    expect(zh.data.qrCodes[0]!.imageUrl).toBe('/footer/qr-official.svg');
    const en = await call<SiteFooter>(anonymous, 'GET', footerApi.get.path, undefined, 'en');
    expect(en.data.links[0]!.title).toBe('About us');
  });

  it.each<RoleCode>(['teacher', 'student', 'school-manager', 'case-developer'])(
    'refuses a %s',
    async (role) => {
      const who = await signedIn(h.app, h.ctx, { roles: [role] });
      expect((await save(body(), who)).status).toBe(403);
      expect((await call(who, 'GET', footerApi.detail.path)).status).toBe(403);
      expect((await upload('qr.png', png(), who)).status).toBe(403);
    },
  );

  it('saves, falls back to the other language and to the default stock code', async () => {
    const res = await save(body());
    expect(res.code).toBe(200);
    expect(res.data.stockCode).toBe('000997');
    const en = await call<SiteFooter>(anonymous, 'GET', footerApi.get.path, undefined, 'en');
    expect(en.data.links).toEqual([
      { title: 'About us', url: 'https://example.com/about' },
      { title: 'API', url: '/api/docs' },
    ]);
    expect(en.data.companyName).toBe('Some Technology Co., Ltd.');
    const detail = await call<FooterSettings>(operator, 'GET', footerApi.detail.path);
    expect(detail.data.links[1]!.title).toEqual({ zh: 'API' });
  });

  it('accepts only http(s) addresses and paths of the site as links', async () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      'ftp://example.com',
      'https://',
      ' /home',
      '/home page',
      'java\tscript:alert(1)',
    ]) {
      const res = await save(body({ links: [{ title: { zh: '链接' }, url }] }));
      expect(res.code, url).toBe(9000);
      expect(res.fields?.['links.0.url'], url).toBeDefined();
    }
    const ok = await save(
      body({ links: [{ title: { zh: '链接' }, url: 'http://a.example/x?y#z' }] }),
    );
    expect(ok.code).toBe(200);
  });

  it('refuses a bad stock code, a missing company name and a third QR code', async () => {
    expect((await save(body({ stockCode: '99' }))).fields?.stockCode).toBe('invalid_format');
    expect((await save(body({ companyName: { zh: '' } }))).fields?.companyName).toBe('required');
    const three = body();
    three.qrCodes = [...three.qrCodes, three.qrCodes[0]!];
    expect((await save(three)).fields?.qrCodes).toBe('invalid_value');
  });

  it('takes QR codes as JPG or PNG by content up to 2 MB, serves them publicly, and uses them', async () => {
    const up = await upload('qr.jpg', jpeg());
    expect(up.code).toBe(200);
    expect(up.data.contentType).toBe('image/jpeg');
    const read = await h.app.inject({ method: 'GET', url: up.data.url });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(jpeg())).toBe(true);

    const text = await upload('fake.png', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(text.errorKey).toBe('settings.qr_type');
    const large = await upload('big.png', Buffer.concat([png(), Buffer.alloc(2 * 1024 * 1024)]));
    expect(large.status).toBe(413);
    expect(large.errorKey).toBe('settings.qr_too_large');

    const withQr = body();
    withQr.qrCodes[1] = { ...withQr.qrCodes[1]!, fileId: up.data.fileId };
    expect((await save(withQr)).code).toBe(200);
    const site = await call<SiteFooter>(anonymous, 'GET', footerApi.get.path);
    expect(site.data.qrCodes[1]!.imageUrl).toBe(up.data.url);

    const unknown = body();
    unknown.qrCodes[0] = { ...unknown.qrCodes[0]!, fileId: 'AAAAAAAAAAAAAAAAAAAAAA' };
    const refused = await save(unknown);
    expect(refused.errorKey).toBe('settings.qr_not_found');
    expect(refused.fields?.['qrCodes.0.fileId']).toBe('invalid_value');
  });
});
