import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { refusal, setupTestEnvironment } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { classesApi, studentsApi } from '@platform/contract';
import { fakeApi, fakeRoute, fakeScreenApi } from '../../test/fakeRoutes';
import { chooseOption, clickButton, field, labelErrorOf, typeInto } from '../../test/antd';
import { StudentDetail } from './StudentDetail';
import { StudentNewAccount } from './StudentNewAccount';
import { classOptions, sampleStudent } from './testing';

setupTestEnvironment();
polyfillBrowser();

describe('new student accounts', { timeout: 30_000 }, () => {
  it('previews the numbers, shows a refusal with the taken numbers, then the result', async () => {
    // The first batch is refused: a number is taken.
    let refused = false;
    const api = fakeApi(
      fakeRoute(classesApi.list, classOptions),
      fakeRoute(studentsApi.batchCreate, () => {
        if (refused) return { stuNos: ['IOT010', 'IOT011', 'IOT012'], className: '物联网1班' };
        refused = true;
        return refusal(409, {
          message: '以下 1 个学号已被占用：IOT009',
          errorKey: 'students.batch_taken',
          fields: { stuNoPrefix: 'invalid_value' },
        });
      }),
    );
    renderView(<StudentNewAccount />, '/sch_edu/school/students/new-account');
    expect(await screen.findByText('新建学生账号')).toBeTruthy();
    const preview = await screen.findByTestId('batch-preview');
    expect(within(preview).getByText('将创建 10 个账号：001 至 010')).toBeTruthy();

    typeInto('学号前缀', 'IOT');
    typeInto('起始序号', '8');
    typeInto('账号数量', '3');
    typeInto('序号位数', '1');
    await waitFor(() => expect(labelErrorOf('序号位数')).toBe('位数不足以容纳最后一个序号'));
    expect(screen.getByText('填写完整后显示将要创建的学号')).toBeTruthy();
    typeInto('序号位数', '3');
    await waitFor(() => expect(screen.getByText('将创建 3 个账号：IOT008 至 IOT010')).toBeTruthy());
    expect(['IOT008', 'IOT009', 'IOT010'].every((n) => screen.getByText(n))).toBe(true);

    clickButton('创建账号');
    await waitFor(() => expect(labelErrorOf('班级')).toBe('此项为必填项'));
    expect(api.calls(studentsApi.batchCreate)).toEqual([]);
    await chooseOption(field('班级'), '物联网1班');
    clickButton('创建账号');
    await screen.findByText('添加失败：以下 1 个学号已被占用：IOT009');
    await waitFor(() => expect(labelErrorOf('学号前缀')).toBe('以下 1 个学号已被占用：IOT009'));
    expect(api.bodies(studentsApi.batchCreate)[0]).toEqual({
      classId: '31',
      stuNoPrefix: 'IOT',
      start: 8,
      count: 3,
      digits: 3,
    });

    typeInto('起始序号', '10');
    clickButton('创建账号');
    expect(await screen.findByText('已创建 3 个学生账号')).toBeTruthy();
    expect(
      screen.getByText('班级：物联网1班；学号 IOT010 至 IOT012；密码为默认密码。'),
    ).toBeTruthy();
    clickButton('返回学生列表');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/sch_edu/school/students'),
    );
  });
});

describe('student detail', { timeout: 30_000 }, () => {
  it('shows the student with class, status and sign-in times', async () => {
    fakeScreenApi(
      ['student.edit'],
      fakeRoute(studentsApi.get, (call) =>
        call.params.id === '501'
          ? sampleStudent({
              className: '旧班级',
              classArchived: true,
              enabled: false,
              status: 'deactivated',
            })
          : refusal(404, { message: '学生不存在' }),
      ),
    );
    renderView(<StudentDetail />, '/sch_edu/school/students/detail?id=501');
    expect(await screen.findByText('学生详情')).toBeTruthy();
    await screen.findByText('李明');
    expect(screen.getAllByText('S2026001')).toHaveLength(2);
    expect(screen.getByText('旧班级')).toBeTruthy();
    expect(screen.getByText('已归档')).toBeTruthy();
    expect(screen.getByText('已停用')).toBeTruthy();
    expect(screen.getByText('从未登录')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('编辑')).toBeTruthy());
    expect(screen.queryByText('重置密码')).toBeNull();
    clickButton('编辑');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/sch_edu/school/students/edit?id=501',
      ),
    );
  });

  it('asks for a student when the page has no id', async () => {
    fakeScreenApi([]);
    renderView(<StudentDetail />, '/sch_edu/school/students/detail');
    expect(await screen.findByText('缺少学生编号，请从学生列表进入')).toBeTruthy();
  });
});
