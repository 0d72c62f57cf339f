import { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pathOf,
  UserKind,
  studentsApi,
  classesApi,
  collegesApi,
  customersApi,
  cmsApi,
  announcementsApi,
  footerApi,
  importsApi,
  menusApi,
  orgApi,
  regionsApi,
  rolesApi,
  schoolsApi,
  teachersApi,
  usersApi,
  environmentsApi,
  labsApi,
  coursesApi,
  noticesApi,
  teachingApi,
  trialsApi,
  smsApi,
  billingApi,
  platformRoleCodes,
  type Access,
  type RoleCode,
} from '@platform/contract';
import {
  classes,
  classMajors,
  courseChapters,
  courseEnvironments,
  coursePurchases,
  courseResources,
  courseStepReports,
  courseSteps,
  courses,
  customers,
  departments,
  importJobs,
  labContainers,
  majors,
  notices,
  schools,
  stepProgress,
  studentTasks,
  taskReports,
  teachingTasks,
  teachingTaskSteps,
  users,
} from '../db/schema';
import {
  createEnvironment,
  createImportJob,
  createLabContainer,
  createNotice,
  createSchool,
  createTeachingTask,
  createUser,
  signIn,
} from './factories';
import { createHarness, type Harness } from './harness';
import { png } from './sample-files';
import { insertCourseTree } from '../features/courses/courses.service';
import { reportFileRoute } from '../features/teaching/teaching.service';
import { stepReportFileRoute } from '../features/courses/courses.study';
import {
  courseFileKey,
  FileSigner,
  fileUrlSecret,
  newFileId,
  resourceKey,
} from '../features/courses/courses.files';

/**
 * Walks every route the server registers. For each, users of school A (administrator, teacher,
 * student) address school B's objects and must be refused, never answered with B's data; B's rows
 * must be unchanged afterwards. Where a route addresses an object, the same request against A's
 * own object by A's administrator must succeed, so a refusal is proven to come from the school
 * boundary and not from a malformed request. A route without an entry fails the walk.
 */

interface Account {
  id: string;
  username: string;
  token: string;
}

interface Tenant {
  schoolId: string;
  marker: string;
  manager: Account;
  teacher: Account;
  student: Account;
  classId: string;
  className: string;
  departmentId: string;
  majorId: string;
  teachingTaskId: string;
  /** The student's task of `teachingTaskId` (a document step and a report step). */
  studentTaskId: string;
  reportStepId: string;
  /** A signed address of an image of the student's report. */
  reportFileUrl: string;
  /** A signed address of an image of the student's self-study report of the report step. */
  stepReportFileUrl: string;
  /** A notice of the student. */
  noticeId: string;
  containerId: string;
  jobId: string;
  customerId: string;
  envId: string;
  courseId: string;
  chapterId: string;
  stepId: string;
  resourceId: string;
  /** A signed address of an image of the course. */
  fileUrl: string;
  /**
   * Objects of this school for requests that consume them: fresh ones in school A (the controls
   * use them up), fixed spares in school B (whose rows must not change).
   */
  newClass(): Promise<string>;
  newStudent(): Promise<string>;
  newTeacher(): Promise<string>;
  newDepartment(): Promise<string>;
  newMajor(): Promise<string>;
  newCourse(): Promise<string>;
  newChapter(): Promise<string>;
  newStep(): Promise<string>;
  /** A judgement question step, answered right with `true`. */
  newQuestionStep(): Promise<string>;
  newResource(): Promise<string>;
  /** A teaching task that has not started, with the student in it. */
  newTask(): Promise<string>;
  /** A task whose only student is scored. */
  newScoredTask(): Promise<string>;
  /** A task whose scores are issued. */
  newIssuedTask(): Promise<string>;
  /** A student task of an ongoing task, to work on. */
  newStudentTask(): Promise<string>;
  /** A student task with a submitted report. */
  newSubmittedStudentTask(): Promise<string>;
  /** A student task of an ongoing task with a judgement question step, answered right with `true`. */
  newAnswerable(): Promise<{ studentTaskId: string; stepId: string }>;
}

type Build = (t: Tenant) => Promise<InjectOptions> | InjectOptions;

type Entry =
  /** Not school data: sign-in, the own account, public site data, the platform's catalogue. */
  | { kind: 'open'; why: string; request?: Build }
  /** Platform staff only: every school role is refused. */
  | { kind: 'staff'; request: Build }
  /** Addresses one of a school's objects: refused across schools, works inside (the control). */
  | { kind: 'object'; request: Build; control?: false | RoleCode; controlWhy?: string }
  /** Lists or writes inside the actor's own school: answers, but never with another school's data. */
  | { kind: 'own-school'; request: Build; control?: RoleCode }
  /** Served on lab origins only; the API origin answers 404. */
  | { kind: 'lab-origin' };

const open = (why: string, request?: Build): Entry => ({
  kind: 'open',
  why,
  ...(request ? { request } : {}),
});
const staff = (request: Build): Entry => ({ kind: 'staff', request });
const object = (request: Build, control?: false | RoleCode, controlWhy?: string): Entry => ({
  kind: 'object',
  request,
  ...(control !== undefined ? { control } : {}),
  ...(controlWhy ? { controlWhy } : {}),
});
const ownSchool = (request: Build, control?: RoleCode): Entry => ({
  kind: 'own-school',
  request,
  ...(control ? { control } : {}),
});

const get = (url: string, query?: Record<string, string>): InjectOptions => ({
  method: 'GET',
  url,
  ...(query ? { query } : {}),
});
const post = (url: string, payload?: unknown, query?: Record<string, string>): InjectOptions => ({
  method: 'POST',
  url,
  ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
  ...(query ? { query } : {}),
});
const put = (url: string, payload?: unknown, query?: Record<string, string>): InjectOptions => ({
  ...post(url, payload, query),
  method: 'PUT',
});

const labOnly =
  'labs.test.ts proves the positive paths; starting real labs here would only slow the walk';

