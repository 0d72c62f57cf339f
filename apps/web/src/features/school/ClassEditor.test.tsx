import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { envelope, jsonResponse, setupTestEnvironment } from '../../test/helpers';
import {
  chooseOption,
  clickButton,
  mockApi,
  polyfillBrowser,
  renderView,
  type ApiCall,
} from '../environment-admin/testing';
import { ClassEditor } from './ClassEditor';
import { sampleClass, sampleMajors } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/school/classes';
const savePath = '/api-user/classes/saveOrUpdate';

const field = (label: string) => screen.getByLabelText(new RegExp(`^\\*?${label}$`));
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
function errorOf(label: string): string | null {
  const item = field(label).closest('.ant-form-item');
  return item?.querySelector('.ant-form-item-explain-error')?.textContent ?? null;
}

function api(answer: (call: ApiCall) => unknown = () => sampleClass()) {
  return mockApi((call) => {
    if (call.path === '/api-user/org/major/list') return sampleMajors;
    return answer(call);
  });
}
const saves = (calls: ApiCall[]) => calls.filter((c) => c.path === savePath);

describe('class editor', { timeout: 30_000 }, () => {
  it('refuses an empty form on the client: name, grade and at least one major', async () => {
    const calls = api();
    renderView(<ClassEditor onClose={() => {}} />, url);
    clickButton('保存');
    await waitFor(() => expect(errorOf('班级名称')).toBe('名称为 2 到 30 个字符'));
    expect(errorOf('年级')).toBe('请输入四位数的入学年份，如 2024');
    expect(errorOf('适用专业')).toBe('请选择至少一个适用专业');
    expect(saves(calls)).toEqual([]);
  });

  it('refuses a grade that is not a four-digit year and a name with edge spaces', async () => {
    const calls = api();
    renderView(<ClassEditor onClose={() => {}} />, url);
    type('班级名称', ' 物联网 1 班');
    type('年级', '24');
    await chooseOption(field('适用专业'), '物联网应用技术');
    clickButton('保存');
    await waitFor(() => expect(errorOf('年级')).toBe('请输入四位数的入学年份，如 2024'));
    expect(errorOf('班级名称')).toBe('首尾不能有空格');
    expect(errorOf('适用专业')).toBeNull();
    type('年级', '1824');
    clickButton('保存');
    await waitFor(() => expect(errorOf('班级名称')).toBe('首尾不能有空格'));
    expect(errorOf('年级')).toBe('请输入四位数的入学年份，如 2024');
    expect(saves(calls)).toEqual([]);
  });

  it('adds with the contract body and closes', async () => {
    const onClose = vi.fn();
    const calls = api();
    renderView(<ClassEditor onClose={onClose} />, url);
    type('班级名称', '物联网 2024-1 班');
    type('年级', '2024');
    await chooseOption(field('适用专业'), '物联网应用技术');
    await chooseOption(field('适用专业'), '工业机器人');
    clickButton('保存');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves(calls).map((c) => c.body)).toEqual([
      { name: '物联网 2024-1 班', grade: '2024', majorIds: ['21', '23'] },
    ]);
  });

  it('edits a class with its id and current majors', async () => {
    const onClose = vi.fn();
    const calls = api();
    renderView(<ClassEditor record={sampleClass()} onClose={onClose} />, url);
    expect((field('班级名称') as HTMLInputElement).value).toBe('物联网 2024-1 班');
    type('年级', '2025');
    clickButton('保存');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves(calls)[0]!.body).toEqual({
      id: '501',
      name: '物联网 2024-1 班',
      grade: '2025',
      majorIds: ['21'],
    });
  });

  it("puts the server's refusals on the fields", async () => {
    const onClose = vi.fn();
    api((call) =>
      call.path === savePath
        ? jsonResponse(
            envelope(null, 9000, {
              message: '班级名称已存在',
              errorKey: 'classes.name_taken',
              fields: { name: 'invalid_value' },
            }),
            409,
          )
        : null,
    );
    renderView(<ClassEditor record={sampleClass()} onClose={onClose} />, url);
    clickButton('保存');
    await waitFor(() => expect(errorOf('班级名称')).toBe('班级名称已存在'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
