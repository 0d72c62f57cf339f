import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '../auth/api';

/**
 * The signed-in user's school: a school's accounts see their own school's money; platform staff
 * (no school) see every school. `known` is false until the user has loaded.
 */
export function useOwnSchool() {
  const user = useQuery(currentUserQueryOptions());
  const schoolId = user.data?.collegeId ?? null;
  return {
    user,
    known: user.isSuccess,
    schoolId,
    platform: user.isSuccess && schoolId === null,
  };
}
