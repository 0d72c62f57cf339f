import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  apiRoutes,
  collegeAdminCreateSchema,
  collegeAdminSchema,
  collegeAdminsQuerySchema,
  collegeEnableSchema,
  collegeIdQuerySchema,
  collegeImportResultSchema,
  collegeLimits,
  collegeOptionSchema,
  collegeOptionsQuerySchema,
  collegePageQuerySchema,
  collegeSaveSchema,
  collegeSchema,
  collegeTotalUserSchema,
  envelopeOf,
  pageOf,
} from '@platform/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { readOneFile } from '../../lib/multipart';
import { languageOf } from '../../lib/i18n';
import { requireActor } from '../auth/auth.plugin';
import { attachment, CollegesService } from './colleges.service';

const maxMb = collegeLimits.importMaxBytes / 1024 / 1024;

/** The uploaded spreadsheet of a multipart request (field `file`). */
function uploadedFile(req: FastifyRequest): Promise<{ data: Buffer; fileName: string }> {
  return readOneFile(req, {
    maxBytes: collegeLimits.importMaxBytes,
    tooLarge: () =>
      new AppError('imports.too_large', {
        status: 413,
        fields: { file: 'too_long' },
        params: { max: maxMb },
      }),
  });
}

/** Schools (colleges) for platform operators, their administrators and the school import. */
export const collegesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new CollegesService(app.ctx);
  const tags = ['colleges'];
  const auth = { onRequest: app.authenticateStaff };
  const lang = (req: FastifyRequest) => languageOf(req.headers['accept-language']);

  await app.register(multipart, {
    limits: { fileSize: collegeLimits.importMaxBytes, files: 1, fields: 5, fieldSize: 1024 },
  });

  app.get(
    apiRoutes.collegesPage,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Schools, paged and filtered (platform staff)',
        querystring: collegePageQuerySchema,
        response: { 200: envelopeOf(pageOf(collegeSchema)) },
      },
    },
    async (req, reply) => reply.ok(await service.page(requireActor(req), req.query, lang(req))),
  );

  app.post(
    apiRoutes.collegesGet,
    {
      ...auth,
      schema: {
        tags,
        summary: 'One school (platform staff)',
        querystring: collegeIdQuerySchema,
        response: { 200: envelopeOf(collegeSchema) },
      },
    },
    async (req, reply) => reply.ok(await service.get(requireActor(req), req.query.id, lang(req))),
  );

  app.post(
    apiRoutes.collegesSave,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Add a school (no id) or update one (college.add / college.edit)',
        body: collegeSaveSchema,
        response: { 200: envelopeOf(collegeSchema) },
      },
    },
    async (req, reply) => reply.ok(await service.save(requireActor(req), req.body, lang(req))),
  );

  app.post(
    apiRoutes.collegesDelete,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Delete a school (soft delete; college.delete)',
        querystring: collegeIdQuerySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req, reply) => {
      await service.remove(requireActor(req), req.query.id);
      return reply.ok(null);
    },
  );

  app.post(
    apiRoutes.collegesEnable,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Enable or disable a school (college.enable)',
        body: collegeEnableSchema,
        response: { 200: envelopeOf(collegeSchema) },
      },
    },
    async (req, reply) =>
      reply.ok(await service.enable(requireActor(req), req.body.id, req.body.enabled, lang(req))),
  );

  app.get(
    apiRoutes.collegesOptions,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Up to 20 schools whose name contains `name`, for selects (platform staff)',
        querystring: collegeOptionsQuerySchema,
        response: { 200: envelopeOf(z.array(collegeOptionSchema)) },
      },
    },
    async (req, reply) => reply.ok(await service.options(requireActor(req), req.query.name)),
  );

  app.get(
    apiRoutes.collegesAdmins,
    {
      ...auth,
      schema: {
        tags,
        summary: 'The administrator accounts of a school (college.admins)',
        querystring: collegeAdminsQuerySchema,
        response: { 200: envelopeOf(z.array(collegeAdminSchema)) },
      },
    },
    async (req, reply) => reply.ok(await service.admins(requireActor(req), req.query.collegeId)),
  );

  app.post(
    apiRoutes.collegesAdmins,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Add a school administrator account; the phone is the login (college.admins)',
        body: collegeAdminCreateSchema,
        response: { 200: envelopeOf(collegeAdminSchema) },
      },
    },
    async (req, reply) => reply.ok(await service.addAdmin(requireActor(req), req.body, lang(req))),
  );

  app.post(
    apiRoutes.collegesUpdateTotalUser,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Set the maximum of student accounts, form encoded (college.total_user)',
        consumes: ['application/x-www-form-urlencoded'],
        body: collegeTotalUserSchema,
        response: { 200: envelopeOf(collegeSchema) },
      },
    },
    async (req, reply) =>
      reply.ok(
        await service.updateTotalUser(
          requireActor(req),
          req.body.collegeId,
          req.body.totalUser,
          lang(req),
        ),
      ),
  );

  app.post(
    apiRoutes.collegesImport,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Import schools from a spreadsheet (multipart field `file`; college.import)',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(collegeImportResultSchema) },
      },
    },
    async (req, reply) =>
      reply.ok(await service.importColleges(requireActor(req), () => uploadedFile(req), lang(req))),
  );

  app.get(
    apiRoutes.collegesImportTemplate,
    {
      ...auth,
      schema: { tags, summary: 'The school import template (xlsx, platform staff)' },
    },
    async (req, reply) => {
      const { data, fileName } = await service.template(requireActor(req), lang(req));
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', attachment(fileName))
        .header('Cache-Control', 'no-store')
        .send(data);
    },
  );
};
