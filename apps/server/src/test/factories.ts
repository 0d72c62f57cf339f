import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type RoleCode, authApi, usersApi } from '@platform/contract';
import {
  classes,
  importJobs,
  labContainers,
  labEnvironments,
  notices,
  roles,
  schools,
  studentTasks,
  teachingTasks,
  teachingTaskSteps,
  userRoles,
  users,
} from '../db/schema';
import type { AppContext } from '../lib/context';
import { hashPassword } from '../lib/passwords';
import { TEST_PASSWORD, WEB_BASIC } from './harness';

let counter = 0;
/** A short text no other call answers in this process. */
export const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

let phones = 0;
/** A mainland mobile number no other call answers in this process. */
export const newPhone = () =>
  `13${String(100_000_000 + ((phones++ * 7919 + Date.now()) % 900_000_000)).slice(-9)}`;

export async function createSchool(
  ctx: AppContext,
  overrides: Partial<typeof schools.$inferInsert> = {},
) {
  const id = ctx.ids.next();
  const row = { id, name: `School ${id}`, url: `sch_${unique()}`, type: 2, ...overrides };
  await ctx.db.insert(schools).values(row);
  return row;
}

let cachedHash: Promise<string> | null = null;

export async function createUser(
  ctx: AppContext,
  opts: {
    schoolId?: string | null;
    roles?: RoleCode[];
    password?: string;
    username?: string;
    enabled?: boolean;
    tenantId?: string;
    mustChangePassword?: boolean;
  } = {},
) {
  const id = ctx.ids.next();
  const username = opts.username ?? `u_${unique()}`;
  const passwordHash = opts.password
    ? await hashPassword(opts.password)
    : await (cachedHash ??= hashPassword(TEST_PASSWORD));
  await ctx.db.insert(users).values({
    id,
    schoolId: opts.schoolId ?? null,
    username,
    passwordHash,
    name: `Name ${username}`,
    phone: '13900000000',
    enabled: opts.enabled ?? true,
    mustChangePassword: opts.mustChangePassword ?? false,
  });
  const tenantId = opts.tenantId ?? ctx.config.webClientId;
  for (const code of opts.roles ?? []) {
    const role = await ctx.db.query.roles.findFirst({
      where: and(eq(roles.tenantId, tenantId), eq(roles.code, code)),
    });
    if (!role) throw new Error(`no role ${code} in ${tenantId}`);
    await ctx.db.insert(userRoles).values({ userId: id, roleId: role.id });
  }
  return { id, username, password: opts.password ?? TEST_PASSWORD };
}

export async function passwordGrant(
  app: FastifyInstance,
  username: string,
  password: string,
  opts: { ip?: string; lang?: string; authorization?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: authApi.token.path,
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: {
      authorization: opts.authorization ?? WEB_BASIC,
      'content-type': 'application/x-www-form-urlencoded',
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
    payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });
}

/** Signs in and answers the token response data. */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string = TEST_PASSWORD,
) {
  const res = await passwordGrant(app, username, password);
  const body = res.json();
  if (body.code !== 200) throw new Error(`sign-in of ${username} failed: ${res.body}`);
  return body.data as { access_token: string; refresh_token: string; user_id: string };
}

/**
 * The first sign-in of an account whose password someone else set: signs in, changes the
 * password to `newPassword` as it must, and answers the token of the sign-in after that.
 */
