import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { cmsApi, coursesApi, pathOf } from '@platform/contract';
import { refusal, setupTestEnvironment } from '../../test/helpers';
import { fakeApi, fakeRoute, type FakeRoute } from '../../test/fakeRoutes';
import { changeLanguage } from '../../shared/i18n';
import { SiteImage } from './SiteImage';
import { publicSiteFakes } from '../../test/publicSite';
import { articleSummary, catalog, renderSite } from './testing';

setupTestEnvironment();

const page = <T,>(records: T[], total = records.length) => ({
  records,
  total,
  pageNum: 1,
  pageSize: 10,
});

/** The site's reads: these fakes, the others as a site with nothing published. */
const serveSite = (...fakes: FakeRoute[]) => fakeApi(...fakes, ...publicSiteFakes());
const fileUrl = (fileId: string) => pathOf(cmsApi.image.path, { fileId });

const entries = (n: number, parentId: string) =>
  Array.from({ length: n }, (_, i) =>
    catalog({ id: `${parentId}-${i + 1}`, name: `条目${i + 1}`, parentId }),
  );

const navigation = [
  catalog({
    id: '1',
    name: '产品中心',
    attributeCode: 'navigate',
    subCatalogs: [
      catalog({
        id: '11',
        name: '实训设备',
        parentId: '1',
        subCatalogs: [
          catalog({ id: '111', name: '物联网实训箱', parentId: '11' }),
          catalog({ id: '112', name: '筹备中的设备', parentId: '11', isExistContent: false }),
        ],
      }),
      catalog({ id: '12', name: '全部方案', parentId: '1', subCatalogs: entries(12, '12') }),
    ],
  }),
  catalog({ id: '2', name: '合作伙伴', type: 'link', link: '/home/partner' }),
];

describe('the catalogue navigation', () => {
  it('opens a dropdown on hover with linked entries, unlinked ones without content, and More', async () => {
    serveSite(fakeRoute(cmsApi.frontCatalogs, navigation));
    renderSite('/home/noticelist');
    const nav = await screen.findByRole('navigation', { name: '栏目导航' });
    const top = await within(nav).findByRole('button', { name: '产品中心' });
    expect(top.getAttribute('aria-expanded')).toBe('false');
    fireEvent.mouseEnter(top.closest('li')!);
    expect(top.getAttribute('aria-expanded')).toBe('true');
    const panel = within(nav).getByRole('group', { name: '展开 产品中心' });
    expect(within(panel).getByRole('link', { name: '物联网实训箱' }).getAttribute('href')).toBe(
      '/home/index?id=111&pid=11&gid=1',
    );
    expect(within(panel).queryByRole('link', { name: '筹备中的设备' })).toBeNull();
    expect(within(panel).getByText('筹备中的设备').tagName).toBe('SPAN');
    const columns = panel.querySelectorAll('.site-catnav__group')[1]!.querySelectorAll('ul');
    expect(columns).toHaveLength(2);
    expect(columns[0]!.querySelectorAll('li')).toHaveLength(6);
    expect(columns[1]!.querySelectorAll('li')).toHaveLength(5);
    expect(within(panel).queryByText('条目12')).toBeNull();
    expect(within(panel).getByRole('link', { name: '更多' }).getAttribute('href')).toBe(
      '/home/index?id=12&pid=1&gid=1',
    );
    act(() => top.focus());
    fireEvent.keyDown(top, { key: 'Escape' });
    expect(top.getAttribute('aria-expanded')).toBe('false');
    expect(within(nav).getByRole('link', { name: '合作伙伴' }).getAttribute('href')).toBe(
      '/home/partner',
    );
  });

  it('opens on keyboard focus too, and the header links home away from the home page', async () => {
    serveSite(fakeRoute(cmsApi.frontCatalogs, navigation));
    renderSite('/home/AITools');
    const top = await screen.findByRole('button', { name: '产品中心' });
    fireEvent.focus(top);
    expect(top.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: '首页' }).getAttribute('href')).toBe('/home/index');
  });
});

describe('the fallback image', () => {
  it('shows the name in a placeholder without an address, and when the image fails', () => {
    const view = render(<SiteImage src={null} name="物联网实训箱" />);
    expect(screen.getByRole('img', { name: '物联网实训箱（暂无图片）' }).textContent).toContain(
      '物联网实训箱',
    );
    view.rerender(<SiteImage src={fileUrl('abcdefgh12')} name="物联网实训箱" />);
    const img = screen.getByRole('img', { name: '物联网实训箱' });
    expect(img.tagName).toBe('IMG');
    expect(img.getAttribute('width')).toBe('320');
    expect(img.getAttribute('height')).toBe('180');
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: '物联网实训箱（暂无图片）' }).tagName).toBe('DIV');
  });
});

