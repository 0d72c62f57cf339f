import { pathOf, coursesApi } from '@platform/contract';
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

/** The tenant walk's entries for the routes of courses (`test/tenant-isolation.test.ts`). */
export const coursesTenancy: TenancyEntries = {
  'GET /openapi/api-teaching/course/front/page': open(
    'the public site’s course list: platform courses only, no school’s data',
    () => get(coursesApi.frontPage.path),
  ),
  'GET /api-teaching/course/page': ownSchool(() => get(coursesApi.page.path)),
  'GET /api-teaching/course/detail/:id': object((t) =>
    get(pathOf(coursesApi.detail.path, { id: t.courseId })),
  ),
  'GET /api-teaching/course/edit/:id': object((t) =>
    get(pathOf(coursesApi.edit.path, { id: t.courseId })),
  ),
  'POST /api-teaching/course/saveOrUpdate': object((t) =>
    post(coursesApi.save.path, {
      id: t.courseId,
      name: { zh: `${t.marker} 课程` },
      difficulty: 'easy',
      specialty: 'ai',
      envIds: [t.envId],
    }),
  ),
  'POST /api-teaching/course/delete': object(async (t) =>
    post(coursesApi.remove.path, { id: await t.newCourse() }),
  ),
  'POST /api-teaching/course/transfer': object((t) =>
    post(coursesApi.transfer.path, { id: t.courseId, teacherId: t.teacher.id }),
  ),
  'POST /api-teaching/course/selfStudy': object((t) =>
    post(coursesApi.selfStudy.path, { id: t.courseId, open: true }),
  ),
  'POST /api-teaching/course/chapter/saveOrUpdate': object((t) =>
    post(coursesApi.chapterSave.path, {
      id: t.chapterId,
      courseId: t.courseId,
      name: { zh: `第1章 ${t.marker}` },
    }),
  ),
  'POST /api-teaching/course/chapter/delete': object(async (t) =>
    post(coursesApi.chapterDelete.path, { id: await t.newChapter() }),
  ),
  'POST /api-teaching/course/step/saveOrUpdate': object((t) =>
    post(coursesApi.stepSave.path, {
      id: t.stepId,
      chapterId: t.chapterId,
      name: { zh: `1-1 ${t.marker}` },
      content: { type: 'document', doc: { zh: { type: 'doc', content: [{ type: 'paragraph' }] } } },
    }),
  ),
  'POST /api-teaching/course/step/delete': object(async (t) =>
    post(coursesApi.stepDelete.path, { id: await t.newStep() }),
  ),
  'POST /api-teaching/course/file/upload': object((t) =>
    multipart(coursesApi.fileUpload.path, 'image.png', png(), {
      courseId: t.courseId,
      kind: 'image',
    }),
  ),
  'GET /api-teaching/course/file/:courseId/:fileId': open(
    'a signed address handed out with the course: the signature is the access, and a wrong or expired one is not found (courses.files.test.ts)',
    (t) => get(t.fileUrl),
  ),
  'GET /api-teaching/course/resource/page': object((t) =>
    get(coursesApi.resourcePage.path, { courseId: t.courseId }),
  ),
  'POST /api-teaching/course/resource/upload': object((t) =>
    multipart(coursesApi.resourceUpload.path, 'notes.txt', 'resource', { courseId: t.courseId }),
  ),
  'POST /api-teaching/course/resource/delete': object(async (t) =>
    post(coursesApi.resourceDelete.path, { id: await t.newResource() }),
  ),
  'GET /api-teaching/course/resource/download/:id': object((t) =>
    get(pathOf(coursesApi.resourceDownload.path, { id: t.resourceId })),
  ),
  'GET /api-teaching/student/course/page': ownSchool(
    () => get(coursesApi.studentPage.path),
    'student',
  ),
  'GET /api-teaching/student/selfCulture/page': ownSchool(
    () => get(coursesApi.selfCulture.path),
    'student',
  ),
  'GET /api-teaching/student/my/study': ownSchool(() => get(coursesApi.myStudy.path), 'student'),
  'GET /api-teaching/student/course/info/:id': object(
    (t) => get(pathOf(coursesApi.studentInfo.path, { id: t.courseId })),
    'student',
  ),
  'GET /api-teaching/student/course/step/:id': object(
    (t) => get(pathOf(coursesApi.studyStep.path, { id: t.stepId })),
    'student',
  ),
  'POST /api-teaching/student/course/step/progress': object(
    (t) =>
      post(coursesApi.stepProgress.path, { stepId: t.stepId, videoSeconds: 3, completed: true }),
    'student',
  ),
  'GET /api-teaching/student/course/step/report/:id': object(
    (t) => get(pathOf(coursesApi.stepReport.path, { id: t.reportStepId })),
    'student',
  ),
  'POST /api-teaching/student/course/step/report/save': object(
    (t) =>
      post(coursesApi.stepReportSave.path, {
        stepId: t.reportStepId,
        revision: 1,
        content: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'notes' }] }],
        },
      }),
    'student',
  ),
  'POST /api-teaching/student/course/step/report/image': object(
    (t) =>
      multipart(coursesApi.stepReportImage.path, 'chart.png', png(), { stepId: t.reportStepId }),
    'student',
  ),
  'GET /api-teaching/student/course/report/file/:reportId/:fileId': open(
    'a signed address handed out with the self-study report: the signature is the access, and a wrong or expired one is not found (courses.report.test.ts)',
    (t) => get(t.stepReportFileUrl),
  ),
  'POST /api-teaching/student/course/step/answer': object(
    async (t) =>
      post(coursesApi.stepAnswer.path, {
        stepId: await t.newQuestionStep(),
        answers: [{ kind: 'judgement', answer: true }],
      }),
    'student',
  ),
};
