import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customersApi as api } from '@platform/contract';
import { serve } from '../../lib/serve';
import { requireActor } from '../auth/auth.plugin';
import { CustomersService } from './customers.service';

/** Customers, their service periods and the history of added time (operations). */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new CustomersService(app.ctx);

  serve(app, api.page, async (req, reply) => reply.ok(await service.page(req.query)));
  serve(app, api.get, async (req, reply) => reply.ok(await service.get(req.params.id)));
  serve(app, api.save, async (req, reply) => {
    const { customer, added } = await service.save(req.body);
    return reply.ok(customer, added ? 'customers.added' : 'customers.updated');
  });
  serve(app, api.delete, async (req, reply) => {
    await service.remove(req.params.id);
    return reply.ok(null, 'customers.deleted');
  });
  serve(app, api.addTime, async (req, reply) =>
    reply.ok(await service.addTime(requireActor(req), req.body), 'customers.time_added'),
  );
  serve(app, api.timeHistory, async (req, reply) => reply.ok(await service.history(req.query)));
};
