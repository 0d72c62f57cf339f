import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { refusal, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { classesApi, studentsApi } from '@platform/contract';
import { fakeApi, fakeRoute } from '../../test/fakeRoutes';
import { chooseOption, clickButton, field, labelErrorOf, typeInto } from '../../test/antd';
import { StudentEdit } from './StudentEdit';
import { classOptions, sampleStudent } from './testing';

setupTestEnvironment();
polyfillBrowser();

describe('student form', { timeout: 30_000 }, () => {
  it('validates with the contract, shows server refusals on the inputs and saves', async () => {
    // The first save is refused: the number is taken.
    let refused = false;
    const api = fakeApi(
      fakeRoute(classesApi.list, classOptions),
      fakeRoute(studentsApi.save, () => {
        if (refused) return sampleStudent();
        refused = true;
        return refusal(400, {
          message: '该学号已被占用',
          errorKey: 'students.stu_no_taken',
          fields: { stuNo: 'invalid_value' },
        });
      }),
    );
    renderView(<StudentEdit />, '/sch_edu/school/students/add');
    expect(await screen.findByText('新增学生')).toBeTruthy();

    clickButton('保存');
    await waitFor(() => expect(labelErrorOf('学号')).toBe('此项为必填项'));
    expect(labelErrorOf('姓名')).toBe('此项为必填项');
    expect(labelErrorOf('性别')).toBe('此项为必填项');
    expect(labelErrorOf('班级')).toBe('此项为必填项');
    expect(labelErrorOf('手机号')).toBeNull();
    expect(labelErrorOf('密码')).toBeNull();

    typeInto('学号', 'ab!');
    typeInto('姓名', ' 李');
    typeInto('手机号', '1380000');
    typeInto('密码', 'abc');
    clickButton('保存');
    await waitFor(() => expect(labelErrorOf('学号')).toBe('格式不正确'));
    expect(labelErrorOf('姓名')).toBe('格式不正确');
    expect(labelErrorOf('手机号')).toBe('格式不正确');
    expect(labelErrorOf('密码')).toBe('长度过短');
    typeInto('学号', 'ab');
    await waitFor(() => expect(labelErrorOf('学号')).toBe('长度过短'));
    expect(api.calls(studentsApi.save)).toEqual([]);

    typeInto('学号', 'S2026001');
    typeInto('姓名', '李明');
    typeInto('手机号', '');
    typeInto('密码', '');
    fireEvent.click(screen.getByLabelText('男'));
    // Archived classes are not offered to a new student.
    fireEvent.mouseDown(field('班级'));
    await waitFor(() => expect(document.querySelector('[title="物联网1班"]')).toBeTruthy());
    expect(document.querySelector('[title="旧班级（已归档）"]')).toBeNull();
    await chooseOption(field('班级'), '物联网1班');
    clickButton('保存');
    await waitFor(() => expect(labelErrorOf('学号')).toBe('该学号已被占用'));
    expect(toastTexts()).toEqual(['添加失败：该学号已被占用']);
    expect(api.bodies(studentsApi.save)[0]).toEqual({
      stuNo: 'S2026001',
      name: '李明',
      sex: 1,
      classId: '31',
      phone: '',
      password: '',
    });

    typeInto('学号', 'S2026002');
    clickButton('保存');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/sch_edu/school/students'),
    );
    expect(api.calls(studentsApi.save)).toHaveLength(2);
  });

  it('edits a student: loads the values and sends the id', async () => {
    const api = fakeApi(
      fakeRoute(classesApi.list, classOptions),
      fakeRoute(studentsApi.get, (call) =>
        call.params.id === '501'
          ? sampleStudent({ classId: '33', className: '旧班级', classArchived: true })
          : refusal(404, { message: '学生不存在' }),
      ),
      fakeRoute(studentsApi.save, sampleStudent()),
    );
    renderView(<StudentEdit />, '/sch_edu/school/students/edit?id=501');
    expect(await screen.findByText('编辑学生')).toBeTruthy();
    await waitFor(() => expect((field('学号') as HTMLInputElement).value).toBe('S2026001'));
    // The student's own archived class stays selectable.
    await waitFor(() => expect(screen.getByText('旧班级（已归档）')).toBeTruthy());
    typeInto('姓名', '李小明');
    clickButton('保存');
    await waitFor(() => expect(api.calls(studentsApi.save)).toHaveLength(1));
    expect(api.bodies(studentsApi.save)[0]).toEqual({
      id: '501',
      stuNo: 'S2026001',
      name: '李小明',
      sex: 1,
      classId: '33',
      phone: '13800000001',
      password: '',
    });
  });
});
