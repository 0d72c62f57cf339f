import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  classArchiveSchema,
  classListQuerySchema,
  classOptionSchema,
  classPageQuerySchema,
  classRecordSchema,
  classSaveSchema,
  envelopeOf,
  idSchema,
  orgTreeDepartmentSchema,
  orgTreeQuerySchema,
  pageOf,
} from '@platform/contract';
import { z } from 'zod';
import { requireActor } from '../auth/auth.plugin';
import { ClassesService } from './classes.service';

const idParams = z.object({ id: idSchema });

/**
 * The classes of a school (school administrators; teachers add and edit). `removeLabs` clears
 * the labs of an archived class's students.
 */
export function classesRoutes(
  removeLabs: (studentIds: string[]) => Promise<unknown>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const service = new ClassesService(app.ctx, removeLabs);
    const tags = ['classes'];
    const auth = { onRequest: app.authenticate };

    app.get(
      apiRoutes.classesPage,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Classes of the school, paged and filtered (in use by default)',
          querystring: classPageQuerySchema,
          response: { 200: envelopeOf(pageOf(classRecordSchema)) },
        },
      },
      async (req, reply) => reply.ok(await service.page(requireActor(req), req.query)),
    );
    app.get(
      apiRoutes.classesList,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Classes of the school for selects (in use; includeArchived=true adds archived)',
          querystring: classListQuerySchema,
          response: { 200: envelopeOf(z.array(classOptionSchema)) },
        },
      },
      async (req, reply) =>
        reply.ok(await service.options(requireActor(req), req.query.includeArchived === 'true')),
    );
    app.get(
      apiRoutes.orgTree,
      {
        ...auth,
        schema: {
          tags: ['organization'],
          summary: 'Departments, their majors and the classes of each major, with student counts',
          querystring: orgTreeQuerySchema,
          response: { 200: envelopeOf(z.array(orgTreeDepartmentSchema)) },
        },
      },
      async (req, reply) =>
        reply.ok(await service.tree(requireActor(req), req.query.archived === 'true')),
    );
    app.get(
      apiRoutes.classesGet,
      {
        ...auth,
        schema: {
          tags,
          summary: 'One class of the school',
          params: idParams,
          response: { 200: envelopeOf(classRecordSchema) },
        },
      },
      async (req, reply) => reply.ok(await service.get(requireActor(req), req.params.id)),
    );
    app.post(
      apiRoutes.classesSave,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Add or update a class with its suitable majors',
          body: classSaveSchema,
          response: { 200: envelopeOf(classRecordSchema) },
        },
      },
      async (req, reply) => reply.ok(await service.save(requireActor(req), req.body)),
    );
    app.post(
      apiRoutes.classesDelete,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Delete a class that holds no students',
          params: idParams,
          response: { 200: envelopeOf(z.null()) },
        },
      },
      async (req, reply) => {
        await service.remove(requireActor(req), req.params.id);
        return reply.ok(null);
      },
    );
    app.post(
      apiRoutes.classesArchive,
      {
        ...auth,
        schema: {
          tags,
          summary: "Archive a class and clear its students' training data (confirm: 'delete')",
          params: idParams,
          // A missing body is refused by the service with an error on `confirm`.
          body: classArchiveSchema.nullish(),
          response: { 200: envelopeOf(classRecordSchema) },
        },
      },
      async (req, reply) =>
        reply.ok(await service.archive(requireActor(req), req.params.id, req.body)),
    );
  };
}
