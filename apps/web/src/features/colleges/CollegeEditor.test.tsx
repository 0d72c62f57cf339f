import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { refusal, setupTestEnvironment } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { collegesApi } from '@platform/contract';
import { fakeRoute } from '../../test/fakeRoutes';
import { chooseOption, clickButton, errorOf, field, typeInto } from '../../test/antd';
import { CollegeEditor } from './CollegeEditor';
import { allCollegePermissions, fakeCollegesApi, sampleCollege } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/operation/colleges';

/** Cities are offered once a province is chosen. */
async function chooseCity(name: string) {
  await waitFor(() =>
    expect(field('城市').closest('.ant-select')?.className).not.toContain('disabled'),
  );
  await chooseOption(field('城市'), name);
}

async function fillValid() {
  typeInto('学校名称', '深圳大学');
  typeInto('学校地址前缀', 'szu');
  await chooseOption(field('学校类型'), '本科院校');
  await chooseOption(field('省份'), '广东省');
  await chooseCity('深圳市');
}

describe('college add and edit form', { timeout: 30_000 }, () => {
  it('checks the fields with the contract rules before anything is sent', async () => {
    const api = fakeCollegesApi(
      allCollegePermissions,
      fakeRoute(collegesApi.save, sampleCollege()),
    );
    renderView(<CollegeEditor onClose={() => {}} />, url);
    typeInto('学校名称', '深');
    typeInto('学校地址前缀', '9abc');
    typeInto('学校简介', 'ab');
    clickButton('保存');
    await waitFor(() => expect(errorOf('学校名称')).toBe('长度过短'));
    expect(errorOf('学校地址前缀')).toBe('格式不正确');
    expect(errorOf('学校类型')).toBe('此项为必填项');
    expect(errorOf('省份')).toBe('此项为必填项');
    expect(errorOf('学校简介')).toBe('长度过短');
    typeInto('学校名称', ' 深圳大学');
    await waitFor(() => expect(errorOf('学校名称')).toBe('格式不正确'));
    typeInto('学校名称', '');
    await waitFor(() => expect(errorOf('学校名称')).toBe('此项为必填项'));
    expect(api.calls(collegesApi.save)).toEqual([]);
  });

  it('adds with the contract body and closes', async () => {
    const onClose = vi.fn();
    const api = fakeCollegesApi(
      allCollegePermissions,
      fakeRoute(collegesApi.save, sampleCollege()),
    );
    renderView(<CollegeEditor onClose={onClose} />, url);
    await fillValid();
    typeInto('地址', '南山区南海大道');
    typeInto('学生账号上限', '3000');
    clickButton('保存');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies(collegesApi.save)[0]).toEqual({
      name: '深圳大学',
      url: 'szu',
      type: 1,
      province: '440000',
      city: '440300',
      intro: '',
      address: '南山区南海大道',
      maxStudents: 3000,
      purchasedCourseCount: 0,
      enabled: true,
    });
  });

  it('a new province clears the city', async () => {
    fakeCollegesApi(allCollegePermissions);
    renderView(<CollegeEditor onClose={() => {}} />, url);
    await chooseOption(field('省份'), '广东省');
    await chooseCity('深圳市');
    const city = () => field('城市').closest('.ant-select')!;
    expect(city().querySelector('.ant-select-placeholder')).toBeNull();
    await chooseOption(field('省份'), '北京市');
    await waitFor(() => expect(city().querySelector('.ant-select-placeholder')).not.toBeNull());
  });

  it('puts the reason of a failed add on its field', async () => {
    const onClose = vi.fn();
    fakeCollegesApi(
      allCollegePermissions,
      fakeRoute(collegesApi.save, () =>
        refusal(409, {
          message: '添加失败：该学校地址前缀已被使用',
          errorKey: 'colleges.add_failed',
          fields: { url: 'invalid_value' },
        }),
      ),
    );
    renderView(<CollegeEditor onClose={onClose} />, url);
    await fillValid();
    clickButton('保存');
    await waitFor(() => expect(errorOf('学校地址前缀')).toBe('该学校地址前缀已被使用'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts input errors of the server on the fields', async () => {
    fakeCollegesApi(
      allCollegePermissions,
      fakeRoute(collegesApi.save, () =>
        refusal(400, {
          message: '输入有误，请检查后重试',
          errorKey: 'common.invalid_input',
          fields: { address: 'too_long' },
        }),
      ),
    );
    renderView(<CollegeEditor onClose={() => {}} />, url);
    await fillValid();
    clickButton('保存');
    await waitFor(() => expect(errorOf('地址')).toBe('长度过长'));
  });

  it('edits without the url, and leaves out what the user may not change', async () => {
    const onClose = vi.fn();
    const college = sampleCollege({ maxStudents: 80 });
    const api = fakeCollegesApi(['college.edit'], fakeRoute(collegesApi.save, college));
    renderView(<CollegeEditor college={college} onClose={onClose} />, url);
    expect((field('学校地址前缀') as HTMLInputElement).disabled).toBe(true);
    await waitFor(() => expect((field('学生账号上限') as HTMLInputElement).disabled).toBe(true));
    expect(screen.getByRole('switch').hasAttribute('disabled')).toBe(true);
    typeInto('学校名称', '深圳职业技术大学（新）');
    clickButton('保存');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies(collegesApi.save)[0]).toEqual({
      id: '301',
      name: '深圳职业技术大学（新）',
      type: 2,
      province: '440000',
      city: '440300',
      intro: '一所高职院校',
      address: '西丽湖',
      purchasedCourseCount: 4,
    });
  });
});
