import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { refusal, setupTestEnvironment } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { classesApi, orgApi } from '@platform/contract';
import { type FakeRoute, fakeApi, fakeRoute } from '../../test/fakeRoutes';
import { chooseOption, clickButton, errorOf, field, typeInto } from '../../test/antd';
import { ClassEditor } from './ClassEditor';
import { sampleClass, sampleMajors } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/school/classes';

function fakeClassApi(...fakes: FakeRoute[]) {
  return fakeApi(
    ...fakes,
    fakeRoute(orgApi.majors, sampleMajors),
    fakeRoute(classesApi.save, sampleClass()),
  );
}

describe('class editor', { timeout: 30_000 }, () => {
  it('refuses an empty form on the client: name, grade and at least one major', async () => {
    const api = fakeClassApi();
    renderView(<ClassEditor onClose={() => {}} />, url);
    clickButton('保存');
    await waitFor(() => expect(errorOf('班级名称')).toBe('名称为 2 到 30 个字符'));
    expect(errorOf('年级')).toBe('请输入四位数的入学年份，如 2024');
    expect(errorOf('适用专业')).toBe('请选择至少一个适用专业');
    expect(api.calls(classesApi.save)).toEqual([]);
  });

  it('refuses a grade that is not a four-digit year and a name with edge spaces', async () => {
    const api = fakeClassApi();
    renderView(<ClassEditor onClose={() => {}} />, url);
    typeInto('班级名称', ' 物联网 1 班');
    typeInto('年级', '24');
    await chooseOption(field('适用专业'), '物联网应用技术');
    clickButton('保存');
    await waitFor(() => expect(errorOf('年级')).toBe('请输入四位数的入学年份，如 2024'));
    expect(errorOf('班级名称')).toBe('首尾不能有空格');
    expect(errorOf('适用专业')).toBeNull();
    typeInto('年级', '1824');
    clickButton('保存');
    await waitFor(() => expect(errorOf('班级名称')).toBe('首尾不能有空格'));
    expect(errorOf('年级')).toBe('请输入四位数的入学年份，如 2024');
    expect(api.calls(classesApi.save)).toEqual([]);
  });

  it('adds with the contract body and closes', async () => {
    const onClose = vi.fn();
    const api = fakeClassApi();
    renderView(<ClassEditor onClose={onClose} />, url);
    typeInto('班级名称', '物联网 2024-1 班');
    typeInto('年级', '2024');
    await chooseOption(field('适用专业'), '物联网应用技术');
    await chooseOption(field('适用专业'), '工业机器人');
    clickButton('保存');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies(classesApi.save)).toEqual([
      { name: '物联网 2024-1 班', grade: '2024', majorIds: ['21', '23'] },
    ]);
  });

  it('edits a class with its id and current majors', async () => {
    const onClose = vi.fn();
    const api = fakeClassApi();
    renderView(<ClassEditor record={sampleClass()} onClose={onClose} />, url);
    expect((field('班级名称') as HTMLInputElement).value).toBe('物联网 2024-1 班');
    typeInto('年级', '2025');
    clickButton('保存');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies(classesApi.save)[0]).toEqual({
      id: '501',
      name: '物联网 2024-1 班',
      grade: '2025',
      majorIds: ['21'],
    });
  });

  it("puts the server's refusals on the fields", async () => {
    const onClose = vi.fn();
    fakeClassApi(
      fakeRoute(classesApi.save, () =>
        refusal(409, {
          message: '班级名称已存在',
          errorKey: 'classes.name_taken',
          fields: { name: 'invalid_value' },
        }),
      ),
    );
    renderView(<ClassEditor record={sampleClass()} onClose={onClose} />, url);
    clickButton('保存');
    await waitFor(() => expect(errorOf('班级名称')).toBe('班级名称已存在'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
