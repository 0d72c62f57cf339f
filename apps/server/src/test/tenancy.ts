import type { InjectOptions } from 'fastify';
import type { RoleCode } from '@platform/contract';

/**
 * What the tenant walk (`tenant-isolation.test.ts`) needs to describe a route: the two schools it
 * sets up, and how an entry says what a route addresses. Each feature keeps its entries in
 * `<feature>.tenancy.ts`; `tenancy-table.ts` gathers them.
 */

export interface Account {
  id: string;
  username: string;
  token: string;
}

export interface Tenant {
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

export type Build = (t: Tenant) => Promise<InjectOptions> | InjectOptions;

export type Entry =
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

export const open = (why: string, request?: Build): Entry => ({
  kind: 'open',
  why,
  ...(request ? { request } : {}),
});
export const staff = (request: Build): Entry => ({ kind: 'staff', request });
export const object = (request: Build, control?: false | RoleCode, controlWhy?: string): Entry => ({
  kind: 'object',
  request,
  ...(control !== undefined ? { control } : {}),
  ...(controlWhy ? { controlWhy } : {}),
});
export const ownSchool = (request: Build, control?: RoleCode): Entry => ({
  kind: 'own-school',
  request,
  ...(control ? { control } : {}),
});

export const get = (url: string, query?: Record<string, string>): InjectOptions => ({
  method: 'GET',
  url,
  ...(query ? { query } : {}),
});
export const post = (
  url: string,
  payload?: unknown,
  query?: Record<string, string>,
): InjectOptions => ({
  method: 'POST',
  url,
  ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
  ...(query ? { query } : {}),
});
export const put = (
  url: string,
  payload?: unknown,
  query?: Record<string, string>,
): InjectOptions => ({
  ...post(url, payload, query),
  method: 'PUT',
});

export const labOnly =
  'labs.test.ts proves the positive paths; starting real labs here would only slow the walk';

/** One entry per route (`METHOD path`). */
export type TenancyEntries = Record<string, Entry>;

let uniqueCounter = 0;
export function unique() {
  uniqueCounter += 1;
  return `${Date.now().toString(36)}${uniqueCounter}`;
}

export function multipart(
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
