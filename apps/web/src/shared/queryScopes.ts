import type { InvalidateQueryFilters, MutationFunctionContext } from '@tanstack/react-query';

/**
 * Roots of the query keys. Everything under `session` belongs to the signed-in user and is dropped
 * when the token changes; `public` data (site config, announcement) survives sign-in and out.
 */
export const sessionScope = ['session'] as const;
export const publicScope = ['public'] as const;

/** A mutation's `onSuccess` that marks the queries matching each filter stale; shown ones refetch. */
export function invalidates(...filters: InvalidateQueryFilters[]) {
  return (
    _data: unknown,
    _vars: unknown,
    _result: unknown,
    { client }: MutationFunctionContext,
  ) => {
    for (const f of filters) void client.invalidateQueries(f);
  };
}
