import { z } from 'zod';
import { noticeIdParamsSchema, noticeListSchema, noticeQuerySchema } from './notices';
import { noticesPaths } from './notices.paths';
import { defineRoute } from './route';

const feature = 'notices';

/**
 * A person's notices (platform spec §3, §4, §7): what teaching raised for them (a task issued, a
 * report returned, scores issued, time extended). Each account reads and clears only its own.
 */
export const noticesApi = {
  list: /* @__PURE__ */ defineRoute({
    ...noticesPaths.list,
    feature,
    summary: 'The caller’s notices, unread by default; `data.data` is the list',
    query: noticeQuerySchema,
    response: noticeListSchema,
    access: { who: 'account' },
  }),
  clear: /* @__PURE__ */ defineRoute({
    ...noticesPaths.clear,
    feature,
    summary: 'Mark all of the caller’s notices read',
    response: /* @__PURE__ */ z.object({ cleared: z.number().int() }),
    access: { who: 'account' },
  }),
  read: /* @__PURE__ */ defineRoute({
    ...noticesPaths.read,
    feature,
    summary: 'Mark one of the caller’s notices read',
    params: noticeIdParamsSchema,
    response: /* @__PURE__ */ z.null(),
    access: { who: 'account' },
  }),
} as const;
