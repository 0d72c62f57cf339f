import { z } from 'zod';
import {
  chapterSaveSchema,
  courseDetailSchema,
  courseEditSchema,
  courseFileQuerySchema,
  courseFileUploadFieldsSchema,
  courseFileUploadedSchema,
  courseIdBodySchema,
  coursePageQuerySchema,
  courseResourcePageQuerySchema,
  courseResourceSchema,
  courseResourceUploadFieldsSchema,
  courseSaveSchema,
  courseSelfStudySchema,
  courseSummarySchema,
  courseTransferSchema,
  frontCoursePageQuerySchema,
  frontCourseSchema,
  stepAnswerResultSchema,
  stepAnswerSchema,
  stepEditSchema,
  chapterEditSchema,
  stepProgressSaveSchema,
  stepReportImageFieldsSchema,
  stepReportImageSchema,
  stepReportSaveSchema,
  stepReportSavedSchema,
  stepReportSchema,
  stepSaveSchema,
  studentCourseCardSchema,
  studentCourseInfoSchema,
  studentCoursePageQuerySchema,
  studyStepSchema,
} from './courses';
import { coursesPaths } from './courses.paths';
import { idSchema, pageOf } from './envelope';
import { defineRoute } from './route';

const feature = 'courses';
const keepers = ['school-manager', 'teacher'] as const;
const students = ['student'] as const;
const idParams = /* @__PURE__ */ z.object({ id: idSchema });

/**
 * The course centre (management spec §2): a school's courses and the platform's, their chapters,
 * steps, files and resources; and the students' course hall, self culture and study (platform
 * spec §2). Object rules (which school, which course) are the courses policy's.
 */
