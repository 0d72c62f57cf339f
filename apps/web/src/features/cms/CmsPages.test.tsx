import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { refusal, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import {
  cmsApi,
  type CmsNoticeSave,
  type CmsTemplate,
  type PublishBody,
  type TemplateSave,
} from '@platform/contract';
import { pageAnswer } from '../../test/api';
import { fakeRoute, fakeScreenApi } from '../../test/fakeRoutes';
import { clickButton, errorOf, rowOf, typeInto } from '../../test/antd';
import { CmsAttributes } from './CmsAttributes';
import { CmsCatalogs } from './CmsCatalogs';
import { CmsNotices } from './CmsNotices';
import { CmsTemplates } from './CmsTemplates';
import { sampleCatalog, sampleNotice } from './testing';

setupTestEnvironment();
polyfillBrowser();

const editing = ['cms.edit', 'cms.publish'];
const writes = (api: ReturnType<typeof fakeScreenApi>) =>
  api.sent.filter((c) => c.method === 'POST').map((c) => [c.route, c.body]);

describe('catalogue management', { timeout: 30_000 }, () => {
  const tree = [
    sampleCatalog(),
    sampleCatalog({
      id: '2',
      name: { zh: '行业新闻', en: 'Industry news' },
      parentId: '1',
      isPublish: 0,
      isDisplay: 0,
    }),
    sampleCatalog({ id: '3', name: { zh: '合作伙伴', en: 'Partners' }, type: 'link' }),
  ];
  const screenApi = (permissions: string[]) =>
    fakeScreenApi(
      permissions,
      fakeRoute(cmsApi.catalogTree, tree),
      fakeRoute(cmsApi.attributeList, []),
      fakeRoute(cmsApi.templateList, []),
    );

  it('shows the catalogues as a tree with their type, publication and display', async () => {
    screenApi(editing);
    renderView(<CmsCatalogs />, '/sch_edu/portal/catalogs');
    const child = await waitFor(() => rowOf('行业新闻'));
    expect(within(child).getByText('未发布')).toBeTruthy();
    expect(within(child).getByText('隐藏')).toBeTruthy();
    expect(within(rowOf('新闻动态')).getByText('已发布')).toBeTruthy();
    expect(within(rowOf('合作伙伴')).getByText('链接')).toBeTruthy();
  });

  it('adds a sub-catalogue under the row it was asked from, and refuses a nameless one', async () => {
    const api = screenApi(editing);
    renderView(<CmsCatalogs />, '/sch_edu/portal/catalogs');
    const parent = await waitFor(() => rowOf('新闻动态'));
    fireEvent.click(within(parent).getByText('新增子栏目'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByTitle('新闻动态').length).toBeGreaterThan(0);
    clickButton('保存', dialog);
    await waitFor(() => expect(errorOf('中文名称')).toBe('此项为必填项'));
    expect(writes(api)).toEqual([]);
  });

  it('hides writing without the permissions', async () => {
    screenApi([]);
    renderView(<CmsCatalogs />, '/sch_edu/portal/catalogs');
    await waitFor(() => rowOf('新闻动态'));
    expect(screen.queryByText('新增子栏目')).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
  });

  it('says the tree failed to load', async () => {
    fakeScreenApi(
      [],
      fakeRoute(cmsApi.catalogTree, () => refusal(500, { message: '错误' })),
    );
    renderView(<CmsCatalogs />, '/sch_edu/portal/catalogs');
    await screen.findByText('获取栏目列表失败');
  });
});

describe('notice management', { timeout: 30_000 }, () => {
  const notices = [
    sampleNotice(),
    sampleNotice({ id: '602', isPublish: 0, title: { zh: '新学期开课', en: 'New term' } }),
  ];
  /** The notice as the server answers its publication or withdrawal. */
  const published = fakeRoute(cmsApi.noticePublish, (call) => {
    const { id, isPublish } = call.body as PublishBody;
    const row = notices.find((n) => n.id === id)!;
    return { ...row, isPublish, publishedAt: isPublish ? row.publishedAt : null };
  });
  /** The notice as the server answers it once saved. */
  const saved = fakeRoute(cmsApi.noticeSave, (call) => {
    const body = call.body as CmsNoticeSave;
    return {
      ...sampleNotice({ id: '603', isPublish: 0, publishedAt: null }),
      title: body.title,
      source: body.source,
      description: body.description ?? {},
      content: body.content ?? null,
    };
  });

  it('lists notices with source and publication, searches by title and cancels a publication', async () => {
    const api = fakeScreenApi(
      editing,
      fakeRoute(cmsApi.noticePage, pageAnswer(notices, 2)),
      published,
    );
    renderView(<CmsNotices />, '/sch_edu/portal/notices');
    const live = await waitFor(() => rowOf('寒假停机维护'));
    expect(within(live).getByText('运维中心')).toBeTruthy();
    expect(within(live).getByText('平台将于周六停机两小时')).toBeTruthy();
    expect(within(live).getByText('已发布')).toBeTruthy();
    expect(within(rowOf('新学期开课')).getByText('未发布')).toBeTruthy();

    fireEvent.click(within(live).getByText('取消发布'));
    await waitFor(() => expect(toastTexts()).toContain('已取消发布'));
    expect(writes(api)).toEqual([[cmsApi.noticePublish, { id: '601', isPublish: 0 }]]);

    fireEvent.change(screen.getByPlaceholderText('按标题搜索'), { target: { value: '维护' } });
    fireEvent.keyDown(screen.getByPlaceholderText('按标题搜索'), { key: 'Enter', code: 'Enter' });
    await waitFor(() =>
      expect(api.queries(cmsApi.noticePage).at(-1)).toMatchObject({ title: '维护' }),
    );
  });

  it('requires a title and a source before saving', async () => {
    const api = fakeScreenApi(editing, fakeRoute(cmsApi.noticePage, pageAnswer([], 0)));
    renderView(<CmsNotices />, '/sch_edu/portal/notices');
    await waitFor(() => expect(screen.getByText('新增')).toBeTruthy());
    clickButton('新增');
    const dialog = await screen.findByRole('dialog');
    clickButton('保存', dialog);
    await waitFor(() => expect(errorOf('中文标题')).toBe('此项为必填项'));
    expect(errorOf('来源')).toBe('此项为必填项');
    expect(writes(api)).toEqual([]);
  });

  it('saves the description in Chinese and English', async () => {
    const api = fakeScreenApi(editing, fakeRoute(cmsApi.noticePage, pageAnswer([], 0)), saved);
    renderView(<CmsNotices />, '/sch_edu/portal/notices');
    await waitFor(() => expect(screen.getByText('新增')).toBeTruthy());
    clickButton('新增');
    const dialog = await screen.findByRole('dialog');
    typeInto('中文标题', '维护通知');
    typeInto('来源', '运营中心');
    typeInto('中文描述', ' 今晚维护 ');
    typeInto('英文描述', 'Tonight');
    clickButton('保存', dialog);
    await waitFor(() => expect(toastTexts()).toContain('保存成功'));
    expect(writes(api)).toEqual([
      [
        cmsApi.noticeSave,
        {
          title: { zh: '维护通知', en: '' },
          source: '运营中心',
          description: { zh: '今晚维护', en: 'Tonight' },
          content: {},
        },
      ],
    ]);
  });
});

describe('template management', { timeout: 30_000 }, () => {
  const row: CmsTemplate = {
    id: '701',
    name: '文章详情',
    category: 'content',
    path: '/home/article',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it('lists templates with their category and saves a new one from the form', async () => {
    const api = fakeScreenApi(
      editing,
      fakeRoute(cmsApi.templatePage, pageAnswer([row], 1)),
      fakeRoute(cmsApi.templateSave, (call) => ({
        ...(call.body as TemplateSave),
        id: '702',
        updatedAt: '2026-01-02T00:00:00.000Z',
      })),
    );
    renderView(<CmsTemplates />, '/sch_edu/portal/templates');
    const listed = await waitFor(() => rowOf('文章详情'));
    expect(within(listed).getByText('内容模板')).toBeTruthy();
    expect(within(listed).getByText('/home/article')).toBeTruthy();

    clickButton('新增');
    const dialog = await screen.findByRole('dialog');
    clickButton('保存', dialog);
    await waitFor(() => expect(errorOf('名称')).toBe('此项为必填项'));
    expect(errorOf('路径')).toBe('此项为必填项');
    typeInto('名称', ' 栏目列表 ');
    typeInto('路径', '/home/index');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '分类' }));
    fireEvent.click(await screen.findByTitle('栏目模板'));
    clickButton('保存', dialog);
    await waitFor(() => expect(toastTexts()).toContain('保存成功'));
    expect(writes(api)).toEqual([
      [cmsApi.templateSave, { name: '栏目列表', category: 'column', path: '/home/index' }],
    ]);
  });
});

describe('attribute management', { timeout: 30_000 }, () => {
  const row = {
    id: '801',
    name: { zh: '导航', en: 'Navigation' },
    code: 'navigate',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it('lists attributes and puts a taken code on the code field', async () => {
    const api = fakeScreenApi(
      editing,
      fakeRoute(cmsApi.attributePage, pageAnswer([row], 1)),
      fakeRoute(cmsApi.attributeSave, () =>
        refusal(400, { message: '编码已存在', errorKey: 'cms.attribute_code_taken' }),
      ),
    );
    renderView(<CmsAttributes />, '/sch_edu/portal/attributes');
    expect(within(await waitFor(() => rowOf('导航'))).getByText('navigate')).toBeTruthy();

    clickButton('新增');
    const dialog = await screen.findByRole('dialog');
    typeInto('中文名称', '导航');
    typeInto('编码', 'navigate');
    clickButton('保存', dialog);
    await waitFor(() => expect(errorOf('编码')).toBe('属性编码已存在'));
    expect(writes(api)).toEqual([
      [cmsApi.attributeSave, { name: { zh: '导航', en: '' }, code: 'navigate' }],
    ]);
  });
});
