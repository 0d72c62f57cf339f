import { pageOf } from './envelope';
import { defineRoute } from './route';
import { smsOutboxMessageSchema, smsOutboxQuerySchema } from './sms';

/** Text messages: the outbox that operators read when no SMS gateway is configured. */
export const smsApi = {
  outbox: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-operation/sms/outbox/page',
    feature: 'sms',
    summary: 'Text messages kept by the outbox provider, newest first, paged',
    query: smsOutboxQuerySchema,
    response: /* @__PURE__ */ pageOf(smsOutboxMessageSchema),
    access: { who: ['operator', 'admin'] },
  }),
} as const;