export const coursesApi = {
  page: /* @__PURE__ */ defineRoute({
    ...coursesPaths.page,
    feature,
    summary: "Courses of the caller's school and the platform's, paged, in the caller's language",
    query: coursePageQuerySchema,
    response: /* @__PURE__ */ pageOf(courseSummarySchema),
    access: { who: keepers },
  }),
  detail: /* @__PURE__ */ defineRoute({
    ...coursesPaths.detail,
    feature,
    summary:
      "A course with its chapters, steps, environments and resources, in the caller's language",
    params: idParams,
    response: courseDetailSchema,
    access: { who: keepers },
  }),
  edit: /* @__PURE__ */ defineRoute({
    ...coursesPaths.edit,
    feature,
    summary: 'A course of the school as its editor needs it: every text in both languages',
    params: idParams,
    response: courseEditSchema,
    access: { who: keepers, permission: 'course.edit' },
  }),
  save: /* @__PURE__ */ defineRoute({
    ...coursesPaths.save,
    feature,
    summary: 'Add a course of the school, or update one when the body has an id',
    body: courseSaveSchema,
    response: courseSummarySchema,
    access: {
      who: keepers,
      permission: {
        keys: ['course.add', 'course.edit'],
        pick: (body: { id?: string | undefined }) => (body.id ? 'course.edit' : 'course.add'),
      },
    },
  }),
  remove: /* @__PURE__ */ defineRoute({
    ...coursesPaths.remove,
    feature,
    summary:
      'Delete a course of the school, or take a purchased one off its list; refused for a purchased course within its validity',
    body: courseIdBodySchema,
    response: /* @__PURE__ */ z.null(),
    access: { who: ['school-manager'], permission: 'course.delete' },
  }),
  transfer: /* @__PURE__ */ defineRoute({
    ...coursesPaths.transfer,
    feature,
    summary: 'Give a course of the school to another teacher of the school',
    body: courseTransferSchema,
    response: courseSummarySchema,
    access: { who: ['school-manager'], permission: 'course.transfer' },
  }),
  selfStudy: /* @__PURE__ */ defineRoute({
    ...coursesPaths.selfStudy,
    feature,
    summary:
      "Open a course to the school's students for self-study, or close it; every chapter needs steps",
    body: courseSelfStudySchema,
    response: courseSummarySchema,
    access: { who: keepers, permission: 'course.edit' },
  }),
  chapterSave: /* @__PURE__ */ defineRoute({
    ...coursesPaths.chapterSave,
    feature,
    summary: 'Add a chapter to a course, or update one when the body has an id',
    body: chapterSaveSchema,
    response: chapterEditSchema,
    access: { who: keepers, permission: 'course.edit' },
  }),
  chapterDelete: /* @__PURE__ */ defineRoute({
    ...coursesPaths.chapterDelete,
    feature,
    summary: 'Delete a chapter and its steps',
    body: courseIdBodySchema,
    response: /* @__PURE__ */ z.null(),
    access: { who: keepers, permission: 'course.edit' },
  }),
  stepSave: /* @__PURE__ */ defineRoute({
    ...coursesPaths.stepSave,
    feature,
    summary:
      'Add a step to a chapter, or update one when the body has an id; lab steps need one of the course’s environments',
    body: stepSaveSchema,
    response: stepEditSchema,
    access: { who: keepers, permission: 'course.edit' },
  }),
  stepDelete: /* @__PURE__ */ defineRoute({
    ...coursesPaths.stepDelete,
    feature,
    summary: 'Delete a step',
    body: courseIdBodySchema,
    response: /* @__PURE__ */ z.null(),
    access: { who: keepers, permission: 'course.edit' },
  }),
  fileUpload: /* @__PURE__ */ defineRoute({
    ...coursesPaths.fileUpload,
    feature,
    summary:
      'Upload a cover, image, video, PDF or attachment of a course (multipart: courseId, kind, file); checked by content and size',
    upload: { fields: courseFileUploadFieldsSchema, file: 'file' },
    response: courseFileUploadedSchema,
    access: { who: keepers, permission: 'course.edit' },
  }),
  file: /* @__PURE__ */ defineRoute({
    ...coursesPaths.file,
    feature,
    summary:
      'A file of a course at a signed address that the course’s answers hand out (Range requests; expires)',
    params: /* @__PURE__ */ z.object({
      courseId: idSchema,
      fileId: /* @__PURE__ */ z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'invalid_format'),
    }),
    query: courseFileQuerySchema,
    response: 'file',
    access: { who: 'public' },
  }),
  resourcePage: /* @__PURE__ */ defineRoute({
    ...coursesPaths.resourcePage,
    feature,
    summary: 'The resource file table of a course, paged',
    query: courseResourcePageQuerySchema,
    response: /* @__PURE__ */ pageOf(courseResourceSchema),
    access: { who: keepers },
  }),
  resourceUpload: /* @__PURE__ */ defineRoute({
    ...coursesPaths.resourceUpload,
    feature,
    summary: 'Add a file to a course’s resource table (multipart: courseId, file)',
    upload: { fields: courseResourceUploadFieldsSchema, file: 'file' },
    response: courseResourceSchema,
    access: { who: keepers, permission: 'course.resource' },
  }),
  resourceDelete: /* @__PURE__ */ defineRoute({
    ...coursesPaths.resourceDelete,
    feature,
    summary: 'Remove a file from a course’s resource table',
    body: courseIdBodySchema,
    response: /* @__PURE__ */ z.null(),
    access: { who: keepers, permission: 'course.resource' },
  }),
  resourceDownload: /* @__PURE__ */ defineRoute({
    ...coursesPaths.resourceDownload,
    feature,
    summary: 'Download a resource file under its name',
    params: idParams,
    response: 'file',
    access: { who: [...keepers, ...students] },
  }),

  studentPage: /* @__PURE__ */ defineRoute({
    ...coursesPaths.studentPage,
    feature,
    summary:
      "Course hall: the school's courses open to students and its purchased platform courses, with the caller's progress",
    query: studentCoursePageQuerySchema,
    response: /* @__PURE__ */ pageOf(studentCourseCardSchema),
    access: { who: students },
  }),
  selfCulture: /* @__PURE__ */ defineRoute({
    ...coursesPaths.selfCulture,
    feature,
    summary: 'Self culture: courses open for self-study outside any task, paged',
    query: studentCoursePageQuerySchema,
    response: /* @__PURE__ */ pageOf(studentCourseCardSchema),
    access: { who: students },
  }),
  myStudy: /* @__PURE__ */ defineRoute({
    ...coursesPaths.myStudy,
    feature,
    summary: 'My study: the courses the caller has begun, the latest first, with progress',
    query: studentCoursePageQuerySchema,
    response: /* @__PURE__ */ pageOf(studentCourseCardSchema),
    access: { who: students },
  }),
  studentInfo: /* @__PURE__ */ defineRoute({
    ...coursesPaths.studentInfo,
    feature,
    summary:
      "Course info: the outline with the caller's state of each step, in the caller's language",
    params: idParams,
    response: studentCourseInfoSchema,
    access: { who: students },
  }),
  studyStep: /* @__PURE__ */ defineRoute({
    ...coursesPaths.studyStep,
    feature,
    summary:
      "A step to study, in the caller's language: its content, files at signed addresses, and the caller's progress",
    params: idParams,
    response: studyStepSchema,
    access: { who: students },
  }),
  stepProgress: /* @__PURE__ */ defineRoute({
    ...coursesPaths.stepProgress,
    feature,
    summary: 'Remember where the caller is in a video, or that a step is done',
    body: stepProgressSaveSchema,
    response: /* @__PURE__ */ z.null(),
    access: { who: students },
  }),
  stepAnswer: /* @__PURE__ */ defineRoute({
    ...coursesPaths.stepAnswer,
    feature,
    summary: 'Answer the questions of a step: scored at once, with the right answers and analysis',
    body: stepAnswerSchema,
    response: stepAnswerResultSchema,
    access: { who: students },
  }),
  stepReport: /* @__PURE__ */ defineRoute({
    ...coursesPaths.stepReport,
    feature,
    summary: "The caller's own report of a report step studied on their own",
    params: idParams,
    response: stepReportSchema,
    access: { who: students },
  }),
  stepReportSave: /* @__PURE__ */ defineRoute({
    ...coursesPaths.stepReportSave,
    feature,
    summary:
      "Save the caller's report of a report step studied on their own (the highest revision wins); finishing it completes the step",
    body: stepReportSaveSchema,
    response: stepReportSavedSchema,
    access: { who: students },
  }),
  stepReportImage: /* @__PURE__ */ defineRoute({
    ...coursesPaths.stepReportImage,
    feature,
    summary: "Upload an image (JPG or PNG, 5 MB) into the caller's self-study report",
    upload: { fields: stepReportImageFieldsSchema, file: 'file' },
    response: stepReportImageSchema,
    access: { who: students },
  }),
  stepReportFile: /* @__PURE__ */ defineRoute({
    ...coursesPaths.stepReportFile,
    feature,
    summary: 'An image of a self-study report, at a signed address handed out with the report',
    params: /* @__PURE__ */ z.object({
      reportId: idSchema,
      fileId: /* @__PURE__ */ z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'invalid_format'),
    }),
    query: courseFileQuerySchema,
    response: 'file',
    access: { who: 'public' },
  }),
  frontPage: /* @__PURE__ */ defineRoute({
    ...coursesPaths.frontPage,
    feature,
    summary:
      "The public site's course list: the platform's live courses with covers and chapter names, paged; no sign-in, no school's courses",
    query: frontCoursePageQuerySchema,
    response: /* @__PURE__ */ pageOf(frontCourseSchema),
    access: { who: 'public' },
  }),
} as const;
