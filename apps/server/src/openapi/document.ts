import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { errorEnvelopeSchema } from '@platform/contract';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { securityOf, securitySchemes } from './security';

/** Method and path in one word: `getApiUserUsersCurrent` for GET /api-user/users/current. */
function operationIdOf(method: string, url: string): string {
  return (
    method.toLowerCase() +
    url.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())
  );
}

/** Every route can refuse a request with the error envelope (DESIGN §2). */
const refused = {
  description: 'Refused: the error envelope, with a stable `errorKey`',
  content: { 'application/json': { schema: errorEnvelopeSchema.meta({ id: 'ErrorEnvelope' }) } },
};

interface Described {
  paths?: unknown;
  components?: { schemas?: Record<string, unknown> };
}

/** What the generator says of a route without a response schema (the file downloads). */
const undescribed = { 200: z.undefined().describe('Success; the body is not described') };

/** Names of the schemas a document refers to, directly or through other schemas. */
function referencedSchemas(document: Described): Set<string> {
  const schemas = document.components?.schemas ?? {};
  const names = new Set<string>();
  const visit = (value: unknown) => {
    for (const [, name] of JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (!names.has(name!)) {
        names.add(name!);
        visit(schemas[name!]);
      }
    }
  };
  visit(document.paths);
  return names;
}

/**
 * The API description at /api/docs: generated from the routes' zod schemas, with each operation's
 * security, id and refusal added in the same way for every route.
 */
export const swaggerOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: { title: 'Hands-on lab platform API', version: '0.1.0' },
    servers: [{ url: '/' }],
    components: { securitySchemes },
  },
  transform: ({ schema, url, route, ...document }) =>
    jsonSchemaTransform({
      ...document,
      url,
      route,
      schema: schema?.hide
        ? schema
        : {
            ...schema,
            operationId: operationIdOf([route.method].flat()[0]!, url),
            security: securityOf(route),
            response: {
              ...(schema?.response ?? undescribed),
              '4XX': refused,
            },
          },
    }),
  transformObject: (document) => {
    const result = jsonSchemaTransformObject(document);
    // Each named zod schema comes as an input and an output schema; only those in use are kept.
    const schemas = (result as Described).components?.schemas ?? {};
    const used = referencedSchemas(result);
    for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
    return result;
  },
};
