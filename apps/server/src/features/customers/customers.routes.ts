import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  customerAddTimeSchema,
  customerPageQuerySchema,
  customerSaveSchema,
  customerSchema,
  customerTimeHistoryQuerySchema,
  customerTimeLogSchema,
  envelopeOf,
  idSchema,
  pageOf,
} from '@platform/contract';
import { z } from 'zod';
import { requireActor } from '../auth/auth.plugin';
import { CustomersService } from './customers.service';

const idParams = z.object({ id: idSchema });

/** Customers, their service periods and the history of added time (operations). */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new CustomersService(app.ctx);
  const tags = ['customers'];
  const auth = { onRequest: app.authenticateStaff };

  app.get(
    apiRoutes.customersPage,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Customers with their service status, paged',
        querystring: customerPageQuerySchema,
        response: { 200: envelopeOf(pageOf(customerSchema)) },
      },
    },
    async (req, reply) => reply.ok(await service.page(requireActor(req), req.query)),
  );
  app.get(
    apiRoutes.customersGet,
    {
      ...auth,
      schema: {
        tags,
        summary: 'One customer',
        params: idParams,
        response: { 200: envelopeOf(customerSchema) },
      },
    },
    async (req, reply) => reply.ok(await service.get(requireActor(req), req.params.id)),
  );
  app.post(
    apiRoutes.customersSave,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Add (without id) or update a customer',
        body: customerSaveSchema,
        response: { 200: envelopeOf(customerSchema) },
      },
    },
    async (req, reply) => {
      const { customer, added } = await service.save(requireActor(req), req.body);
      return reply.ok(customer, added ? 'customers.added' : 'customers.updated');
    },
  );
  app.post(
    apiRoutes.customersDelete,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Delete a customer (its history of added time is kept)',
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req, reply) => {
      await service.remove(requireActor(req), req.params.id);
      return reply.ok(null, 'customers.deleted');
    },
  );
  app.post(
    apiRoutes.customersAddTime,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Extend the service of a customer by whole hours, with a reason',
        body: customerAddTimeSchema,
        response: { 200: envelopeOf(customerSchema) },
      },
    },
    async (req, reply) =>
      reply.ok(await service.addTime(requireActor(req), req.body), 'customers.time_added'),
  );
  app.get(
    apiRoutes.customersTimeHistory,
    {
      ...auth,
      schema: {
        tags,
        summary: 'The history of added service time, paged',
        querystring: customerTimeHistoryQuerySchema,
        response: { 200: envelopeOf(pageOf(customerTimeLogSchema)) },
      },
    },
    async (req, reply) => reply.ok(await service.history(requireActor(req), req.query)),
  );
};
