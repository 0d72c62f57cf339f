import { afterAll, beforeAll, expect } from 'vitest';
import { type College, type CollegeImportResult, collegesApi } from '@platform/contract';
import { createSchool, signedIn } from './factories';
import { createHarness, type Harness } from './harness';

type Who = Awaited<ReturnType<typeof signedIn>>;

/** The platform's operator, a case developer without the school grants, and a school's staff. */
export interface CollegesWorld {
  operator: Who;
  caseDeveloper: Who;
  manager: Who;
  teacher: Who;
  ownSchool: Awaited<ReturnType<typeof createSchool>>;
}

export interface Answer<T = unknown> {
  status: number;
  code: number;
  message: string;
  data: T;
  errorKey?: string;
  fields?: Record<string, string>;
}

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A harness with the colleges' world for the tests of one file, made before them and closed
 * after, with calls on it in English as the operator unless told. `h` and `w` are set once the
 * file's `beforeAll` ran.
 */
export function collegesSuite() {
  const state = {
    h: undefined as unknown as Harness,
    w: undefined as unknown as CollegesWorld,
    counter: 0,
  };
  beforeAll(async () => {
    state.h = await createHarness();
    state.counter = 0;
    const h = state.h;
    const ownSchool = await createSchool(h.ctx);
    const operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
    const caseDeveloper = await signedIn(h.app, h.ctx, { roles: ['case-developer'] });
    const manager = await signedIn(h.app, h.ctx, {
      schoolId: ownSchool.id,
      roles: ['school-manager'],
    });
    const teacher = await signedIn(h.app, h.ctx, { schoolId: ownSchool.id, roles: ['teacher'] });
    state.w = { operator, caseDeveloper, manager, teacher, ownSchool };
  });
  afterAll(() => state.h.close());

  async function call<T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    opts: { headers?: Record<string, string>; lang?: string } = {},
  ): Promise<Answer<T>> {
    const res = await state.h.app.inject({
      method,
      url,
      headers: {
        ...(opts.headers ?? state.w.operator.headers),
        'accept-language': opts.lang ?? 'en',
      },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { ...res.json<Omit<Answer<T>, 'status'>>(), status: res.statusCode };
  }

  const token = () => `t${Date.now().toString(36)}${(state.counter++).toString(36)}`;

  /** A valid new school in Shenzhen, Guangdong. */
  function newCollege(overrides: Record<string, unknown> = {}) {
    const t = token();
    return {
      name: `College ${t}`,
      url: `c_${t}`,
      type: 1,
      province: '440000',
      city: '440300',
      intro: 'A college for tests',
      address: '1 Test Road',
      maxStudents: 100,
      purchasedCourseCount: 3,
      ...overrides,
    };
  }

  async function addCollege(overrides: Record<string, unknown> = {}): Promise<College> {
    const res = await call<College>('POST', collegesApi.save.path, newCollege(overrides));
    expect(res.code, res.message).toBe(200);
    return res.data;
  }

  const page = (query: Record<string, string | number>) =>
    call<{ records: College[]; total: number; pageNum: number; pageSize: number }>(
      'GET',
      `${collegesApi.page.path}?${new URLSearchParams(
        Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString()}`,
    );

  /** A multipart body with one file field. */
  function multipart(fileName: string, data: Buffer, contentType: string) {
    const boundary = `----test${token()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
          `Content-Type: ${contentType}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
  }

  /** Imports a file of schools, as the operator unless told. */
  async function upload(
    fileName: string,
    data: Buffer,
    opts: { headers?: Record<string, string>; lang?: string } = {},
  ) {
    const body = multipart(fileName, data, fileName.endsWith('.csv') ? 'text/csv' : xlsxType);
    const res = await state.h.app.inject({
      method: 'POST',
      url: collegesApi.import.path,
      headers: {
        ...(opts.headers ?? state.w.operator.headers),
        'accept-language': opts.lang ?? 'en',
        'content-type': body.contentType,
      },
      payload: body.payload,
    });
    return { status: res.statusCode, ...res.json<Omit<Answer<CollegeImportResult>, 'status'>>() };
  }

  return {
    get h() {
      return state.h;
    },
    get w() {
      return state.w;
    },
    call,
    token,
    newCollege,
    addCollege,
    page,
    multipart,
    upload,
  };
}
