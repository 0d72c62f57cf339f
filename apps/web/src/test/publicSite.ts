import {
  announcementsApi,
  cmsApi,
  coursesApi,
  footerApi,
  siteConfigApi,
  webClientId,
  type ClientConfig,
  type SiteFooter,
} from '@platform/contract';
import { page } from './api';
import { fakeRoute, type FakeRoute } from './fakeRoutes';

/** Fakes of the public reads that every page of the site, and the app's shell, make. */

/** The application's site configuration as the server answers it. */
export function clientConfig(partial: Partial<ClientConfig> = {}): ClientConfig {
  return {
    clientCode: webClientId,
    name: '实训平台',
    clientTitle: '物联网实训平台',
    clientLogo: null,
    favicon: null,
    logo: null,
    url: '',
    config: { aiChatUrl: null, aiAgentCode: null, userCenterUrl: null },
    ...partial,
  };
}

export const siteFooter: SiteFooter = {
  links: [{ title: '关于我们', url: '/home/index' }],
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

/**
 * The public reads every page of the site makes, answered as a site with nothing published yet:
 * its configuration, no announcement, the footer, no catalogues, articles, notices or courses.
 * Put a test's own fakes before these to answer a route otherwise.
 */
export function publicSiteFakes(): FakeRoute[] {
  return [
    fakeRoute(siteConfigApi.list, [clientConfig()]),
    fakeRoute(announcementsApi.get, null),
    fakeRoute(footerApi.get, siteFooter),
    fakeRoute(cmsApi.frontCatalogs, []),
    fakeRoute(cmsApi.frontCatalogList, []),
    fakeRoute(cmsApi.frontArticlePage, page([])),
    fakeRoute(cmsApi.frontNoticePage, page([])),
    fakeRoute(coursesApi.frontPage, page([])),
  ];
}
