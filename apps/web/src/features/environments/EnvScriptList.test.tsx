import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelope, jsonResponse, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { page } from '../../test/api';
import { environmentsApi } from '@platform/contract';
import { type DataOf, type FakeRoute, fakeApi, fakeRoute } from '../../test/fakeRoutes';
import {
  chooseOption,
  clickButton,
  errorOf,
  field,
  rowOf,
  searchFor,
  typeInto,
} from '../../test/antd';
import { EnvScriptList } from './EnvScriptList';
import { sampleScript } from './testing';

setupTestEnvironment();
polyfillBrowser();

const options: DataOf<typeof environmentsApi.list> = [
  { id: '101', code: 'term', name: 'Linux 终端', type: 2, resourceKind: 'TERMINAL' },
  { id: '102', code: 'jup', name: 'Jupyter', type: 2, resourceKind: 'JUPYTER' },
];
function fakeScripts(...fakes: FakeRoute[]) {
  return fakeApi(
    ...fakes,
    fakeRoute(environmentsApi.list, options),
    fakeRoute(environmentsApi.scripts, (call) =>
      page([sampleScript()], 15, Number(call.query.get('pageNum'))),
    ),
    fakeRoute(environmentsApi.scriptsByLabel, (call) =>
      call.params.label === 'iot'
        ? [
            sampleScript({
              id: '601',
              name: '温湿度采集',
              envId: '102',
              envName: 'Jupyter',
              label: 'iot',
            }),
            sampleScript({ id: '602', name: '灯光控制', envId: '101', label: 'iot' }),
          ]
        : [],
    ),
    fakeRoute(environmentsApi.saveScript, sampleScript()),
    fakeRoute(environmentsApi.removeScript, null),
  );
}

describe('experiment scripts', { timeout: 30_000 }, () => {
  it('pages and filters on the server, and by label through script/label', async () => {
    const api = fakeScripts();
    renderView(<EnvScriptList />, '/sch_edu/environment-admin/scripts');
    expect(await screen.findByText('文件操作入门')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(api.calls(environmentsApi.scripts).at(-1)?.query.get('pageNum')).toBe('2'),
    );

    await chooseOption(screen.getByLabelText('全部环境'), 'Linux 终端');
    searchFor('按名称搜索', '文件');
    await waitFor(() =>
      expect(Object.fromEntries(api.calls(environmentsApi.scripts).at(-1)!.query)).toEqual({
        pageNum: '1',
        pageSize: '10',
        envId: '101',
        name: '文件',
      }),
    );

    // A label asks for all its scripts; the environment and name filters apply here.
    searchFor('按名称搜索', '灯光');
    await waitFor(() =>
      expect(api.calls(environmentsApi.scripts).at(-1)?.query.get('name')).toBe('灯光'),
    );
    searchFor('按标签筛选', 'iot');
    expect(await screen.findByText('灯光控制')).toBeTruthy();
    expect(screen.queryByText('温湿度采集')).toBeNull();
    expect(api.calls(environmentsApi.scriptsByLabel).some((c) => c.params.label === 'iot')).toBe(
      true,
    );
  });

  it('adds a script with the contract rules and shows server field errors', async () => {
    const api = fakeScripts(
      fakeRoute(environmentsApi.saveScript, (call) =>
        (call.body as { name: string }).name === '重名'
          ? jsonResponse(
              envelope(null, 9000, { message: '输入有误', fields: { name: 'invalid_value' } }),
              400,
            )
          : sampleScript(),
      ),
    );
    renderView(<EnvScriptList />, '/sch_edu/environment-admin/scripts');
    await screen.findByText('文件操作入门');
    clickButton('新增');
    await screen.findByText('新增实验脚本');
    clickButton('保存');
    await waitFor(() => expect(errorOf('脚本名称')).toBe('此项为必填项'));
    expect(api.calls(environmentsApi.saveScript)).toEqual([]);

    await chooseOption(field('实验环境'), 'Jupyter (jup)');
    typeInto('脚本名称', '重名');
    typeInto('标签', 'ai');
    typeInto('实验说明', '打开笔记本');
    clickButton('保存');
    await waitFor(() => expect(errorOf('脚本名称')).toBe('取值无效'));
    typeInto('脚本名称', '笔记本入门');
    clickButton('保存');
    await waitFor(() => expect(toastTexts()).toContain('保存成功'));
    const saves = api.calls(environmentsApi.saveScript);
    expect(saves.at(-1)?.method).toBe('POST');
    expect(saves.at(-1)?.body).toEqual({
      envId: '102',
      name: '笔记本入门',
      label: 'ai',
      instructions: '打开笔记本',
    });
  });

  it('edits with the id and removes after confirming', async () => {
    const api = fakeScripts();
    renderView(<EnvScriptList />, '/sch_edu/environment-admin/scripts');
    await screen.findByText('文件操作入门');
    clickButton('编辑', rowOf('文件操作入门'));
    fireEvent.change(await waitFor(() => field('标签')), { target: { value: 'shell' } });
    clickButton('保存');
    await waitFor(() => expect(toastTexts()).toContain('保存成功'));
    expect(api.bodies(environmentsApi.saveScript)[0]).toEqual({
      id: '501',
      envId: '101',
      name: '文件操作入门',
      label: 'shell',
      instructions: '列出主目录中的文件',
    });

    const before = api.calls(environmentsApi.scripts).length;
    clickButton('删除', rowOf('文件操作入门'));
    const confirm = await screen.findByText('确定删除实验脚本“文件操作入门”吗？');
    fireEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByText('确定'));
    await waitFor(() =>
      expect(api.calls(environmentsApi.removeScript).some((c) => c.params.id === '501')).toBe(true),
    );
    await waitFor(() => expect(api.calls(environmentsApi.scripts).length).toBeGreaterThan(before));
  });
});