/** The table: one entry per registered route (`METHOD path`). */
const table: Record<string, Entry> = {
  'GET /api/health': open('liveness, no data'),
  'GET /api/docs/static/index.html': open('API documentation'),
  'GET /api/docs/static/swagger-initializer.js': open('API documentation'),
  'GET /api/docs/json': open('API documentation'),
  'GET /api/docs/yaml': open('API documentation'),
  'GET /api/docs/static/*': open('API documentation'),
  'POST /api-uaa/oauth/token': open('sign-in of the caller'),
  'POST /api-uaa/oauth/logout': open('ends the caller’s own session'),
  'GET /api-user/users/current': open('the caller’s own account', () => get(usersApi.current.path)),
  'PUT /api-user/users/password': open('changes the caller’s own password (users.test.ts)'),
  'POST /api-user/api/user/save/login/log': open('records the caller’s own sign-in'),
  'GET /api-user/menus/all/:appid': open('the caller’s own menu tree', () =>
    get(pathOf(menusApi.all.path, { appid: 'platform-web' })),
  ),
  'GET /api-user/menus/permissions/:appid': open('the caller’s own permissions', () =>
    get(pathOf(menusApi.permissions.path, { appid: 'platform-web' })),
  ),
  'GET /api-teaching/college/detail/:id': object((t) =>
    get(pathOf(schoolsApi.detail.path, { id: t.schoolId })),
  ),
  'GET /api-user/school/profile': ownSchool(() => get(schoolsApi.profile.path)),
  'POST /api-user/school/profile/update': ownSchool(() =>
    post(schoolsApi.profileUpdate.path, { intro: 'Updated introduction', address: 'Road 1' }),
  ),
  'GET /api-teaching/student/tasks/do/heartbeat/is/whitelist': open('the caller’s own flag'),
  'GET /openapi/api-user/client/config/list': open('public site configuration'),
  'GET /openapi/api-operation/system/announcement': open('public announcement'),
  'GET /api-operation/system/announcement/detail': staff(() => get(announcementsApi.detail.path)),
  'POST /api-operation/system/announcement/save': staff(() => post(announcementsApi.save.path, {})),
  'GET /openapi/api-operation/system/footer': open('public site footer', () =>
    get(footerApi.get.path),
  ),
  'GET /api-operation/system/footer/detail': staff(() => get(footerApi.detail.path)),
  'POST /api-operation/system/footer/save': staff(() => post(footerApi.save.path, {})),
  'POST /api-operation/system/footer/qrcode/upload': staff(() =>
    multipart(footerApi.qrUpload.path, 'qr.png', 'not an image'),
  ),
  'GET /openapi/api-operation/system/footer/qrcode/:fileId': open(
    'public QR code images of the footer, by unguessable id',
  ),
  'POST /api-experiment/center/page': open('the platform’s environment catalogue', () =>
    post(labsApi.centerPage.path, {}),
  ),
  'GET /api-experiment/center/detail/:id': open('the platform’s environment catalogue', (t) =>
    get(pathOf(labsApi.centerDetail.path, { id: t.envId })),
  ),
  'POST /api-experiment/containers/start': open(
    'starts a lab of the caller for a platform environment (labs.test.ts)',
  ),
  'GET /api-experiment/containers/cost/preview': open(
    'the price of a platform environment and the caller’s own school’s balance',
    (t) => get(labsApi.costPreview.path, { expEnvId: t.envId }),
  ),
  'GET /api-operation/package/page': staff(() => get(billingApi.packagePage.path)),
  'POST /api-operation/package/saveOrUpdate': staff(() => post(billingApi.packageSave.path, {})),
  'POST /api-operation/package/state': staff(() => post(billingApi.packageState.path, {})),
  'GET /api-operation/price/page': staff(() => get(billingApi.pricePage.path)),
  'POST /api-operation/price/add': staff(() => post(billingApi.priceAdd.path, {})),
  'POST /api-operation/price/delete/:id': staff((t) =>
    post(pathOf(billingApi.priceDelete.path, { id: t.schoolId })),
  ),
  'POST /api-operation/order/add': staff((t) =>
    post(billingApi.orderAdd.path, {
      idempotencyKey: `walk${t.marker}`,
      schoolId: t.schoolId,
      type: 'amount',
      rechargeFen: 100,
      effectiveAt: '2026-01-01T00:00:00Z',
      expiresAt: '2027-01-01T00:00:00Z',
    }),
  ),
  'GET /api-operation/order/page': object((t) =>
    get(billingApi.orderPage.path, { schoolId: t.schoolId }),
  ),
  'GET /api-operation/order/detail/:id': object(
    (t) => get(pathOf(billingApi.orderDetail.path, { id: t.schoolId })),
    false,
    'the school has no order here; billing.test.ts proves an administrator reads their own',
  ),
  'GET /api-operation/account/page': staff(() => get(billingApi.accountPage.path)),
  'GET /api-operation/account/detail/:schoolId': object((t) =>
    get(pathOf(billingApi.accountDetail.path, { schoolId: t.schoolId })),
  ),
  'POST /api-operation/account/limit': staff((t) =>
    post(billingApi.limitSave.path, {
      schoolId: t.schoolId,
      spendLimitFen: 1,
      studentDailyHours: 1,
    }),
  ),
  'POST /api-operation/account/adjust': staff((t) =>
    post(billingApi.adjust.path, {
      idempotencyKey: `walk${t.marker}`,
      schoolId: t.schoolId,
      kind: 'adjustment',
      giftFen: 100,
      reason: 'Walk',
    }),
  ),
  'GET /api-operation/account/ledger': object((t) =>
    get(billingApi.ledgerPage.path, { schoolId: t.schoolId }),
  ),
  'GET /api-operation/usage/page': object((t) =>
    get(billingApi.usagePage.path, { schoolId: t.schoolId }),
  ),
  'GET /api-operation/usage/export': object((t) =>
    get(billingApi.usageExport.path, { schoolId: t.schoolId }),
  ),
  'GET /api-operation/account/overview': object((t) =>
    get(billingApi.overview.path, { schoolId: t.schoolId }),
  ),
  'GET /api-experiment/containers/stop': open('stops the caller’s own lab', (t) =>
    get(labsApi.stop.path, { envId: t.envId, containerId: t.containerId }),
  ),
  'POST /api-experiment/container/check/state/:id': object(
    (t) => post(pathOf(labsApi.checkState.path, { id: t.containerId })),
    false,
    labOnly,
  ),
  'GET /api-experiment/containers/state/events': object(
    (t) => get(labsApi.stateEvents.path, { ids: t.containerId }),
    false,
    'labs.events.test.ts proves the stream of one’s own containers',
  ),
  'GET /api-experiment/container/detail/:id': object(
    (t) => get(pathOf(labsApi.detail.path, { id: t.containerId })),
    false,
    labOnly,
  ),
  'PUT /api-experiment/containers/heartbeat': object(
    (t) => put(labsApi.heartbeat.path, undefined, { envId: t.envId, containerId: t.containerId }),
    false,
    labOnly,
  ),
  'GET /api-experiment/container/getTime': open('the caller’s own restart count', (t) =>
    get(labsApi.restartLimit.path, { envId: t.envId }),
  ),
  'POST /api-experiment/container/reset': object(
    (t) => post(labsApi.reset.path, { envId: t.envId, containerId: t.containerId }),
    false,
    labOnly,
  ),
  'GET /api-experiment/containers/reset/ai': object(
    (t) => get(labsApi.resetAi.path, { envId: t.envId, containerId: t.containerId }),
    false,
    labOnly,
  ),
  'POST /api-experiment/experiment/env/tb/reset': object(
    (t) => post(labsApi.resetPlatform.path, { envId: t.envId, containerId: t.containerId }),
    false,
    labOnly,
  ),
  'POST /api-experiment/container/ticket/:id': object(
    (t) => post(pathOf(labsApi.ticket.path, { id: t.containerId }), {}),
    false,
    labOnly,
  ),
  'GET /api-experiment/disk/alarm/get': open('the caller’s own disk alarm'),
  'GET /api-experiment/container/listFiles': object(
    (t) => get(labsApi.listFiles.path, { containerId: t.containerId, path: '/' }),
    false,
    labOnly,
  ),
  'GET /api-experiment/container/downloadFile': object(
    (t) => get(labsApi.downloadFile.path, { containerId: t.containerId, path: 'notes.txt' }),
    false,
    labOnly,
  ),
  'POST /api-experiment/container/uploadFile': open(
    'uploads into the caller’s own lab; another user’s container is refused (labs.test.ts)',
  ),
  'POST /api-case/jupyter/exp/info/save': open('the caller’s own Jupyter request'),
  'GET /api-case/jupyter/exp/info/query': open('the caller’s own Jupyter request', (t) =>
    get(labsApi.jupyterInfoQuery.path, { resourceExpEnvId: t.envId }),
  ),
  'GET /api-operation/env/usage/:id': staff((t) =>
    get(pathOf(labsApi.usage.path, { id: t.envId })),
  ),
  'GET /api-experiment/env/page/list': staff(() => get(environmentsApi.page.path)),
  'POST /api-experiment/env/add': staff(() => post(environmentsApi.add.path, {})),
  'PUT /api-experiment/env/update': staff(() => put(environmentsApi.update.path, {})),
  'PUT /api-experiment/env/config': staff(() => put(environmentsApi.config.path, {})),
  'GET /api-experiment/env/get/:id': staff((t) =>
    get(pathOf(environmentsApi.get.path, { id: t.envId })),
  ),
  'GET /api-experiment/env/list': staff(() => get(environmentsApi.list.path)),
  'GET /api-experiment/env/labels': staff(() => get(environmentsApi.labels.path)),
  'POST /api-experiment/env/copy/:id': staff((t) =>
    post(pathOf(environmentsApi.copy.path, { id: t.envId })),
  ),
  'DELETE /api-experiment/env/remove/:id': staff((t) => ({
    method: 'DELETE',
    url: pathOf(environmentsApi.remove.path, { id: t.envId }),
  })),
  'GET /api-experiment/script/list': staff(() => get(environmentsApi.scripts.path)),
  'GET /api-experiment/script/label/:label': staff(() =>
    get(pathOf(environmentsApi.scriptsByLabel.path, { label: 'x' })),
  ),
  'POST /api-experiment/script/save': staff(() => post(environmentsApi.saveScript.path, {})),
  'DELETE /api-experiment/script/remove/:id': staff((t) => ({
    method: 'DELETE',
    url: pathOf(environmentsApi.removeScript.path, { id: t.envId }),
  })),
  'GET /api/docs': open('API documentation'),
  'POST /api-user/users/saveOrUpdate': object((t) =>
    post(usersApi.save.path, { id: t.manager.id, name: 'Renamed person', sex: 1 }),
  ),
  'GET /api-user/data/dict/childByPid/:pid': open('the region dictionary', () =>
    get(pathOf(regionsApi.children.path, { pid: '100000' })),
  ),
  // Platform staff: schools, customers, menus and roles
  'GET /api-user/menus/admin/tree/:appid': staff(() =>
    get(pathOf(menusApi.adminTree.path, { appid: 'platform-web' })),
  ),
  'POST /api-user/menus/saveOrUpdate': staff(() => post(menusApi.save.path, {})),
  'POST /api-user/menus/delete/:id': staff((t) =>
    post(pathOf(menusApi.delete.path, { id: t.classId })),
  ),
  'GET /api-user/roles/list': staff(() => get(rolesApi.list.path)),
  'GET /api-user/roles/menus/:id': staff((t) =>
    get(pathOf(rolesApi.menus.path, { id: t.classId })),
  ),
  'POST /api-user/roles/grant': staff(() => post(rolesApi.grant.path, {})),
  'GET /api-user/colleges/page': staff(() => get(collegesApi.page.path)),
  'POST /api-user/colleges/get': staff((t) =>
    post(collegesApi.get.path, undefined, { id: t.schoolId }),
  ),
  'POST /api-user/colleges/saveOrUpdate': staff((t) =>
    post(collegesApi.save.path, { id: t.schoolId, name: 'Taken over' }),
  ),
  'POST /api-user/colleges/delete': staff((t) =>
    post(collegesApi.delete.path, undefined, { id: t.schoolId }),
  ),
  'POST /api-user/colleges/enable': staff((t) =>
    post(collegesApi.enable.path, { id: t.schoolId, enabled: false }),
  ),
  'GET /api-user/colleges/options': staff(() => get(collegesApi.options.path)),
  'GET /api-user/colleges/admins': staff((t) =>
    get(collegesApi.admins.path, { collegeId: t.schoolId }),
  ),
  'POST /api-user/colleges/admins': staff((t) =>
    post(collegesApi.admins.path, {
      collegeId: t.schoolId,
      name: 'Intruder',
      phone: '13912345678',
    }),
  ),
  'POST /nledu-cloud-sso-upms/school/updateTotalUser': staff((t) => ({
    method: 'POST',
    url: collegesApi.updateTotalUser.path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `collegeId=${t.schoolId}&totalUser=1`,
  })),
  'POST /nledu-cloud-sso-upms/school/importSchools': staff(() =>
    multipart(collegesApi.import.path, 'schools.csv', 'name,url\nSchool,sch_new\n'),
  ),
  'GET /nledu-cloud-sso-upms/school/importSchools/template': staff(() =>
    get(collegesApi.importTemplate.path),
  ),
  'GET /api-operation/customer/page': staff(() => get(customersApi.page.path)),
  'GET /api-operation/customer/get/:id': staff((t) =>
    get(pathOf(customersApi.get.path, { id: t.customerId })),
  ),
  'POST /api-operation/customer/saveOrUpdate': staff((t) =>
    post(customersApi.save.path, { id: t.customerId }),
  ),
  'POST /api-operation/customer/delete/:id': staff((t) =>
    post(pathOf(customersApi.delete.path, { id: t.customerId })),
  ),
  'POST /api-operation/customer/time/add': staff((t) =>
    post(customersApi.addTime.path, { customerId: t.customerId, hours: 1, reason: 'More time' }),
  ),
  'GET /api-operation/customer/time/history': staff(() => get(customersApi.timeHistory.path)),
  // Trial applications: a visitor's code and form; the operators' list, message and outbox
  'POST /openapi/api-operation/probation/apply/send/code': open(
    'a visitor asks for a trial code (trials.test.ts)',
  ),
  'POST /openapi/api-operation/probation/apply/add': open(
    'a visitor applies for a trial (trials.test.ts)',
  ),
  'GET /api-operation/probation/apply/list': staff(() => get(trialsApi.list.path)),
  'POST /api-operation/probation/apply/send/message': staff((t) =>
    post(trialsApi.sendMessage.path, undefined, { id: t.schoolId }),
  ),
  'GET /api-operation/sms/outbox/page': staff(() => get(smsApi.outbox.path)),
  // Portal content: platform staff write it, the public site reads what is published
  'GET /api-cms/cms/attribute/page': staff(() => get(cmsApi.attributePage.path)),
  'GET /api-cms/cms/attribute/list': staff(() => get(cmsApi.attributeList.path)),
  'GET /api-cms/cms/template/page': staff(() => get(cmsApi.templatePage.path)),
  'GET /api-cms/cms/template/list': staff(() => get(cmsApi.templateList.path)),
  'GET /api-cms/cms/catalog/tree': staff(() => get(cmsApi.catalogTree.path)),
  'GET /api-cms/cms/catalog/page': staff(() => get(cmsApi.catalogPage.path)),
  'GET /api-cms/cms/article/page': staff(() => get(cmsApi.articlePage.path)),
  'GET /api-cms/cms/notice/page': staff(() => get(cmsApi.noticePage.path)),
  'GET /api-cms/cms/catalog/get/:id': staff((t) =>
    get(pathOf(cmsApi.catalogGet.path, { id: t.classId })),
  ),
  'GET /api-cms/cms/article/get/:id': staff((t) =>
    get(pathOf(cmsApi.articleGet.path, { id: t.classId })),
  ),
  'GET /api-cms/cms/notice/get/:id': staff((t) =>
    get(pathOf(cmsApi.noticeGet.path, { id: t.classId })),
  ),
  'POST /api-cms/cms/attribute/delete/:id': staff((t) =>
    post(pathOf(cmsApi.attributeDelete.path, { id: t.classId })),
  ),
  'POST /api-cms/cms/template/delete/:id': staff((t) =>
    post(pathOf(cmsApi.templateDelete.path, { id: t.classId })),
  ),
  'POST /api-cms/cms/catalog/delete/:id': staff((t) =>
    post(pathOf(cmsApi.catalogDelete.path, { id: t.classId })),
  ),
  'POST /api-cms/cms/article/delete/:id': staff((t) =>
    post(pathOf(cmsApi.articleDelete.path, { id: t.classId })),
  ),
  'POST /api-cms/cms/notice/delete/:id': staff((t) =>
    post(pathOf(cmsApi.noticeDelete.path, { id: t.classId })),
  ),
  'POST /api-cms/cms/attribute/saveOrUpdate': staff(() => post(cmsApi.attributeSave.path, {})),
  'POST /api-cms/cms/template/saveOrUpdate': staff(() => post(cmsApi.templateSave.path, {})),
  'POST /api-cms/cms/catalog/saveOrUpdate': staff(() => post(cmsApi.catalogSave.path, {})),
  'POST /api-cms/cms/article/saveOrUpdate': staff(() => post(cmsApi.articleSave.path, {})),
  'POST /api-cms/cms/notice/saveOrUpdate': staff(() => post(cmsApi.noticeSave.path, {})),
  'POST /api-cms/cms/catalog/publish': staff((t) =>
    post(cmsApi.catalogPublish.path, { id: t.classId, isPublish: 1 }),
  ),
  'POST /api-cms/cms/article/publish': staff((t) =>
    post(cmsApi.articlePublish.path, { id: t.classId, isPublish: 1 }),
  ),
  'POST /api-cms/cms/notice/publish': staff((t) =>
    post(cmsApi.noticePublish.path, { id: t.classId, isPublish: 1 }),
  ),
  'POST /api-cms/cms/file/upload': staff(() =>
    multipart(cmsApi.imageUpload.path, 'cover.png', 'not an image'),
  ),
  'GET /api-cms/cms/file/:fileId': open('public images of the portal, by unguessable id'),
  'GET /openapi/api-cms/cms/front/catalogs': open('the public site’s published content', () =>
    get(cmsApi.frontCatalogs.path),
  ),
  'GET /openapi/api-cms/cms/front/catalog/list': open('the public site’s published content', () =>
    get(cmsApi.frontCatalogList.path),
  ),
  'GET /openapi/api-cms/cms/front/article/page/list': open(
    'the public site’s published content',
    () => get(cmsApi.frontArticlePage.path),
  ),
  'GET /openapi/api-cms/cms/front/notice/page/list': open(
    'the public site’s published content',
    () => get(cmsApi.frontNoticePage.path),
  ),
  'GET /openapi/api-cms/cms/front/get/sub/:id': open('the public site’s published content'),
  'GET /openapi/api-cms/cms/front/get/:id': open('the public site’s published content'),
  'GET /openapi/api-cms/cms/front/notice/get/:id': open('the public site’s published content'),
  'GET /openapi/api-teaching/course/front/page': open(
    'the public site’s course list: platform courses only, no school’s data',
    () => get(coursesApi.frontPage.path),
  ),
  // The school's organization and classes
  'GET /api-user/org/tree': ownSchool(() => get(orgApi.tree.path, { archived: 'true' })),
  'POST /api-user/org/department/saveOrUpdate': object((t) =>
    post(orgApi.saveDepartment.path, { id: t.departmentId, name: `Department ${unique()}` }),
  ),
  'POST /api-user/org/department/delete/:id': object(async (t) =>
    post(pathOf(orgApi.deleteDepartment.path, { id: await t.newDepartment() })),
  ),
  'GET /api-user/org/major/list': ownSchool(() => get(orgApi.majors.path)),
  'POST /api-user/org/major/saveOrUpdate': object((t) =>
    post(orgApi.saveMajor.path, {
      id: t.majorId,
      departmentId: t.departmentId,
      name: `Major ${unique()}`,
    }),
  ),
  'POST /api-user/org/major/delete/:id': object(async (t) =>
    post(pathOf(orgApi.deleteMajor.path, { id: await t.newMajor() })),
  ),
  'GET /api-user/classes/page': ownSchool(() => get(classesApi.page.path)),
  'GET /api-user/classes/list': ownSchool(() =>
    get(classesApi.list.path, { includeArchived: 'true' }),
  ),
  'GET /api-user/classes/get/:id': object((t) =>
    get(pathOf(classesApi.get.path, { id: t.classId })),
  ),
  'POST /api-user/classes/saveOrUpdate': object((t) =>
    post(classesApi.save.path, {
      id: t.classId,
      name: `Class ${unique()}`,
      grade: '2026',
      majorIds: [t.majorId],
    }),
  ),
  'POST /api-user/classes/delete/:id': object(async (t) =>
    post(pathOf(classesApi.delete.path, { id: await t.newClass() })),
  ),
  'POST /api-user/classes/archive/:id': object(async (t) =>
    post(pathOf(classesApi.archive.path, { id: await t.newClass() }), { confirm: 'delete' }),
  ),
  // Teachers and students
  'GET /api-user/teachers/page': ownSchool(() => get(teachersApi.page.path)),
  'GET /api-user/teachers/get/:id': object((t) =>
    get(pathOf(teachersApi.get.path, { id: t.teacher.id })),
  ),
  'POST /api-user/teachers/saveOrUpdate': object(async (t) =>
    post(teachersApi.save.path, {
      id: await t.newTeacher(),
      name: 'Teacher name',
      sex: 2,
      role: 'teacher',
      phone: '13711112222',
    }),
  ),
  'POST /api-user/teachers/enable': object(async (t) =>
    post(teachersApi.enable.path, { id: await t.newTeacher(), enabled: false }),
  ),
  'DELETE /api-user/teachers/delete/:id': object(async (t) => ({
    method: 'DELETE',
    url: pathOf(teachersApi.delete.path, { id: await t.newTeacher() }),
  })),
  'GET /api-user/students/page': ownSchool(() => get(studentsApi.page.path)),
  'GET /api-user/students/get/:id': object(
    (t) => get(pathOf(studentsApi.get.path, { id: t.student.id })),
    'teacher',
  ),
  'POST /api-user/students/saveOrUpdate': object(async (t) =>
    post(studentsApi.save.path, {
      id: await t.newStudent(),
      stuNo: `n${unique()}`,
      name: 'Student name',
      sex: 1,
      classId: t.classId,
    }),
  ),
  'POST /api-user/students/enable': object(async (t) =>
    post(studentsApi.enable.path, { id: await t.newStudent(), enabled: false }),
  ),
  'POST /api-user/students/resetPassword': object(async (t) =>
    post(studentsApi.resetPassword.path, { id: await t.newStudent(), mode: 'random' }),
  ),
  'POST /api-user/students/batchCreate': object((t) =>
    post(studentsApi.batchCreate.path, {
      classId: t.classId,
      stuNoPrefix: `b${unique()}`,
      start: 1,
      count: 2,
      digits: 3,
    }),
  ),
  'POST /api-user/students/import': ownSchool((t) =>
    multipart(
      importsApi.studentsImport.path,
      'students.csv',
      `姓名,学号,性别,手机号,班级,密码\n导入学生,i${unique()},男,,${t.className},\n`,
    ),
  ),
  'GET /api-user/students/import/template': ownSchool(() =>
    get(importsApi.studentsImportTemplate.path),
  ),
  'GET /api-user/import/job/:id': object((t) => get(pathOf(importsApi.job.path, { id: t.jobId }))),
  'GET /api-user/import/job/:id/errors': object((t) =>
    get(pathOf(importsApi.jobErrors.path, { id: t.jobId })),
  ),
  'GET /api-user/students/export': ownSchool(() => get(importsApi.studentsExport.path)),
  // Courses
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
    'a signed address handed out with the course: the signature is the access, and a wrong or expired one is not found (courses.test.ts)',
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
  // Teaching tasks
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
    'a signed address handed out with the report: the signature is the access, and a wrong or expired one is not found (teaching.students.test.ts)',
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
  // Notices
  'GET /api-teaching/notifies': open('the caller’s own notices', () =>
    get(noticesApi.list.path, { status: 'all' }),
  ),
  'POST /api-teaching/clear/notifies': open(
    'marks the caller’s own notices read (notices.test.ts)',
  ),
  'POST /api-teaching/read/notifies/:id': object(
    (t) => post(pathOf(noticesApi.read.path, { id: t.noticeId })),
    'student',
  ),
};