export async function signInFirstTime(
  app: FastifyInstance,
  username: string,
  password: string,
  newPassword = 'Own_choice_77',
) {
  const first = await signIn(app, username, password);
  const res = await app.inject({
    method: 'PUT',
    url: usersApi.changePassword.path,
    headers: bearer(first.access_token),
    payload: { userId: first.user_id, oldPwd: password, newPwd: newPassword },
  });
  if (res.json().code !== 200)
    throw new Error(`password change of ${username} failed: ${res.body}`);
  return signIn(app, username, newPassword);
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** An environment configuration row, enabled and shown unless overridden. */
export async function createEnvironment(
  ctx: AppContext,
  overrides: Partial<typeof labEnvironments.$inferInsert> = {},
) {
  const id = ctx.ids.next();
  const row = {
    id,
    code: `env_${unique()}`,
    name: `Environment ${id}`,
    type: 2,
    state: 1,
    hidden: 0,
    openWith: 1,
    accessMode: 1,
    experimentKind: '2',
    resourceKind: 'TERMINAL',
    cpuCore: 1,
    memorySize: 1,
    diskSize: 10,
    restartLimit: 0,
    idleTimeout: 600,
    initialFiles: [{ path: 'README.txt', content: 'hello lab\n' }],
    ...overrides,
  };
  const [created] = await ctx.db.insert(labEnvironments).values(row).returning();
  return created!;
}

/** A stopped lab container of a user (no sandbox runs); answers its id. */
export async function createLabContainer(
  ctx: AppContext,
  owner: { userId: string; schoolId: string | null; envId: string },
) {
  const id = ctx.ids.next();
  await ctx.db.insert(labContainers).values({
    id,
    userId: owner.userId,
    schoolId: owner.schoolId,
    envId: owner.envId,
    partEnvId: owner.envId,
    resources: { cpuCore: 1, memorySize: 1, diskSize: 1, gpuCount: 0 },
  });
  return id;
}

/** A finished student import job of a school with one row error; answers its id. */
export async function createImportJob(
  ctx: AppContext,
  job: { schoolId: string; userId: string; name: string },
) {
  const id = ctx.ids.next();
  await ctx.db.insert(importJobs).values({
    id,
    schoolId: job.schoolId,
    userId: job.userId,
    kind: 'students',
    fileName: `${job.name}.xlsx`,
    status: 'done',
    errors: [{ row: 2, field: 'name', errorKey: 'required', value: job.name }],
  });
  return id;
}

/**
 * A teaching task of a course running from an hour ago for a day (unless told), with its steps
 * and one student's task; answers both ids.
 */
export async function createTeachingTask(
  ctx: AppContext,
  t: {
    schoolId: string;
    teacherId: string;
    courseId: string;
    stepIds: string[];
    studentId: string;
    task?: Partial<typeof teachingTasks.$inferInsert>;
    student?: Partial<typeof studentTasks.$inferInsert>;
  },
) {
  const hour = 3_600_000;
  const at = ctx.now().getTime();
  const taskId = ctx.ids.next();
  await ctx.db.insert(teachingTasks).values({
    id: taskId,
    schoolId: t.schoolId,
    teacherId: t.teacherId,
    name: 'Task',
    courseId: t.courseId,
    timeType: 'range',
    startAt: new Date(at - hour),
    endAt: new Date(at + 24 * hour),
    ...t.task,
  });
  await ctx.db
    .insert(teachingTaskSteps)
    .values(t.stepIds.map((stepId, position) => ({ taskId, stepId, position })));
  const studentTaskId = ctx.ids.next();
  await ctx.db.insert(studentTasks).values({
    id: studentTaskId,
    schoolId: t.schoolId,
    taskId,
    studentId: t.studentId,
    ...t.student,
  });
  return { taskId, studentTaskId };
}

/** A notice of a task issued to a user; answers its id. */
export async function createNotice(
  ctx: AppContext,
  n: { userId: string; schoolId: string; taskId: string; name: string },
) {
  const id = ctx.ids.next();
  await ctx.db.insert(notices).values({
    id,
    userId: n.userId,
    schoolId: n.schoolId,
    dynamicId: n.taskId,
    dynamicType: 'task_issued',
    params: { name: n.name },
  });
  return id;
}

/** A school with a class, its administrator and an operator, all signed in. */
export async function schoolWithStaff(
  app: FastifyInstance,
  ctx: AppContext,
  className: string,
  school: Partial<typeof schools.$inferInsert> = {},
) {
  const schoolId = (await createSchool(ctx, school)).id;
  const classId = ctx.ids.next();
  await ctx.db.insert(classes).values({ id: classId, schoolId, name: className, grade: '2026' });
  const admin = await signedIn(app, ctx, { schoolId, roles: ['school-manager'] });
  const operator = await signedIn(app, ctx, { roles: ['operator'] });
  return { schoolId, classId, admin, operator };
}

/** A user with roles, signed in; answers the user and the headers for its requests. */
export async function signedIn(
  app: FastifyInstance,
  ctx: AppContext,
  opts: Parameters<typeof createUser>[1] = {},
) {
  const user = await createUser(ctx, opts);
  const { access_token } = await signIn(app, user.username, user.password);
  return { ...user, token: access_token, headers: bearer(access_token) };
}

/** An API answer: the envelope with the HTTP status. */
export interface Answer<T = unknown> {
  status: number;
  code: number;
  message: string;
  data: T;
  errorKey?: string;
  fields?: Record<string, string>;
}

/** One API call by `who` (their bearer headers) in a language, answered as its envelope. */
export async function callAs<T = unknown>(
  app: FastifyInstance,
  who: { headers: Record<string, string> },
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  lang = 'en',
): Promise<Answer<T>> {
  const res = await app.inject({
    method,
    url,
    headers: { ...who.headers, 'accept-language': lang },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { ...res.json<Omit<Answer<T>, 'status'>>(), status: res.statusCode };
}

/** `callAs` on the harness's app (read when called, so it may be set in `beforeAll`), in `lang`. */
export function callerOn(app: () => FastifyInstance, defaultLang = 'en') {
  return <T = unknown>(
    who: { headers: Record<string, string> },
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    lang = defaultLang,
  ) => callAs<T>(app(), who, method, url, payload, lang);
}
