import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  routeRefs,
  schoolsPaths,
  type SchoolProfileUpdate,
  type schoolsApi,
} from '@platform/contract';
import { call } from '../../shared/call';
import { sessionScope } from '../../shared/queryScopes';

/** A school's own profile (management spec §2 admin screens). */

// The declarations of `schoolsApi` share their contract modules with what the sign-in page's first
// load needs, and would bring zod into it.
const schools = routeRefs<typeof schoolsApi>(schoolsPaths);

/** The school area: its profile, organization (`org`) and classes (`classes`) live under it. */
export const schoolKeys = {
  all: [...sessionScope, 'school'] as const,
  profile: () => [...schoolKeys.all, 'profile'] as const,
};

// Organization changes rename majors in class lists; class changes move counts in the tree and
// the profile: refetch the whole school area.
export const schoolChanged = { queryKey: schoolKeys.all };

export function schoolProfileQueryOptions() {
  return queryOptions({
    queryKey: schoolKeys.profile(),
    queryFn: ({ signal }) => call(schools.profile, {}, { signal }),
  });
}

export function profileUpdateMutationOptions() {
  return mutationOptions({
    mutationKey: [...schoolKeys.profile(), 'update'],
    mutationFn: (body: SchoolProfileUpdate) => call(schools.profileUpdate, { body }),
    onSuccess: (data, _vars, _result, { client }) =>
      client.setQueryData(schoolKeys.profile(), data),
  });
}