let uniqueCounter = 0;
function unique() {
  uniqueCounter += 1;
  return `${Date.now().toString(36)}${uniqueCounter}`;
}

function multipart(
  url: string,
  fileName: string,
  content: string | Buffer,
  fields: Record<string, string> = {},
): InjectOptions {
  const boundary = `----walk${unique()}`;
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    method: 'POST',
    url,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  };
}

/** The text a response carries, with spreadsheets read cell by cell. */
async function textOf(res: LightMyRequestResponse): Promise<string> {
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('spreadsheetml')) return res.body;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.eachSheet((sheet) =>
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text)))),
  );
  return cells.join('\n');
}

let h: Harness;
let A: Tenant;
let B: Tenant;

async function account(schoolId: string, role: RoleCode, kind: number, name: string) {
  const u = await createUser(h.ctx, { schoolId, roles: [role] });
  await h.ctx.db.update(users).set({ kind, name }).where(eq(users.id, u.id));
  const { access_token } = await signIn(h.app, u.username, u.password);
  return { id: u.id, username: u.username, token: access_token };
}

async function makeTenant(label: string, envId: string, spares: boolean): Promise<Tenant> {
  const { ctx } = h;
  const marker = `ZZ${label}${ctx.ids.next().slice(-6)}`;
  const school = await createSchool(ctx, { name: `${marker} school` });
  const schoolId = school.id;
  const newDepartment = async () => {
    const id = ctx.ids.next();
    await ctx.db.insert(departments).values({ id, schoolId, name: `${marker} department ${id}` });
    return id;
  };
  const departmentId = await newDepartment();
  const newMajor = async () => {
    const id = ctx.ids.next();
    await ctx.db
      .insert(majors)
      .values({ id, schoolId, departmentId, name: `${marker} major ${id}` });
    return id;
  };
  const majorId = await newMajor();
  const newClass = async () => {
    const id = ctx.ids.next();
    await ctx.db
      .insert(classes)
      .values({ id, schoolId, name: `${marker} class ${id}`, grade: '2026' });
    await ctx.db.insert(classMajors).values({ classId: id, majorId, schoolId });
    return id;
  };
  const classId = await newClass();
  const manager = await account(
    schoolId,
    'school-manager',
    UserKind.SCHOOL_ADMIN,
    `${marker} manager`,
  );
  const teacher = await account(schoolId, 'teacher', UserKind.TEACHER, `${marker} teacher`);
  const student = await account(schoolId, 'student', UserKind.STUDENT, `${marker} student`);
  await ctx.db
    .update(users)
    .set({ classId, stuNo: `${marker}s` })
    .where(eq(users.id, student.id));
  const newStudent = async () => {
    const u = await createUser(ctx, { schoolId, roles: ['student'] });
    await ctx.db
      .update(users)
      .set({ kind: UserKind.STUDENT, classId, stuNo: u.username, name: `${marker} student` })
      .where(eq(users.id, u.id));
    return u.id;
  };
  const newTeacher = async () => {
    const u = await createUser(ctx, { schoolId, roles: ['teacher'] });
    await ctx.db
      .update(users)
      .set({ kind: UserKind.TEACHER, name: `${marker} teacher` })
      .where(eq(users.id, u.id));
    return u.id;
  };
  const containerId = await createLabContainer(ctx, { userId: student.id, schoolId, envId });
  const jobId = await createImportJob(ctx, { schoolId, userId: manager.id, name: marker });
  const customerId = ctx.ids.next();
  const now = ctx.now().getTime();
  await ctx.db.insert(customers).values({
    id: customerId,
    schoolId,
    name: `${marker} customer`,
    kind: 1,
    serviceStart: new Date(now - 86_400_000),
    serviceEnd: new Date(now + 365 * 86_400_000),
  });
  const spare = async (make: () => Promise<string>) => {
    if (!spares) return make;
    const id = await make();
    return async () => id;
  };
  const className = (await ctx.db.query.classes.findFirst({ where: eq(classes.id, classId) }))!
    .name;
  const signer = new FileSigner(await fileUrlSecret(ctx.db), ctx.now);
  const newCourse = async () =>
    insertCourseTree(ctx, {
      id: ctx.ids.next(),
      schoolId,
      authorId: teacher.id,
      course: { name: { zh: `${marker} 课程` }, difficulty: 'entry', specialty: 'iot' },
      chapters: [],
    });
  const courseId = await insertCourseTree(ctx, {
    id: ctx.ids.next(),
    schoolId,
    authorId: teacher.id,
    course: {
      name: { zh: `${marker} 课程` },
      difficulty: 'entry',
      specialty: 'iot',
      envIds: [envId],
    },
    selfStudy: true,
    chapters: [
      {
        name: { zh: `第1章 ${marker}` },
        steps: [
          {
            name: { zh: `1-1 ${marker}` },
            content: {
              type: 'document',
              doc: { zh: { type: 'doc', content: [{ type: 'paragraph' }] } },
            },
          },
        ],
      },
    ],
  });
  const [chapter] = await ctx.db
    .select()
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId));
  const [step] = await ctx.db.select().from(courseSteps).where(eq(courseSteps.courseId, courseId));
  const newChapter = async () => {
    const id = ctx.ids.next();
    await ctx.db
      .insert(courseChapters)
      .values({ id, courseId, name: { zh: `第9章 ${marker}` }, position: 9 });
    return id;
  };
  const insertStep = async (type: string, content: Record<string, unknown>) => {
    const id = ctx.ids.next();
    await ctx.db.insert(courseSteps).values({
      id,
      courseId,
      chapterId: chapter!.id,
      name: { zh: `1-9 ${marker}` },
      type,
      content,
      position: 9,
    });
    return id;
  };
  const newStep = () =>
    insertStep('document', { doc: { zh: { type: 'doc', content: [{ type: 'paragraph' }] } } });
  const newQuestionStep = () =>
    insertStep('question', {
      questions: [{ kind: 'judgement', stem: { zh: `${marker} 对吗` }, score: 1, answer: true }],
    });
  const newResource = async () => {
    const id = ctx.ids.next();
    const fileKey = resourceKey(courseId, id);
    await ctx.storage.put(fileKey, Readable.from([Buffer.from(marker)]), {
      contentType: 'text/plain',
    });
    await ctx.db.insert(courseResources).values({
      id,
      courseId,
      name: `${marker}.txt`,
      fileKey,
      size: marker.length,
      contentType: 'text/plain',
    });
    return id;
  };
  const resourceId = await newResource();
  const fileId = newFileId();
  await ctx.storage.put(courseFileKey(courseId, fileId), Readable.from([png()]), {
    contentType: 'image/png',
  });
  const reportStepId = await insertStep('report', {
    doc: { zh: { type: 'doc', content: [{ type: 'paragraph' }] } },
  });
  const hour = 3600_000;
  const newTaskOf = (
    opts: {
      startsIn?: number;
      stepIds?: string[];
      student?: Partial<typeof studentTasks.$inferInsert>;
      scoresIssuedAt?: Date;
    } = {},
  ) =>
    createTeachingTask(ctx, {
      schoolId,
      teacherId: teacher.id,
      courseId,
      stepIds: opts.stepIds ?? [step!.id, reportStepId],
      studentId: student.id,
      task: {
        name: `${marker} task`,
        hasReport: true,
        scoresIssuedAt: opts.scoresIssuedAt ?? null,
        ...(opts.startsIn ? { startAt: new Date(ctx.now().getTime() + opts.startsIn) } : {}),
      },
      ...(opts.student ? { student: opts.student } : {}),
    });
  const { taskId: teachingTaskId, studentTaskId } = await newTaskOf();
  const scored = { score: 80, status: 2, markStatus: 1 };
  const newAnswerable = async () => {
    const stepId = await newQuestionStep();
    const { studentTaskId: id } = await newTaskOf({ stepIds: [stepId] });
    return { studentTaskId: id, stepId };
  };
  const reportFileId = newFileId();
  await ctx.storage.put(`reports/${studentTaskId}/${reportFileId}`, Readable.from([png()]), {
    contentType: 'image/png',
  });
  const stepReportId = ctx.ids.next();
  await ctx.db.insert(courseStepReports).values({
    id: stepReportId,
    studentId: student.id,
    stepId: reportStepId,
    courseId,
    schoolId,
    content: { type: 'doc', content: [] },
  });
  const stepReportFileId = newFileId();
  await ctx.storage.put(
    `course-reports/${stepReportId}/${stepReportFileId}`,
    Readable.from([png()]),
    { contentType: 'image/png' },
  );
  const noticeId = await createNotice(ctx, {
    userId: student.id,
    schoolId,
    taskId: teachingTaskId,
    name: `${marker} task`,
  });
  return {
    schoolId,
    marker,
    className,
    manager,
    teacher,
    student,
    classId,
    departmentId,
    majorId,
    teachingTaskId,
    studentTaskId,
    reportStepId,
    reportFileUrl: signer.for(reportFileRoute).url(studentTaskId, reportFileId),
    stepReportFileUrl: signer.for(stepReportFileRoute).url(stepReportId, stepReportFileId),
    noticeId,
    containerId,
    jobId,
    customerId,
    envId,
    courseId,
    chapterId: chapter!.id,
    stepId: step!.id,
    resourceId,
    fileUrl: signer.url(courseId, fileId),
    newClass: await spare(newClass),
    newStudent: await spare(newStudent),
    newTeacher: await spare(newTeacher),
    newDepartment: await spare(newDepartment),
    newMajor: await spare(newMajor),
    newCourse: await spare(newCourse),
    newChapter: await spare(newChapter),
    newStep: await spare(newStep),
    newQuestionStep: await spare(newQuestionStep),
    newResource: await spare(newResource),
    newTask: await spare(async () => (await newTaskOf({ startsIn: hour })).taskId),
    newScoredTask: await spare(async () => (await newTaskOf({ student: scored })).taskId),
    newIssuedTask: await spare(
      async () =>
        (await newTaskOf({ student: { ...scored, markStatus: 2 }, scoresIssuedAt: ctx.now() }))
          .taskId,
    ),
    newStudentTask: await spare(async () => (await newTaskOf()).studentTaskId),
    newSubmittedStudentTask: await spare(
      async () =>
        (await newTaskOf({ student: { status: 1, reportStatus: 2, submittedAt: ctx.now() } }))
          .studentTaskId,
    ),
    newAnswerable: spares
      ? await (async () => {
          const fixed = await newAnswerable();
          return async () => fixed;
        })()
      : newAnswerable,
  };
}

