/**
 * The course centre's routes: method and path of each, spread by `courses.api.ts`. The students'
 * course pages call them through `routeRefs`, so the hall's first load carries no schemas.
 */
export const coursesPaths = {
  page: { method: 'GET', path: '/api-teaching/course/page' },
  detail: { method: 'GET', path: '/api-teaching/course/detail/:id' },
  edit: { method: 'GET', path: '/api-teaching/course/edit/:id' },
  save: { method: 'POST', path: '/api-teaching/course/saveOrUpdate' },
  remove: { method: 'POST', path: '/api-teaching/course/delete' },
  transfer: { method: 'POST', path: '/api-teaching/course/transfer' },
  selfStudy: { method: 'POST', path: '/api-teaching/course/selfStudy' },
  chapterSave: { method: 'POST', path: '/api-teaching/course/chapter/saveOrUpdate' },
  chapterDelete: { method: 'POST', path: '/api-teaching/course/chapter/delete' },
  stepSave: { method: 'POST', path: '/api-teaching/course/step/saveOrUpdate' },
  stepDelete: { method: 'POST', path: '/api-teaching/course/step/delete' },
  fileUpload: { method: 'POST', path: '/api-teaching/course/file/upload' },
  file: { method: 'GET', path: '/api-teaching/course/file/:courseId/:fileId', response: 'file' },
  resourcePage: { method: 'GET', path: '/api-teaching/course/resource/page' },
  resourceUpload: { method: 'POST', path: '/api-teaching/course/resource/upload' },
  resourceDelete: { method: 'POST', path: '/api-teaching/course/resource/delete' },
  resourceDownload: {
    method: 'GET',
    path: '/api-teaching/course/resource/download/:id',
    response: 'file',
  },
  studentPage: { method: 'GET', path: '/api-teaching/student/course/page' },
  selfCulture: { method: 'GET', path: '/api-teaching/student/selfCulture/page' },
  myStudy: { method: 'GET', path: '/api-teaching/student/my/study' },
  studentInfo: { method: 'GET', path: '/api-teaching/student/course/info/:id' },
  studyStep: { method: 'GET', path: '/api-teaching/student/course/step/:id' },
  stepProgress: { method: 'POST', path: '/api-teaching/student/course/step/progress' },
  stepAnswer: { method: 'POST', path: '/api-teaching/student/course/step/answer' },
  stepReport: { method: 'GET', path: '/api-teaching/student/course/step/report/:id' },
  stepReportSave: { method: 'POST', path: '/api-teaching/student/course/step/report/save' },
  stepReportImage: { method: 'POST', path: '/api-teaching/student/course/step/report/image' },
  stepReportFile: {
    method: 'GET',
    path: '/api-teaching/student/course/report/file/:reportId/:fileId',
    response: 'file',
  },
  frontPage: { method: 'GET', path: '/openapi/api-teaching/course/front/page' },
} as const;
