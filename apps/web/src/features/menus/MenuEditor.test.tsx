import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { refusal, setupTestEnvironment } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { menusApi, type MenuSave } from '@platform/contract';
import { fakeApi, fakeRoute } from '../../test/fakeRoutes';
import { clickButton, errorOf, field, typeInto } from '../../test/antd';
import { MenuEditor } from './MenuEditor';
import { adminNode, sampleTree } from './testing';

setupTestEnvironment();
polyfillBrowser();

/** The server saving the entry: it answers the entry as stored, with its id. */
const serveSave = () =>
  fakeApi(
    fakeRoute(menusApi.save, (call) => {
      const body = call.body as MenuSave;
      return adminNode({
        id: body.id ?? '113',
        parentId: body.parentId,
        name: body.name,
        nameEn: body.nameEn || null,
        url: body.url,
        sort: body.sort,
        hidden: body.hidden,
        icon: body.icon || null,
        customFields: body.customFields || null,
        linkType: body.linkType,
        linkValue: body.linkValue || null,
        type: body.type,
        permission: body.customFields?.match(/(?:^|\|)perm:([^|]+)/)?.[1] ?? null,
      });
    }),
  );
const saves = (api: ReturnType<typeof fakeApi>) => api.calls(menusApi.save);
const save = () => clickButton('保存');
const chooseButtonType = () => fireEvent.click(screen.getByLabelText('按钮'));

describe('menu editor', { timeout: 30_000 }, () => {
  it('checks the url shape: path:X,component:Y, a plain path or an http(s) address', async () => {
    const api = serveSave();
    renderView(<MenuEditor tree={sampleTree()} onClose={() => {}} />);
    expect(screen.getByText(/path:路径,component:视图名/)).toBeTruthy();
    typeInto('名称', '课程中心');
    typeInto('地址', 'path:courses/list');
    save();
    await waitFor(() => expect(errorOf('地址')).toBe('格式不正确'));
    for (const bad of ['path:,component:CourseList', 'courses list', 'go to http://x']) {
      typeInto('地址', bad);
      await waitFor(() => expect(errorOf('地址')).toBe('格式不正确'));
    }
    typeInto('地址', '');
    await waitFor(() => expect(errorOf('地址')).toBe('此项为必填项'));
    for (const good of [
      'path:courses/list,component:CourseList',
      '/courses/list',
      'https://example.edu/llm',
    ]) {
      typeInto('地址', good);
      await waitFor(() => expect(errorOf('地址')).toBeNull());
    }
    expect(saves(api)).toEqual([]);
  });

  it('checks that customFields are pipe-separated key:value pairs, with help on the format', async () => {
    const api = serveSave();
    renderView(<MenuEditor tree={sampleTree()} onClose={() => {}} />);
    expect(screen.getByText(/key:value\|key:value/)).toBeTruthy();
    typeInto('名称', '课程中心');
    typeInto('地址', 'courses');
    for (const bad of ['keepAlive', 'icon:book|', ':book', 'icon:book|keepAlive']) {
      typeInto('自定义字段', bad);
      await waitFor(() => expect(errorOf('自定义字段')).toBe('格式不正确'));
    }
    save();
    await waitFor(() => expect(errorOf('自定义字段')).toBe('格式不正确'));
    expect(saves(api)).toEqual([]);
    typeInto('自定义字段', 'keepAlive:true|activeMenu:/courses');
    await waitFor(() => expect(errorOf('自定义字段')).toBeNull());
  });

  it('wants a known perm: key and a parent for a button, and hides the url', async () => {
    const api = serveSave();
    renderView(<MenuEditor tree={sampleTree()} onClose={() => {}} />);
    typeInto('名称', '导出');
    chooseButtonType();
    await waitFor(() => expect(screen.queryByLabelText(/^\*?地址$/)).toBeNull());
    expect(screen.getByText(/perm:class\.add/)).toBeTruthy();
    save();
    await waitFor(() => expect(errorOf('自定义字段')).toBe('此项为必填项'));
    expect(errorOf('上级菜单')).toBe('此项为必填项');
    typeInto('自定义字段', 'perm:class.export');
    await waitFor(() => expect(errorOf('自定义字段')).toBe('取值无效'));
    typeInto('自定义字段', 'icon:x|perm:student.export');
    await waitFor(() => expect(errorOf('自定义字段')).toBeNull());
    expect(saves(api)).toEqual([]);
  });

  it('adds a button under a page with the contract body and closes', async () => {
    const onClose = vi.fn();
    const api = serveSave();
    const tree = sampleTree();
    const page = tree[0]!.children[0]!;
    renderView(<MenuEditor tree={tree} parent={page} onClose={onClose} />);
    expect(screen.getByText('新增下级：班级管理')).toBeTruthy();
    typeInto('名称', '编辑班级');
    typeInto('英文名称', 'Edit class');
    chooseButtonType();
    typeInto('自定义字段', 'perm:class.edit');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves(api).map((c) => c.body)).toEqual([
      {
        appId: 'platform-web',
        parentId: '11',
        type: 2,
        name: '编辑班级',
        nameEn: 'Edit class',
        url: '',
        sort: 3,
        hidden: false,
        icon: '',
        customFields: 'perm:class.edit',
        linkType: 1,
        linkValue: '',
      },
    ]);
  });

  it('edits an entry keeping its fields, and needs a link for a new-window link type', async () => {
    const onClose = vi.fn();
    const api = serveSave();
    const tree = sampleTree();
    renderView(<MenuEditor tree={tree} node={tree[1]!.children[0]} onClose={onClose} />);
    expect((field('地址') as HTMLInputElement).value).toBe('personal/info');
    fireEvent.click(screen.getByLabelText('新窗口打开外部链接'));
    save();
    await waitFor(() => expect(errorOf('外部链接地址')).toBe('此项为必填项'));
    typeInto('外部链接地址', 'ftp://x');
    await waitFor(() => expect(errorOf('外部链接地址')).toBe('格式不正确'));
    typeInto('外部链接地址', 'https://example.edu/me');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves(api)[0]!.body).toMatchObject({
      id: '21',
      parentId: '2',
      type: 1,
      url: 'personal/info',
      hidden: true,
      linkType: 2,
      linkValue: 'https://example.edu/me',
    });
  });

  it('puts server field errors on the fields', async () => {
    fakeApi(
      fakeRoute(menusApi.save, () =>
        refusal(400, {
          message: '上级菜单无效',
          errorKey: 'menus.parent_invalid',
          fields: { parentId: 'invalid_value' },
        }),
      ),
    );
    renderView(<MenuEditor tree={sampleTree()} onClose={() => {}} />);
    typeInto('名称', '课程');
    typeInto('地址', 'courses');
    save();
    await waitFor(() => expect(errorOf('上级菜单')).toBe('取值无效'));
  });
});