/** Every row of a school's objects, to prove a walk changed none of them. */
async function snapshot(t: Tenant) {
  const { db } = h.ctx;
  return JSON.stringify({
    school: await db.select().from(schools).where(eq(schools.id, t.schoolId)),
    classes: await db.select().from(classes).where(eq(classes.schoolId, t.schoolId)),
    classMajors: await db.select().from(classMajors).where(eq(classMajors.schoolId, t.schoolId)),
    departments: await db.select().from(departments).where(eq(departments.schoolId, t.schoolId)),
    majors: await db.select().from(majors).where(eq(majors.schoolId, t.schoolId)),
    users: await db.select().from(users).where(eq(users.schoolId, t.schoolId)),
    tasks: await db.select().from(teachingTasks).where(eq(teachingTasks.schoolId, t.schoolId)),
    studentTasks: await db.select().from(studentTasks).where(eq(studentTasks.schoolId, t.schoolId)),
    jobs: await db.select().from(importJobs).where(eq(importJobs.schoolId, t.schoolId)),
    containers: await db
      .select()
      .from(labContainers)
      .where(inArray(labContainers.userId, [t.student.id])),
    courses: await db.select().from(courses).where(eq(courses.schoolId, t.schoolId)),
    courseEnvironments: await db
      .select()
      .from(courseEnvironments)
      .where(eq(courseEnvironments.courseId, t.courseId)),
    chapters: await db.select().from(courseChapters).where(eq(courseChapters.courseId, t.courseId)),
    steps: await db.select().from(courseSteps).where(eq(courseSteps.courseId, t.courseId)),
    resources: await db
      .select()
      .from(courseResources)
      .where(eq(courseResources.courseId, t.courseId)),
    purchases: await db
      .select()
      .from(coursePurchases)
      .where(eq(coursePurchases.schoolId, t.schoolId)),
    progress: await db.select().from(stepProgress).where(eq(stepProgress.schoolId, t.schoolId)),
    taskSteps: await db
      .select()
      .from(teachingTaskSteps)
      .where(eq(teachingTaskSteps.taskId, t.teachingTaskId)),
    reports: await db.select().from(taskReports).where(eq(taskReports.schoolId, t.schoolId)),
    stepReports: await db
      .select()
      .from(courseStepReports)
      .where(eq(courseStepReports.schoolId, t.schoolId)),
    notices: await db.select().from(notices).where(eq(notices.schoolId, t.schoolId)),
  });
}

