import { defaultStockCode, type FooterStored } from '@platform/contract';

/** The footer a fresh start shows, until an operator edits it. */
export const defaultFooter: FooterStored = {
  links: [
    { title: { zh: '关于我们', en: 'About us' }, url: '/home/index' },
    { title: { zh: '加入我们', en: 'Join us' }, url: '/home/index' },
    { title: { zh: '开发者文档', en: 'Developer documents' }, url: '/api/docs' },
    { title: { zh: '协议文档', en: 'Agreements' }, url: '/home/noticelist' },
    { title: { zh: 'API', en: 'API' }, url: '/api/docs' },
  ],
  qqGroup: '123456789',
  hotline: '400-000-0997',
  fax: '0755-0000-0997',
  address: { zh: '广东省深圳市南山区科技园', en: 'Science Park, Nanshan, Shenzhen, Guangdong' },
  companyName: { zh: '实训教学平台有限公司', en: 'Hands-on Lab Platform Co., Ltd.' },
  deviceModel: 'HL-IoT-1000',
  stockCode: defaultStockCode,
  qrCodes: [
    { fileId: null, caption: { zh: '官方公众号', en: 'Official account' } },
    { fileId: null, caption: { zh: '平台服务号', en: 'Platform messaging account' } },
  ],
};
