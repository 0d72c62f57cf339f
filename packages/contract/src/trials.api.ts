import { z } from 'zod';
import { pageOf } from './envelope';
import { defineRoute } from './route';
import {
  trialApplicationSchema,
  trialApplySchema,
  trialCodeQuerySchema,
  trialCodeSentSchema,
  trialIdQuerySchema,
  trialPageQuerySchema,
} from './trials';
import { trialsPaths } from './trials.paths';

const feature = 'trials';
const operators = ['operator', 'admin'] as const;

/**
 * Trial applications (platform spec §3–§5, §7; management spec §2–§4, §7): visitors ask for a
 * verification code and apply without signing in; operators list the applications and send the
 * applicant a message, which marks the application processed.
 */
export const trialsApi = {
  sendCode: /* @__PURE__ */ defineRoute({
    ...trialsPaths.sendCode,
    feature,
    summary: 'Send a trial verification code to a mainland mobile number',
    description:
      'Six digits, valid 10 minutes, single use, spent after 5 wrong entries. A phone gets at ' +
      'most one code a minute, 5 an hour and 10 a day; one network at most 20 an hour ' +
      '(HTTP 429 beyond, with Retry-After). The whole platform sends at most SMS_MAX_PER_MINUTE ' +
      'codes a minute and SMS_MAX_PER_DAY a day (60 and 2,000 by default), refused the same way.',
    query: trialCodeQuerySchema,
    response: trialCodeSentSchema,
    access: { who: 'public' },
  }),
  apply: /* @__PURE__ */ defineRoute({
    ...trialsPaths.apply,
    feature,
    summary: 'Apply for a trial with the verification code sent to the phone',
    body: trialApplySchema,
    response: /* @__PURE__ */ z.null(),
    access: { who: 'public' },
  }),
  list: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-operation/probation/apply/list',
    feature,
    summary: 'Trial applications, newest first, paged and filtered',
    query: trialPageQuerySchema,
    response: /* @__PURE__ */ pageOf(trialApplicationSchema),
    access: { who: operators },
  }),
  sendMessage: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-operation/probation/apply/send/message',
    feature,
    summary: 'Send the applicant the message that the application is taken on; marks it processed',
    query: trialIdQuerySchema,
    response: trialApplicationSchema,
    access: { who: operators, permission: 'trial.send_message' },
  }),
} as const;