const key = (method: string, url: string) => `${method} ${url}`;

/** The entries a route's declared access allows: staff routes refuse schools, public ones are open. */
function expectedKinds(access: Access): Entry['kind'][] {
  if (access.who === 'public') return ['open'];
  if (access.who === 'staff') return ['staff'];
  if (access.who === 'account') return ['open', 'object', 'own-school'];
  const platform = access.who.every((r) => platformRoleCodes.includes(r));
  return platform ? ['staff'] : ['object', 'own-school'];
}

function apiRoutesOfApp() {
  return h.app.registeredRoutes.filter((r) => !r.labGateway);
}

async function send(build: Build, t: Tenant, as: Account) {
  const opts = await build(t);
  return h.app.inject({
    ...opts,
    headers: { authorization: `Bearer ${as.token}`, ...(opts.headers ?? {}) },
  });
}

beforeAll(async () => {
  h = await createHarness();
  const env = await createEnvironment(h.ctx);
  A = await makeTenant('A', env.id, false);
  B = await makeTenant('B', env.id, true);
}, 120_000);
afterAll(() => h.close());

describe('tenant isolation, route by route', () => {
  it('has an entry for every route the server registers, and none for routes that are gone', () => {
    const registered = new Set(apiRoutesOfApp().map((r) => key(r.method, r.url)));
    const missing = [...registered].filter((k) => !(k in table));
    const stale = Object.keys(table).filter((k) => !registered.has(k));
    expect(missing, 'routes without an entry in the tenant isolation table').toEqual([]);
    expect(stale, 'entries for routes that no longer exist').toEqual([]);
  });

  it('reads who may call each route from its declaration, and the entry agrees with it', () => {
    const problems: string[] = [];
    for (const route of apiRoutesOfApp()) {
      const k = key(route.method, route.url);
      const entry = table[k];
      if (!entry) continue;
      if (route.url === '/api/docs' || route.url.startsWith('/api/docs/')) {
        // Served by the documentation plugin, outside the contract.
        if (entry.kind !== 'open') problems.push(`${k}: the API documentation is open`);
        continue;
      }
      if (!route.access) {
        problems.push(`${k}: declares nothing about who may call it`);
        continue;
      }
      const kinds = expectedKinds(route.access);
      if (!kinds.includes(entry.kind))
        problems.push(`${k}: declared ${JSON.stringify(route.access.who)}, entry is ${entry.kind}`);
    }
    expect(problems).toEqual([]);
  });

  it('has every staff route declare the permission its screen needs, but those all staff screens share', () => {
    // Every staff role, case developers and product managers included, works with environments and
    // experiment scripts; the system screens' own reads hold no school data.
    const shared = new Set([
      ...Object.values(environmentsApi).map((r) => key(r.method, r.path)),
      key(labsApi.usage.method, labsApi.usage.path),
      key(menusApi.adminTree.method, menusApi.adminTree.path),
      key(rolesApi.list.method, rolesApi.list.path),
      key(rolesApi.menus.method, rolesApi.menus.path),
    ]);
    const open = apiRoutesOfApp()
      .filter((r) => r.access?.who === 'staff' && !r.access.permission)
      .map((r) => key(r.method, r.url))
      .filter((k) => !shared.has(k));
    expect(open).toEqual([]);
  });

  it('lab-origin routes are not served on the API origin', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/__lab/info' });
    expect(res.statusCode).toBe(404);
  });

  it("refuses school A's users every object of school B, and never answers with B's data", async () => {
    const before = await snapshot(B);
    const failures: string[] = [];
    const bIds = [
      B.schoolId,
      B.classId,
      B.departmentId,
      B.majorId,
      B.manager.id,
      B.teacher.id,
      B.student.id,
      B.teachingTaskId,
      B.studentTaskId,
      B.noticeId,
      B.jobId,
      B.customerId,
      B.containerId,
      B.courseId,
      B.chapterId,
      B.stepId,
      B.resourceId,
    ];
    for (const [route, entry] of Object.entries(table)) {
      if (entry.kind === 'lab-origin' || !('request' in entry) || !entry.request) continue;
      for (const as of [A.manager, A.teacher, A.student]) {
        const res = await send(entry.request, B, as);
        const body = await textOf(res);
        const leaked = [B.marker, ...bIds].filter((m) => body.includes(m));
        if (leaked.length)
          failures.push(`${route} as ${as.username}: answered ${leaked.join(', ')}`);
        if (res.statusCode >= 500) failures.push(`${route} as ${as.username}: ${res.statusCode}`);
        if (entry.kind === 'staff' || entry.kind === 'object') {
          const refused =
            (res.statusCode === 403 || res.statusCode === 404) && res.json().code !== 200;
          if (!refused)
            failures.push(
              `${route} as ${as.username}: not refused (${res.statusCode} ${body.slice(0, 120)})`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot(B)).toEqual(before);
  });

  it('answers the same requests inside the school, so the refusals come from the boundary', async () => {
    const failures: string[] = [];
    const byRole: Record<string, Account> = {
      'school-manager': A.manager,
      teacher: A.teacher,
      student: A.student,
    };
    for (const [route, entry] of Object.entries(table)) {
      if (entry.kind !== 'object' && entry.kind !== 'own-school') continue;
      if (entry.kind === 'object' && entry.control === false) {
        expect(entry.controlWhy, `${route} needs a reason to skip its control`).toBeTruthy();
        continue;
      }
      const role = entry.control || 'school-manager';
      const as = byRole[role]!;
      const res = await send(entry.request, A, as);
      const json = String(res.headers['content-type'] ?? '').includes('json');
      const ok = res.statusCode === 200 && (!json || res.json().code === 200);
      if (!ok) failures.push(`${route} as ${role}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });
  // Last: the roles that hold a permission carry its requests out, on school B.
  it('refuses every platform role a staff route whose permission it does not hold, and only those', async () => {
    const failures: string[] = [];
    const declared = new Map(apiRoutesOfApp().map((r) => [key(r.method, r.url), r.access]));
    for (const role of platformRoleCodes) {
      const u = await createUser(h.ctx, { roles: [role] });
      const { access_token } = await signIn(h.app, u.username, u.password);
      const as = { id: u.id, username: u.username, token: access_token };
      const held = (
        await send(() => get(pathOf(menusApi.permissions.path, { appid: 'platform-web' })), B, as)
      ).json().data as string[];
      for (const [route, entry] of Object.entries(table)) {
        if (entry.kind !== 'staff') continue;
        const access = declared.get(route);
        if (!access || access.who === 'public' || access.who === 'account') continue;
        const roles = access.who === 'staff' ? platformRoleCodes : access.who;
        const rule = access.permission;
        const keys = !rule ? [] : typeof rule === 'string' ? [rule] : rule.keys;
        const admitted = roles.includes(role) && keys.every((k) => held.includes(k));
        const res = await send(entry.request, B, as);
        // A body the route cannot take is refused before its permission is weighed.
        const fine = admitted
          ? res.statusCode !== 403
          : res.statusCode === 403 || (res.statusCode === 400 && !route.startsWith('GET '));
        if (!fine)
          failures.push(
            `${route} as ${role}: ${res.statusCode}, expected ${admitted ? 'an answer' : '403'}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });
});
