import { z } from 'zod';
import { changePasswordSchema, loginLogSchema } from './auth';
import { defineRoute } from './route';
import { userRecordSaveSchema } from './user-record';
import { currentUserSchema } from './users';
import { usersPaths } from './users.paths';

const feature = 'users';

/** The signed-in account's own user: who it is, its password, its record. */
export const usersApi = {
  current: /* @__PURE__ */ defineRoute({
    ...usersPaths.current,
    feature,
    summary: 'The signed-in user',
    response: currentUserSchema,
    access: { who: 'account', duringPasswordChange: true },
  }),
  changePassword: /* @__PURE__ */ defineRoute({
    ...usersPaths.changePassword,
    feature,
    summary: 'Change the own password; every session of the account ends',
    description:
      'Wrong old passwords are throttled like sign-ins (decision 0013): past the budget the ' +
      'answer is HTTP 429 with `users.password_throttled` and `Retry-After`.',
    body: changePasswordSchema,
    response: /* @__PURE__ */ z.null(),
    access: { who: 'account', duringPasswordChange: true },
  }),
  loginLog: /* @__PURE__ */ defineRoute({
    ...usersPaths.loginLog,
    feature,
    summary: 'Record a sign-in seen by the client',
    body: loginLogSchema,
    response: /* @__PURE__ */ z.null(),
    access: { who: 'account', duringPasswordChange: true },
  }),
  save: /* @__PURE__ */ defineRoute({
    ...usersPaths.save,
    feature,
    summary: 'Update the own user record (my info); answers the current user',
    body: userRecordSaveSchema,
    response: currentUserSchema,
    access: { who: 'account' },
  }),
} as const;
