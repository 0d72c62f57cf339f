import { z } from 'zod';
import { idSchema } from './envelope';
import { schoolProfileSchema, schoolProfileUpdateSchema } from './org';
import { defineRoute } from './route';
import { collegeDetailSchema } from './site';
import { schoolsPaths } from './schools.paths';

const feature = 'schools';

/** A school's detail, and its own profile for the school's accounts. */
export const schoolsApi = {
  detail: /* @__PURE__ */ defineRoute({
    ...schoolsPaths.detail,
    feature,
    summary: 'Name, logo and url prefix of a school (own school, or any for platform staff)',
    params: /* @__PURE__ */ z.object({ id: idSchema }),
    response: collegeDetailSchema,
    access: { who: 'account' },
  }),
  profile: /* @__PURE__ */ defineRoute({
    ...schoolsPaths.profile,
    feature,
    summary: "The actor's own school: profile, balances and counts",
    response: schoolProfileSchema,
    access: { who: ['school-manager', 'teacher'] },
  }),
  profileUpdate: /* @__PURE__ */ defineRoute({
    ...schoolsPaths.profileUpdate,
    feature,
    summary: "Update the introduction and address of the actor's own school",
    body: schoolProfileUpdateSchema,
    response: schoolProfileSchema,
    // Any account of a school whose roles hold the permission (granted to administrators).
    access: {
      who: ['school-manager', 'teacher', 'student'],
      permission: 'school.profile.edit',
    },
  }),
} as const;
