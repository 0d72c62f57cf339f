import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schoolsApi as api } from '@platform/contract';
import { languageOf } from '../../lib/i18n';
import { serve } from '../../lib/serve';
import { requireActor } from '../auth/auth.plugin';
import { SchoolsService } from './schools.service';

export const schoolsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new SchoolsService(app.ctx);

  serve(app, api.detail, async (req, reply) =>
    reply.ok(await service.detail(requireActor(req), req.params.id)),
  );
  serve(app, api.profile, async (req, reply) =>
    reply.ok(await service.profile(requireActor(req), languageOf(req.headers['accept-language']))),
  );
  serve(app, api.profileUpdate, async (req, reply) =>
    reply.ok(
      await service.updateProfile(
        requireActor(req),
        req.body,
        languageOf(req.headers['accept-language']),
      ),
    ),
  );
};
