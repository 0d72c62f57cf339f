import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  classesApi,
  coursesApi,
  studentsApi,
  teachingApi,
  type CourseDetail,
  type Student,
} from '@platform/contract';
import { refusal, setupTestEnvironment, toastTexts } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { page } from '../../../test/api';
import { fakeApi, fakeRoute, type FakeAnswer } from '../../../test/fakeRoutes';
import {
  chooseOption,
  clickButton,
  errorOf,
  field,
  labelErrorOf,
  pickDate,
  typeInto,
} from '../../../test/antd';
import { sampleCourse } from '../../courses/manage/testing';
import { TaskEdit } from './TaskEdit';
import { sampleTask, sampleTaskDetail } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/teaching/tasks/add';

const course: CourseDetail = {
  ...sampleCourse(),
  description: null,
  environments: [{ id: '901', name: '智能家居仿真', kind: 'emulation' }],
  chapters: [
    {
      id: '801',
      name: '第一章 认识 MQTT',
      description: '',
      steps: [
        { id: '1001', name: '1-1 小测', type: 'question' },
        { id: '1002', name: '1-2 连接传感器', type: 'training' },
      ],
    },
  ],
  resources: [
    {
      id: '1201',
      name: '接线图.pdf',
      size: 2048,
      contentType: 'application/pdf',
      createdAt: '2026-03-01T08:00:00.000Z',
    },
  ],
};

const classes = [{ id: '41', name: '物联网 2301', grade: '2023', archived: false }];

/** A student of the school, offered when a task goes to chosen students. */
const student: Student = {
  id: '201',
  username: 'student01',
  stuNo: '2023001',
  name: '张三',
  sex: 1,
  phone: null,
  classId: '41',
  className: '物联网 2301',
  enabled: true,
  status: 'normal',
  createdAt: '2026-01-01T00:00:00.000Z',
};

function serveForm(save: FakeAnswer<typeof teachingApi.taskSave> = sampleTask({ id: '777' })) {
  return fakeApi(
    fakeRoute(coursesApi.page, page([sampleCourse()])),
    fakeRoute(coursesApi.detail, course),
    fakeRoute(classesApi.list, classes),
    fakeRoute(studentsApi.page, page([student])),
    fakeRoute(teachingApi.taskSave, save),
    // The form stays mounted at the issued task's address and loads it.
    fakeRoute(teachingApi.taskDetail, sampleTaskDetail({ id: '777' })),
  );
}

const issue = () => clickButton('下发任务');

/** Issuing asks first; OK in the confirmation issues the task. */
async function confirmIssue(name = 'MQTT 实训一') {
  const dialog = await screen.findByRole('dialog');
  expect(dialog.textContent).toContain(`确定下发任务「${name}」吗？`);
  fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
}

/** The body of a saved duration task of the course for the class. */
const savedBody = (partial: Record<string, unknown>) => ({
  name: 'MQTT 实训一',
  kind: 'practice',
  courseId: '701',
  stepIds: ['1001', '1002'],
  classId: '41',
  timeType: 'duration',
  envIds: ['901'],
  ...partial,
});

