import { pathOf, teachingApi } from '@platform/contract';
import { png } from '../../test/sample-files';
import {
  open,
  object,
  ownSchool,
  get,
  post,
  multipart,
  type TenancyEntries,
} from '../../test/tenancy';

/** The tenant walk's entries for the routes of teaching (`test/tenant-isolation.test.ts`). */
export const teachingTenancy: TenancyEntries = {
  'GET /api-teaching/teaching/task/page': ownSchool(() => get(teachingApi.taskPage.path)),
  'GET /api-teaching/teaching/task/detail/:id': object((t) =>
    get(pathOf(teachingApi.taskDetail.path, { id: t.teachingTaskId })),
  ),
  'POST /api-teaching/teaching/task/saveOrUpdate': object((t) =>
    post(teachingApi.taskSave.path, {
      id: t.teachingTaskId,
      name: `${t.marker} task`,
      kind: 'practice',
      courseId: t.courseId,
      stepIds: [t.stepId, t.reportStepId],
      studentIds: [t.student.id],
      timeType: 'range',
      startAt: new Date(Date.now() - 7200_000).toISOString(),
      endAt: new Date(Date.now() + 7200_000).toISOString(),
    }),
  ),
  'POST /api-teaching/teaching/task/cancel/:id': object(async (t) =>
    post(pathOf(teachingApi.taskCancel.path, { id: await t.newTask() })),
  ),
  'POST /api-teaching/teaching/task/delete/:id': object(async (t) =>
    post(pathOf(teachingApi.taskDelete.path, { id: await t.newTask() })),
  ),
  'POST /api-teaching/teaching/task/extend': object((t) =>
    post(teachingApi.taskExtend.path, {
      taskId: t.teachingTaskId,
      studentTaskIds: [t.studentTaskId],
      until: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    }),
  ),
  'GET /api-teaching/teaching/task/student/:id': object((t) =>
    get(pathOf(teachingApi.taskStudent.path, { id: t.studentTaskId })),
  ),
  'POST /api-teaching/teaching/task/score': object(async (t) =>
    post(teachingApi.taskScore.path, {
      studentTaskId: await t.newStudentTask(),
      score: 90,
      comment: t.marker,
    }),
  ),
  'POST /api-teaching/teaching/task/report/return': object(async (t) =>
    post(teachingApi.reportReturn.path, { studentTaskId: await t.newSubmittedStudentTask() }),
  ),
  'POST /api-teaching/teaching/task/issueScores/:id': object(async (t) =>
    post(pathOf(teachingApi.issueScores.path, { id: await t.newScoredTask() })),
  ),
  'POST /api-teaching/teaching/task/archive/:id': object(async (t) =>
    post(pathOf(teachingApi.archive.path, { id: await t.newIssuedTask() })),
  ),
  'POST /api-teaching/teaching/task/lab/watch/:id': object(
    (t) => post(pathOf(teachingApi.labWatch.path, { id: t.studentTaskId })),
    false,
    'the grant needs a running lab: teaching.labs.test.ts proves it for the task’s teachers',
  ),
  'GET /api-teaching/teaching/task/lab/files/:id': object(
    (t) => get(pathOf(teachingApi.labFiles.path, { id: t.studentTaskId }), { envId: t.envId }),
    false,
    'a home exists once the student has started a lab: teaching.labs.test.ts reads one',
  ),
  'GET /api-teaching/teaching/task/lab/file/:id': object(
    (t) =>
      get(pathOf(teachingApi.labFile.path, { id: t.studentTaskId }), {
        envId: t.envId,
        path: 'README.txt',
      }),
    false,
    'a home exists once the student has started a lab: teaching.labs.test.ts reads one',
  ),
  'GET /api-teaching/teaching/dashboard': ownSchool(() =>
    get(teachingApi.dashboard.path, { period: 'all' }),
  ),
  'GET /api-teaching/student/tasks/own/list': ownSchool(
    () => get(teachingApi.ownList.path),
    'student',
  ),
  'GET /api-teaching/student/my/task': ownSchool(() => get(teachingApi.myTask.path), 'student'),
  'GET /api-teaching/student/tasks/own/detail': object(
    (t) => get(teachingApi.ownDetail.path, { id: t.studentTaskId }),
    'student',
  ),
  'GET /api-teaching/student/task/studyStep/:id': object(
    (t) =>
      get(pathOf(teachingApi.studyStep.path, { id: t.stepId }), { studentTaskId: t.studentTaskId }),
    'student',
  ),
  'GET /api-teaching/student/task/getRemainTime': object(
    (t) =>
      get(teachingApi.remainTime.path, {
        teachingTaskId: t.teachingTaskId,
        studentTaskId: t.studentTaskId,
      }),
    'student',
  ),
  'POST /api-teaching/student/task/start/:id': object(
    (t) => post(pathOf(teachingApi.taskStart.path, { id: t.studentTaskId })),
    'student',
  ),
  'POST /api-teaching/student/task/submit/:id': object(
    async (t) => post(pathOf(teachingApi.taskSubmit.path, { id: await t.newStudentTask() })),
    'student',
  ),
  'POST /api-teaching/student/task/step/answer': object(async (t) => {
    const { studentTaskId, stepId } = await t.newAnswerable();
    return post(teachingApi.stepAnswer.path, {
      studentTaskId,
      stepId,
      answers: [{ kind: 'judgement', answer: true }],
    });
  }, 'student'),
  'POST /api-teaching/student/task/step/progress': object(
    (t) =>
      post(teachingApi.stepProgress.path, {
        studentTaskId: t.studentTaskId,
        stepId: t.stepId,
        completed: true,
      }),
    'student',
  ),
  'POST /api-teaching/student/task/step/check': object(
    (t) => post(teachingApi.stepCheck.path, { studentTaskId: t.studentTaskId, stepId: t.stepId }),
    false,
    'checks run against a running lab: teaching.labs.test.ts proves them for the student',
  ),
  'POST /api-teaching/student/report/save': object(
    (t) =>
      post(teachingApi.reportSave.path, {
        studentTaskId: t.studentTaskId,
        revision: 1,
        content: { type: 'doc', content: [{ type: 'paragraph' }] },
      }),
    'student',
  ),
  'POST /api-teaching/student/report/submit': object(
    async (t) =>
      post(teachingApi.reportSubmit.path, {
        studentTaskId: await t.newStudentTask(),
        content: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'report' }] }],
        },
      }),
    'student',
  ),
  'POST /api-teaching/student/report/image': object(
    (t) =>
      multipart(teachingApi.reportImage.path, 'chart.png', png(), {
        studentTaskId: t.studentTaskId,
      }),
    'student',
  ),
  'GET /api-teaching/student/report/file/:studentTaskId/:fileId': open(
    'a signed address handed out with the report: the signature is the access, and a wrong or expired one is not found (teaching.students.reports.test.ts)',
    (t) => get(t.reportFileUrl),
  ),
  'GET /api-teaching/student/report/page': ownSchool(
    () => get(teachingApi.myReports.path),
    'student',
  ),
  'GET /api-teaching/student/report/info/:id': object(
    (t) => get(pathOf(teachingApi.reportInfo.path, { id: t.studentTaskId })),
    'student',
  ),
};
