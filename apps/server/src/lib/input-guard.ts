import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unstorableAt } from '@platform/contract';
import { invalid } from './errors';

/** Parsed data, not a body a route reads itself (a stream or raw bytes). */
const isData = (v: object) =>
  !ArrayBuffer.isView(v) && typeof (v as { pipe?: unknown }).pipe !== 'function';

/**
 * The field (dotted path, `_` for the whole input) of the first text PostgreSQL cannot store in a
 * parsed input, or null. Keys count as text of the object that holds them.
 */
export function unstorableField(input: unknown): string | null {
  const stack: [unknown, string][] = [[input, '']];
  while (stack.length) {
    const [value, at] = stack.pop()!;
    if (typeof value === 'string') {
      if (unstorableAt(value) >= 0) return at || '_';
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push([v, at ? `${at}.${i}` : String(i)]));
    } else if (value && typeof value === 'object' && isData(value)) {
      for (const [k, v] of Object.entries(value)) {
        if (unstorableAt(k) >= 0) return at || '_';
        stack.push([v, at ? `${at}.${k}` : k]);
      }
    }
  }
  return null;
}

/**
 * Refuses text PostgreSQL cannot store (NUL, lone surrogates) in any route's path parameters, query
 * and parsed body before validation, so no route can forget it. Multipart bodies are read by their
 * routes and checked there (lib/multipart.ts); lab origins proxy bytes to the lab and are left alone.
 */
export const inputGuard = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    if (req.routeOptions.config?.labGateway) return;
    for (const input of [req.params, req.query, req.body]) {
      const field = unstorableField(input);
      if (field !== null)
        throw invalid('common.invalid_characters', { [field]: 'invalid_characters' });
    }
  });
});
