import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  footerApi,
  type FooterSave,
  type FooterSettings as Settings,
  type SiteFooter,
} from '@platform/contract';
import { setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView, renderWithProviders } from '../../test/render';
import { fakeApi, fakeRoute, fakeScreenApi } from '../../test/fakeRoutes';
import { clickButton, errorOf } from '../../test/antd';
import { FooterSettings } from './FooterSettings';
import { PublicFooter } from './PublicFooter';
import { SignedInFooterView } from './SignedInFooter';

setupTestEnvironment();
polyfillBrowser();

const site: SiteFooter = {
  links: [
    { title: '关于我们', url: '/home/index' },
    { title: 'API', url: 'https://example.com/api' },
  ],
  qqGroup: '10000',
  hotline: '400-000-0997',
  fax: '0755-1234',
  address: '深圳市南山区',
  companyName: '示例科技股份有限公司',
  deviceModel: 'HL-1000',
  stockCode: '000997',
  qrCodes: [
    { imageUrl: '/footer/qr-official.svg', caption: '官方公众号' },
    { imageUrl: '/footer/qr-messaging.svg', caption: '平台服务号' },
  ],
};

describe('public footer', () => {
  it('shows company, hotline, stock code, device model, links and both QR codes', async () => {
    fakeApi(fakeRoute(footerApi.get, site));
    renderWithProviders(<PublicFooter />);
    await screen.findByText('HL-1000');
    const footer = screen.getByRole('contentinfo', { name: '页脚' });
    expect(within(footer).getByText('示例科技股份有限公司', { selector: 'p' })).toBeTruthy();
    expect(within(footer).getByText('股票代码 000997')).toBeTruthy();
    expect(within(footer).getByText('HL-1000')).toBeTruthy();
    expect(within(footer).getByRole('link', { name: '400-000-0997' })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'API' }).getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
    expect(within(footer).getByRole('img', { name: '官方公众号二维码' })).toBeTruthy();
    expect(within(footer).getByRole('img', { name: '平台服务号二维码' })).toBeTruthy();
  });

  it('has a compact signed-in form with the contact lines', () => {
    renderWithProviders(<SignedInFooterView footer={site} />);
    expect(screen.getByText('QQ 群：10000')).toBeTruthy();
    expect(screen.getByText('传真：0755-1234')).toBeTruthy();
    expect(screen.getByText('股票代码 000997')).toBeTruthy();
  });
});

const settings: Settings = {
  links: [{ title: { zh: '关于我们', en: 'About us' }, url: '/home/index' }],
  qqGroup: '10000',
  hotline: '400-000-0997',
  fax: '',
  address: null,
  companyName: { zh: '示例科技' },
  deviceModel: 'HL-1000',
  stockCode: '000997',
  qrCodes: [
    { fileId: null, caption: { zh: '公众号' }, imageUrl: '/footer/qr-official.svg' },
    { fileId: null, caption: { zh: '服务号' }, imageUrl: '/footer/qr-messaging.svg' },
  ],
};

describe('footer settings', { timeout: 30_000 }, () => {
  it('refuses a javascript: link, then saves an http(s) one', async () => {
    const api = fakeScreenApi(
      ['footer.edit'],
      fakeRoute(footerApi.detail, settings),
      // The server answers the setting as saved, each QR code with the address of its image.
      fakeRoute(footerApi.save, (call) => {
        const body = call.body as FooterSave;
        return { ...settings, links: body.links };
      }),
    );
    renderView(<FooterSettings />, '/sch_edu/portal/footer');
    const url = (await screen.findAllByLabelText(/^\*?地址$/))[0] as HTMLInputElement;
    fireEvent.change(url, { target: { value: 'javascript:alert(1)' } });
    clickButton('保存');
    await waitFor(() => expect(errorOf('地址')).toBe('请输入 http(s) 地址或以 / 开头的本站路径'));
    expect(api.sent.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.change(url, { target: { value: 'https://example.com/about' } });
    clickButton('保存');
    await waitFor(() => expect(toastTexts()).toContain('页脚已保存'));
    const body = api.bodies(footerApi.save)[0] as { links: unknown; stockCode: string };
    expect(body.links).toEqual([
      { title: { zh: '关于我们', en: 'About us' }, url: 'https://example.com/about' },
    ]);
    expect(body.stockCode).toBe('000997');
  });
});
