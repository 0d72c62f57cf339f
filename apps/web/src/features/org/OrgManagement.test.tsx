import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { refusal, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { orgApi } from '@platform/contract';
import { fakeRoute, fakeScreenApi, type FakeRoute } from '../../test/fakeRoutes';
import { chooseOption, clickButton, errorOf, field } from '../../test/antd';
import { OrgManagement } from './OrgManagement';
import { sampleTree } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/school/organization';

function screenApi(permissions: string[], ...fakes: FakeRoute[]) {
  return fakeScreenApi(permissions, fakeRoute(orgApi.tree, sampleTree), ...fakes);
}
const writes = (api: ReturnType<typeof screenApi>) =>
  api.sent.filter((c) => c.method === 'POST').map((c) => [c.route, c.params, c.body]);

/** The tree node whose title holds `text`. */
const nodeOf = (text: string) =>
  screen.getByText(text).closest('.ant-tree-treenode') as HTMLElement;
const buttonIn = (node: HTMLElement, text: string) =>
  Array.from(node.querySelectorAll('button')).find((b) => b.textContent?.trim() === text);

describe('organization management', { timeout: 30_000 }, () => {
  it('shows departments, majors and classes with student counts', async () => {
    const api = screenApi(['org.edit']);
    renderView(<OrgManagement />, url);
    expect(await screen.findByText('信息工程学院')).toBeTruthy();
    expect(screen.getByText('机电学院')).toBeTruthy();
    expect(screen.getByText('物联网应用技术')).toBeTruthy();
    expect(screen.getByText('物联网 2024-1 班（2024 级）')).toBeTruthy();
    expect(screen.getByText('32 名学生')).toBeTruthy();
    await waitFor(() => expect(buttonIn(nodeOf('机电学院'), '删除')).toBeTruthy());
    expect(api.calls(orgApi.tree)[0]!.query.get('archived')).toBeNull();

    fireEvent.click(screen.getByLabelText('显示已归档班级'));
    await waitFor(() => expect(api.calls(orgApi.tree).at(-1)!.query.get('archived')).toBe('true'));
  });

  it('offers no changes without org.edit', async () => {
    screenApi([]);
    renderView(<OrgManagement />, url);
    await screen.findByText('信息工程学院');
    expect(screen.queryByText('新增院系')).toBeNull();
    expect(buttonIn(nodeOf('信息工程学院'), '删除')).toBeUndefined();
  });

  it("shows the server's refusal when a department with majors is deleted", async () => {
    const api = screenApi(
      ['org.edit'],
      fakeRoute(orgApi.deleteDepartment, (call) =>
        call.params.id === '11'
          ? refusal(409, {
              message: '删除失败，该院系下存在专业',
              errorKey: 'org.department_has_majors',
            })
          : null,
      ),
    );
    renderView(<OrgManagement />, url);
    await screen.findByText('信息工程学院');
    await waitFor(() => expect(buttonIn(nodeOf('信息工程学院'), '删除')).toBeTruthy());
    fireEvent.click(buttonIn(nodeOf('信息工程学院'), '删除')!);
    await screen.findByText('确定删除院系“信息工程学院”吗？');
    clickButton('确定');
    await waitFor(() => expect(toastTexts()).toContain('删除失败，该院系下存在专业'));
    expect(writes(api)).toEqual([[orgApi.deleteDepartment, { id: '11' }, undefined]]);
  });

  it('adds a department and a major in dialogs, with the name rules', async () => {
    const api = screenApi(
      ['org.edit'],
      fakeRoute(orgApi.saveMajor, () =>
        refusal(409, {
          message: '专业名称已存在',
          errorKey: 'org.major_name_taken',
          fields: { name: 'invalid_value' },
        }),
      ),
      fakeRoute(orgApi.saveDepartment, { id: '13', name: '经管学院', sort: 3 }),
    );
    renderView(<OrgManagement />, url);
    await screen.findByText('信息工程学院');
    await waitFor(() => expect(screen.getByText('新增院系')).toBeTruthy());
    fireEvent.click(screen.getByText('新增院系'));
    fireEvent.change(field('院系名称'), { target: { value: '经' } });
    clickButton('保存');
    await waitFor(() => expect(errorOf('院系名称')).toBe('名称为 2 到 30 个字符'));
    fireEvent.change(field('院系名称'), { target: { value: '经管学院' } });
    fireEvent.change(field('排序'), { target: { value: '3' } });
    clickButton('保存');
    await waitFor(() => expect(toastTexts()).toContain('添加成功'));
    expect(writes(api)).toEqual([[orgApi.saveDepartment, {}, { name: '经管学院', sort: 3 }]]);

    fireEvent.click(buttonIn(nodeOf('机电学院'), '新增专业')!);
    await chooseOption(field('所属院系'), '信息工程学院');
    fireEvent.change(field('专业名称'), { target: { value: '物联网应用技术' } });
    clickButton('保存');
    await waitFor(() => expect(errorOf('专业名称')).toBe('专业名称已存在'));
    expect(writes(api).at(-1)).toEqual([
      orgApi.saveMajor,
      {},
      { departmentId: '11', name: '物联网应用技术', sort: 0 },
    ]);
  });
});