describe('articles', () => {
  it('lists a catalogue’s published articles from the navigation’s address, paged on the server', async () => {
    const api = serveSite(
      fakeRoute(cmsApi.frontSub, (call) =>
        call.params.id === '111'
          ? catalog({ id: '111', name: '公司新闻' })
          : refusal(404, { message: '栏目不存在' }),
      ),
      fakeRoute(
        cmsApi.frontArticlePage,
        page(
          [
            articleSummary({
              id: '7',
              title: '平台正式上线',
              coverUrl: fileUrl('c0ver00001'),
            }),
          ],
          23,
        ),
      ),
    );
    renderSite('/home/index?id=111&pid=11&gid=1');
    expect(await screen.findByRole('heading', { level: 1, name: '公司新闻' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: /平台正式上线/ });
    expect(link.getAttribute('href')).toBe('/home/article?id=7');
    expect(within(link).getByRole('img', { name: '平台正式上线' })).toBeTruthy();
    expect(screen.getByText('第 1 / 3 页，共 23 条')).toBeTruthy();
    expect(api.queries(cmsApi.frontArticlePage)[0]).toMatchObject({
      catalogId: '111',
      isPublish: '1',
      pageNum: '1',
    });
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await vi.waitFor(() =>
      expect(api.queries(cmsApi.frontArticlePage).some((q) => q.pageNum === '2')).toBe(true),
    );
    expect(screen.getByRole('navigation', { name: '快捷导航' })).toBeTruthy();
  });

  it('shows an article with its author, date, readings and sanitised content', async () => {
    serveSite(
      fakeRoute(cmsApi.frontArticle, (call) =>
        call.params.id === '7'
          ? {
              ...articleSummary({ id: '7', title: '平台正式上线', readings: 42 }),
              content: {
                type: 'doc',
                content: [
                  { type: 'paragraph', content: [{ type: 'text', text: '支持在线实验环境。' }] },
                ],
              },
            }
          : refusal(404, { message: '文章不存在', errorKey: 'cms.article_not_found' }),
      ),
    );
    renderSite('/home/news/article?id=7');
    expect(await screen.findByRole('heading', { level: 1, name: '平台正式上线' })).toBeTruthy();
    expect(screen.getByText('作者：运营中心')).toBeTruthy();
    expect(screen.getByText(/^发布时间：2026-03-01 \d\d:30$/)).toBeTruthy();
    expect(screen.getByText('阅读 42')).toBeTruthy();
    expect(screen.getByText('支持在线实验环境。')).toBeTruthy();
  });

  it('says so when the article is not published', async () => {
    const api = serveSite(
      fakeRoute(cmsApi.frontArticle, () =>
        refusal(404, { message: '文章不存在', errorKey: 'cms.article_not_found' }),
      ),
    );
    renderSite('/home/article?id=8');
    expect(await screen.findByText('内容不存在或已下线。')).toBeTruthy();
    expect(api.calls(cmsApi.frontArticle).map((c) => c.params)).toEqual([{ id: '8' }]);
  });
});

describe('notices', () => {
  it('lists published notices in the notice centre and opens one', async () => {
    serveSite(
      fakeRoute(
        cmsApi.frontNoticePage,
        page([
          {
            id: '31',
            title: '平台维护通知',
            source: '运营中心',
            description: '周六维护',
            publishedAt: '2026-03-02T01:00:00.000Z',
          },
        ]),
      ),
      fakeRoute(cmsApi.frontNotice, (call) => ({
        id: call.params.id!,
        title: '平台维护通知',
        source: '运营中心',
        description: '周六维护',
        publishedAt: '2026-03-02T01:00:00.000Z',
        content: {
          type: 'doc',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: '期间实验环境不可用。' }] },
          ],
        },
      })),
    );
    renderSite('/home/noticelist');
    expect(await screen.findByRole('heading', { level: 1, name: '公告中心' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('link', { name: '平台维护通知' }));
    expect(await screen.findByText('期间实验环境不可用。')).toBeTruthy();
    expect(screen.getByText('来源：运营中心')).toBeTruthy();
  });

  it('says when nothing is published, in English too', async () => {
    serveSite(fakeRoute(cmsApi.frontNoticePage, page([])));
    await changeLanguage('en-US');
    renderSite('/home/noticelist');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notice centre' })).toBeTruthy();
    expect(await screen.findByText('No published notices yet')).toBeTruthy();
  });
});

