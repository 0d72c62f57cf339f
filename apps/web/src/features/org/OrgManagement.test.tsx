import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { refusal, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { type ApiCall, mockScreenApi } from '../../test/api';
import { chooseOption, clickButton, errorOf, field } from '../../test/antd';
import { OrgManagement } from './OrgManagement';
import { sampleTree } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/school/organization';
const treePath = '/api-user/org/tree';

function api(permissions: string[], answer?: (call: ApiCall) => unknown) {
  return mockScreenApi(permissions, { [treePath]: sampleTree }, answer);
}
const writes = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);

/** The tree node whose title holds `text`. */
const nodeOf = (text: string) =>
  screen.getByText(text).closest('.ant-tree-treenode') as HTMLElement;
const buttonIn = (node: HTMLElement, text: string) =>
  Array.from(node.querySelectorAll('button')).find((b) => b.textContent?.trim() === text);

describe('organization management', { timeout: 30_000 }, () => {
  it('shows departments, majors and classes with student counts', async () => {
    const calls = api(['org.edit']);
    renderView(<OrgManagement />, url);
    expect(await screen.findByText('信息工程学院')).toBeTruthy();
    expect(screen.getByText('机电学院')).toBeTruthy();
    expect(screen.getByText('物联网应用技术')).toBeTruthy();
    expect(screen.getByText('物联网 2024-1 班（2024 级）')).toBeTruthy();
    expect(screen.getByText('32 名学生')).toBeTruthy();
    await waitFor(() => expect(buttonIn(nodeOf('机电学院'), '删除')).toBeTruthy());
    expect(calls.find((c) => c.path === treePath)!.query.get('archived')).toBeNull();

    fireEvent.click(screen.getByLabelText('显示已归档班级'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === treePath)
          .at(-1)!
          .query.get('archived'),
      ).toBe('true'),
    );
  });

  it('offers no changes without org.edit', async () => {
    api([]);
    renderView(<OrgManagement />, url);
    await screen.findByText('信息工程学院');
    expect(screen.queryByText('新增院系')).toBeNull();
    expect(buttonIn(nodeOf('信息工程学院'), '删除')).toBeUndefined();
  });

  it("shows the server's refusal when a department with majors is deleted", async () => {
    const calls = api(['org.edit'], (call) =>
      call.path === '/api-user/org/department/delete/11'
        ? refusal(409, {
            message: '删除失败，该院系下存在专业',
            errorKey: 'org.department_has_majors',
          })
        : null,
    );
    renderView(<OrgManagement />, url);
    await screen.findByText('信息工程学院');
    await waitFor(() => expect(buttonIn(nodeOf('信息工程学院'), '删除')).toBeTruthy());
    fireEvent.click(buttonIn(nodeOf('信息工程学院'), '删除')!);
    await screen.findByText('确定删除院系“信息工程学院”吗？');
    clickButton('确定');
    await waitFor(() => expect(toastTexts()).toContain('删除失败，该院系下存在专业'));
    expect(writes(calls)).toEqual([['/api-user/org/department/delete/11', undefined]]);
  });

  it('adds a department and a major in dialogs, with the name rules', async () => {
    const calls = api(['org.edit'], (call) =>
      call.path === '/api-user/org/major/saveOrUpdate'
        ? refusal(409, {
            message: '专业名称已存在',
            errorKey: 'org.major_name_taken',
            fields: { name: 'invalid_value' },
          })
        : { id: '13', name: '经管学院', sort: 3 },
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
    expect(writes(calls)).toEqual([
      ['/api-user/org/department/saveOrUpdate', { name: '经管学院', sort: 3 }],
    ]);

    fireEvent.click(buttonIn(nodeOf('机电学院'), '新增专业')!);
    await chooseOption(field('所属院系'), '信息工程学院');
    fireEvent.change(field('专业名称'), { target: { value: '物联网应用技术' } });
    clickButton('保存');
    await waitFor(() => expect(errorOf('专业名称')).toBe('专业名称已存在'));
    expect(writes(calls).at(-1)).toEqual([
      '/api-user/org/major/saveOrUpdate',
      { departmentId: '11', name: '物联网应用技术', sort: 0 },
    ]);
  });
});
