import fc from 'fast-check';
import { anonymous, student, manager, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of courses (`test/bad-input/walk.ts`). */
export const coursesBadInput: BadInputEntries = {
  'GET /openapi/api-teaching/course/front/page': anonymous('the public site’s course list'),
  'GET /api-teaching/course/page': manager,
  'GET /api-teaching/course/detail/:id': manager,
  'GET /api-teaching/course/edit/:id': manager,
  'POST /api-teaching/course/saveOrUpdate': manager,
  'POST /api-teaching/course/delete': manager,
  'POST /api-teaching/course/transfer': manager,
  'POST /api-teaching/course/selfStudy': manager,
  'POST /api-teaching/course/chapter/saveOrUpdate': manager,
  'POST /api-teaching/course/chapter/delete': manager,
  'POST /api-teaching/course/step/saveOrUpdate': manager,
  'POST /api-teaching/course/step/delete': manager,
  'POST /api-teaching/course/file/upload': {
    ...manager,
    multipart: (fx) => ({
      courseId: fc.constantFrom(fx.course.id, ...fx.ids),
      kind: fc.constantFrom('cover', 'image', 'video', 'pdf', 'attachment', 'other', ''),
    }),
  },
  'GET /api-teaching/course/file/:courseId/:fileId': anonymous(
    'a signed address: the signature is the access',
  ),
  'GET /api-teaching/course/resource/page': manager,
  'POST /api-teaching/course/resource/upload': {
    ...manager,
    multipart: (fx) => ({ courseId: fc.constantFrom(fx.course.id, ...fx.ids) }),
  },
  'POST /api-teaching/course/resource/delete': manager,
  'GET /api-teaching/course/resource/download/:id': student,
  'GET /api-teaching/student/course/page': student,
  'GET /api-teaching/student/selfCulture/page': student,
  'GET /api-teaching/student/my/study': student,
  'GET /api-teaching/student/course/info/:id': student,
  'GET /api-teaching/student/course/step/:id': student,
  'POST /api-teaching/student/course/step/progress': student,
  'POST /api-teaching/student/course/step/answer': student,
  'GET /api-teaching/student/course/step/report/:id': student,
  'POST /api-teaching/student/course/step/report/save': student,
  'POST /api-teaching/student/course/step/report/image': {
    ...student,
    multipart: (fx) => ({
      stepId: fc.constantFrom(...fx.ids, '', 'x', '-1'),
    }),
  },
  'GET /api-teaching/student/course/report/file/:reportId/:fileId': anonymous(
    'a signed address: the signature is the access',
  ),
};