describe('section pages', () => {
  it('shows the catalogues of the page’s attribute kind and template, with their articles', async () => {
    serveSite(
      fakeRoute(cmsApi.frontCatalogList, [
        catalog({ id: '40', name: '专业建设方案', attributeCode: 'speciality_construction' }),
        catalog({ id: '41', name: '物联网专业', parentId: '40' }),
        catalog({ id: '42', name: '别的栏目', attributeCode: 'navigate' }),
      ]),
      fakeRoute(cmsApi.frontArticlePage, page([articleSummary({ title: '专业建设指南' })])),
    );
    renderSite('/home/profession');
    expect(await screen.findByRole('heading', { level: 1, name: '专业建设' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: '专业建设方案' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '物联网专业' })).toBeTruthy();
    expect(screen.queryByText('别的栏目')).toBeNull();
    expect(await screen.findByRole('link', { name: /专业建设指南/ })).toBeTruthy();
  });

  it('lists the platform’s courses with chapters', async () => {
    serveSite(
      fakeRoute(
        coursesApi.frontPage,
        page([
          {
            id: '9',
            name: 'MQTT 与传感器',
            overview: '入门课程',
            difficulty: 'entry',
            specialty: 'iot',
            coverUrl: null,
            chapterCount: 2,
            stepCount: 6,
            chapters: [
              { id: '91', name: '第1章 认识 MQTT' },
              { id: '92', name: '第2章 传感器' },
            ],
          },
        ]),
      ),
    );
    renderSite('/home/course');
    expect(await screen.findByRole('heading', { level: 2, name: 'MQTT 与传感器' })).toBeTruthy();
    expect(screen.getByText('第1章 认识 MQTT')).toBeTruthy();
    expect(screen.getByText(/2 章 · 6 个步骤/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'MQTT 与传感器（暂无图片）' })).toBeTruthy();
  });
});

describe('home page sections', () => {
  it('show the portal’s career, programme and industry articles, each leading to its page', async () => {
    serveSite(
      fakeRoute(cmsApi.frontCatalogList, [
        catalog({
          id: '50',
          name: '行业案例',
          attributeCode: 'industry_case',
          isExistContent: false,
        }),
        catalog({ id: '51', name: '智能制造', parentId: '50' }),
        catalog({ id: '52', name: '智慧农业', parentId: '50' }),
        catalog({ id: '60', name: '职业规划', attributeCode: 'career_planning' }),
        catalog({ id: '70', name: '专业建设', attributeCode: 'speciality_construction' }),
        catalog({ id: '80', name: '公司新闻', attributeCode: 'navigate' }),
      ]),
      fakeRoute(cmsApi.frontArticlePage, (call) => {
        const id = call.query.get('catalogId');
        return page([articleSummary({ id: `${id}1`, title: `文章 ${id}`, catalogId: id! })]);
      }),
    );
    renderSite('/home/index');
    const section = async (name: string) =>
      (await screen.findByRole('heading', { level: 2, name })).closest('section')!;
    const industrial = await section('工业互联网');
    expect(
      (await within(industrial).findByRole('link', { name: /文章 51/ })).getAttribute('href'),
    ).toBe('/industrial-internet/detail?id=511');
    expect(await within(industrial).findByRole('link', { name: /文章 52/ })).toBeTruthy();
    expect(within(industrial).getByRole('heading', { level: 3, name: '智能制造' })).toBeTruthy();
    expect(within(industrial).getByRole('link', { name: '查看更多' }).getAttribute('href')).toBe(
      '/industrial-internet/index',
    );
    const career = await section('就业能力');
    expect(
      (await within(career).findByRole('link', { name: /文章 60/ })).getAttribute('href'),
    ).toBe('/home/article?id=601');
    expect(within(career).getByRole('link', { name: '查看更多' }).getAttribute('href')).toBe(
      '/home/career',
    );
    const program = await section('专业建设');
    expect(await within(program).findByRole('link', { name: /文章 70/ })).toBeTruthy();
    expect(screen.queryByText('文章 80')).toBeNull();
  });
});
