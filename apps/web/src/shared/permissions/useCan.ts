import { useQuery } from '@tanstack/react-query';
import type { PermissionKey } from '@platform/contract';
import { permissionKeysQueryOptions } from './api';

/**
 * Whether the user's roles hold a button-level permission. Until the keys are loaded the answer
 * is no, so an action never flashes into view for a user who may not use it.
 */
export function useCan(): (key: PermissionKey) => boolean {
  const { data } = useQuery(permissionKeysQueryOptions());
  return (key) => Boolean(data?.includes(key));
}