describe('task form', { timeout: 30_000 }, () => {
  it('checks the fields from the contract before anything is sent', async () => {
    const api = serveForm();
    renderView(<TaskEdit />, url);
    expect(await screen.findByText('新建教学任务')).toBeTruthy();

    issue();
    await waitFor(() => expect(errorOf('任务名称')).toBe('任务名称为 2 到 50 个字符'));
    expect(errorOf('课程')).toBe('请选择课程');
    expect(errorOf('班级')).toBe('请选择班级');
    expect(errorOf('时长（分钟）')).toBe('请输入时长');

    // Chosen students instead of a class: then students are required.
    fireEvent.click(screen.getByText('指定学生'));
    await waitFor(() => expect(screen.getByLabelText(/^\*?学生$/)).toBeTruthy());
    issue();
    await waitFor(() => expect(errorOf('学生')).toBe('请选择学生'));

    typeInto('时长（分钟）', '0');
    await waitFor(() => expect(errorOf('时长（分钟）')).toBe('时长须为正整数（分钟）'));
    typeInto('时长（分钟）', '525601');
    await waitFor(() => expect(errorOf('时长（分钟）')).toBe('时长不能超过 525600 分钟'));
    typeInto('时长（分钟）', '90');
    await waitFor(() => expect(errorOf('时长（分钟）')).toBeNull());

    fireEvent.click(screen.getByText('起止时间'));
    await waitFor(() => expect(screen.getByLabelText(/^\*?开始时间$/)).toBeTruthy());
    issue();
    await waitFor(() => expect(errorOf('开始时间')).toBe('请选择开始时间'));
    expect(errorOf('结束时间')).toBe('请选择结束时间');
    pickDate('开始时间', '2026-03-01 08:00');
    pickDate('结束时间', '2027-03-10 08:00');
    await waitFor(() => expect(errorOf('结束时间')).toBe('时间范围不能超过一年'));
    pickDate('结束时间', '2026-02-28 08:00');
    await waitFor(() => expect(errorOf('结束时间')).toBe('结束时间须晚于开始时间'));

    expect(api.calls(teachingApi.taskSave)).toEqual([]);
  });

  it('issues a task of a course to a class and goes to its detail in place of the form', async () => {
    const api = serveForm();
    renderView(<TaskEdit />, url);
    await screen.findByText('新建教学任务');

    typeInto('任务名称', 'MQTT 实训一');
    await chooseOption(screen.getByLabelText(/^\*?课程$/), 'MQTT 与传感器');
    // The course's steps, environments and resources are all offered, checked.
    expect(await screen.findByText('1-2 连接传感器 · 实训')).toBeTruthy();
    await waitFor(() =>
      expect(
        document.querySelectorAll('.ant-tree-treenode-checkbox-checked').length,
      ).toBeGreaterThanOrEqual(3),
    );
    expect(screen.getByText('接线图.pdf')).toBeTruthy();
    await chooseOption(screen.getByLabelText(/^\*?班级$/), '物联网 2301');
    typeInto('时长（分钟）', '90');
    typeInto('任务要求', '完成接线');
    issue();
    await confirmIssue();

    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/sch_edu/teaching/tasks/detail?id=777',
      ),
    );
    expect(screen.getByTestId('location').dataset.action).toBe('REPLACE');
    expect(api.bodies(teachingApi.taskSave)).toEqual([
      savedBody({ durationMinutes: 90, resourceIds: ['1201'], requirements: '完成接线' }),
    ]);
    expect(toastTexts()).toContain('任务已下发');
  });

  it('asks before issuing however the form is submitted, Enter in an input included', async () => {
    const api = serveForm();
    renderView(<TaskEdit />, url);
    await screen.findByText('新建教学任务');
    typeInto('任务名称', 'MQTT 实训一');
    await chooseOption(screen.getByLabelText(/^\*?课程$/), 'MQTT 与传感器');
    await screen.findByText('1-2 连接传感器 · 实训');
    await chooseOption(screen.getByLabelText(/^\*?班级$/), '物联网 2301');
    typeInto('时长（分钟）', '45');
    // What Enter in an input does: it submits the form.
    fireEvent.submit(field('任务名称').closest('form')!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('确定下发任务「MQTT 实训一」吗？');
    expect(api.calls(teachingApi.taskSave)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(teachingApi.taskSave)).toEqual([]);
    expect(screen.getByText('新建教学任务')).toBeTruthy();
  });

  it('puts a refusal about the students on the students field', async () => {
    serveForm(
      refusal(400, {
        message: '学生不存在',
        errorKey: 'teaching.student_not_found',
      }),
    );
    renderView(<TaskEdit />, url);
    await screen.findByText('新建教学任务');
    typeInto('任务名称', 'MQTT 实训一');
    await chooseOption(screen.getByLabelText(/^\*?课程$/), 'MQTT 与传感器');
    await screen.findByText('1-2 连接传感器 · 实训');
    await chooseOption(screen.getByLabelText(/^\*?班级$/), '物联网 2301');
    typeInto('时长（分钟）', '45');
    issue();
    await confirmIssue();
    await waitFor(() => expect(errorOf('班级')).toBe('学生不存在'));
    expect(toastTexts()).toEqual(['添加失败：学生不存在']);
    expect(labelErrorOf('章节与步骤')).toBeNull();
  });

  it('edits a task that has started: its course and steps stay, its time changes', async () => {
    const api = fakeApi(
      fakeRoute(teachingApi.taskDetail, sampleTaskDetail()),
      fakeRoute(coursesApi.page, page([sampleCourse()])),
      fakeRoute(coursesApi.detail, course),
      fakeRoute(classesApi.list, classes),
      fakeRoute(teachingApi.taskSave, sampleTask()),
    );
    renderView(<TaskEdit />, '/sch_edu/school/tasks/edit?id=501');
    expect(await screen.findByText('编辑教学任务')).toBeTruthy();
    expect(await screen.findByText('任务已开始，步骤不能再修改')).toBeTruthy();
    expect((field('任务名称') as HTMLInputElement).value).toBe('MQTT 实训一');
    typeInto('时长（分钟）', '120');
    clickButton('保存');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/sch_edu/school/tasks/detail?id=501',
      ),
    );
    expect(screen.getByTestId('location').dataset.action).toBe('REPLACE');
    expect(api.bodies(teachingApi.taskSave)).toEqual([
      savedBody({
        id: '501',
        durationMinutes: 120,
        resourceIds: [],
        requirements: '完成传感器接线并提交实验报告',
      }),
    ]);
    expect(toastTexts()).toContain('任务已保存');
  });
});
