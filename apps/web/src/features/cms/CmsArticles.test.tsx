import { describe, expect, it } from 'vitest';
import { screen, waitFor, within, fireEvent } from '@testing-library/react';
import { refusal, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { cmsApi, type PublishBody } from '@platform/contract';
import { pageAnswer } from '../../test/api';
import { fakeRoute, fakeScreenApi, type FakeRoute } from '../../test/fakeRoutes';
import { clickButton, errorOf, rowOf } from '../../test/antd';
import { CmsArticles } from './CmsArticles';
import { sampleArticle, sampleCatalog } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/portal/articles';
const rows = [
  sampleArticle(),
  sampleArticle({ id: '502', title: { zh: '行业资讯', en: 'Industry' }, isPublish: 1 }),
];

function screenApi(permissions: string[], ...fakes: FakeRoute[]) {
  return fakeScreenApi(
    permissions,
    ...fakes,
    fakeRoute(cmsApi.articlePage, pageAnswer(rows, 2)),
    fakeRoute(cmsApi.catalogTree, [sampleCatalog()]),
  );
}

/** The article as the server answers its publication or withdrawal. */
const published = fakeRoute(cmsApi.articlePublish, (call) => {
  const { id, isPublish } = call.body as PublishBody;
  const row = rows.find((r) => r.id === id)!;
  return { ...row, isPublish, publishedAt: isPublish ? '2026-01-03T00:00:00.000Z' : null };
});

const writes = (api: ReturnType<typeof screenApi>) =>
  api.sent.filter((c) => c.method === 'POST').map((c) => [c.route, c.body]);

describe('article management', { timeout: 30_000 }, () => {
  it('lists articles with their publication and offers publish or cancel', async () => {
    const api = screenApi(['cms.edit', 'cms.publish'], published);
    renderView(<CmsArticles />, url);
    const draft = await waitFor(() => rowOf('平台上线'));
    expect(within(draft).getByText('未发布')).toBeTruthy();
    expect(within(draft).getByText('新闻动态')).toBeTruthy();
    const live = rowOf('行业资讯');
    expect(within(live).getByText('已发布')).toBeTruthy();
    expect(api.queries(cmsApi.articlePage)[0]).toEqual({ pageNum: '1', pageSize: '10' });

    fireEvent.click(within(live).getByText('取消发布'));
    await waitFor(() => expect(toastTexts()).toContain('已取消发布'));
    fireEvent.click(within(draft).getByText('发布'));
    await waitFor(() => expect(toastTexts()).toContain('发布成功'));
    expect(writes(api)).toEqual([
      [cmsApi.articlePublish, { id: '502', isPublish: 0 }],
      [cmsApi.articlePublish, { id: '501', isPublish: 1 }],
    ]);
  });

  it('hides writing without the permissions', async () => {
    screenApi([]);
    renderView(<CmsArticles />, url);
    await waitFor(() => rowOf('平台上线'));
    expect(screen.queryByText('新增')).toBeNull();
    expect(screen.queryByText('发布')).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
  });

  it('checks the required fields before saving', async () => {
    const api = screenApi(['cms.edit']);
    renderView(<CmsArticles />, url);
    await waitFor(() => rowOf('平台上线'));
    clickButton('新增');
    const dialog = await screen.findByRole('dialog');
    clickButton('保存', dialog);
    await waitFor(() => expect(errorOf('中文标题')).toBe('此项为必填项'));
    expect(errorOf('所属栏目')).toBe('此项为必填项');
    expect(errorOf('中文摘要')).toBe('此项为必填项');
    expect(errorOf('作者')).toBe('此项为必填项');
    expect(writes(api)).toEqual([]);
  });

  it('says the list failed to load, with a retry', async () => {
    fakeScreenApi(
      [],
      fakeRoute(cmsApi.articlePage, () => refusal(500, { message: '服务器错误' })),
      fakeRoute(cmsApi.catalogTree, []),
    );
    renderView(<CmsArticles />, url);
    await screen.findByText('获取文章列表失败');
  });
});
