import fc from 'fast-check';
import { anonymous, student, manager, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of teaching (`test/bad-input/walk.ts`). */
export const teachingBadInput: BadInputEntries = {
  'GET /api-teaching/teaching/task/page': manager,
  'GET /api-teaching/teaching/task/detail/:id': manager,
  'POST /api-teaching/teaching/task/saveOrUpdate': manager,
  'POST /api-teaching/teaching/task/cancel/:id': manager,
  'POST /api-teaching/teaching/task/delete/:id': manager,
  'POST /api-teaching/teaching/task/extend': manager,
  'GET /api-teaching/teaching/task/student/:id': manager,
  'POST /api-teaching/teaching/task/score': manager,
  'POST /api-teaching/teaching/task/report/return': manager,
  'POST /api-teaching/teaching/task/issueScores/:id': manager,
  'POST /api-teaching/teaching/task/archive/:id': manager,
  'POST /api-teaching/teaching/task/lab/watch/:id': manager,
  'GET /api-teaching/teaching/task/lab/files/:id': manager,
  'GET /api-teaching/teaching/task/lab/file/:id': manager,
  'GET /api-teaching/teaching/dashboard': manager,
  'GET /api-teaching/student/tasks/own/list': student,
  'GET /api-teaching/student/my/task': student,
  'GET /api-teaching/student/tasks/own/detail': student,
  'GET /api-teaching/student/task/studyStep/:id': student,
  'GET /api-teaching/student/task/getRemainTime': student,
  'POST /api-teaching/student/task/start/:id': student,
  'POST /api-teaching/student/task/submit/:id': student,
  'POST /api-teaching/student/task/step/answer': student,
  'POST /api-teaching/student/task/step/progress': student,
  'POST /api-teaching/student/task/step/check': student,
  'POST /api-teaching/student/report/save': student,
  'POST /api-teaching/student/report/submit': student,
  'POST /api-teaching/student/report/image': {
    ...student,
    multipart: (fx) => ({
      studentTaskId: fc.constantFrom(fx.task.studentTaskId, ...fx.ids, '', 'x', '-1'),
    }),
  },
  'GET /api-teaching/student/report/file/:studentTaskId/:fileId': anonymous(
    'a signed address: the signature is the access',
  ),
  'GET /api-teaching/student/report/page': student,
  'GET /api-teaching/student/report/info/:id': student,
};
