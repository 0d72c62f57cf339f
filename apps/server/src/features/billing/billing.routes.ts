import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingApi as api } from '@platform/contract';
import { sendDownload, XLSX_TYPE } from '../../lib/http-files';
import { languageOf } from '../../lib/i18n';
import { serve } from '../../lib/serve';
import { requireActor } from '../auth/auth.plugin';
import { BillingAccounts } from './billing.accounts';
import { BillingService } from './billing.service';

/** Money: packages, billing costs, orders, accounts and their ledger, usage details, overview. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new BillingService(app.ctx);
  const accounts = new BillingAccounts(app.ctx);
  const lang = (req: { headers: Record<string, unknown> }) =>
    languageOf(req.headers['accept-language'] as string | undefined);

  serve(app, api.packagePage, async (req, reply) =>
    reply.ok(await service.packagePage(req.query, lang(req))),
  );
  serve(app, api.packageSave, async (req, reply) =>
    reply.ok(await service.savePackage(req.body, lang(req)), 'billing.package_saved'),
  );
  serve(app, api.packageState, async (req, reply) =>
    reply.ok(await service.packageState(req.body, lang(req)), 'billing.package_saved'),
  );
  serve(app, api.pricePage, async (req, reply) => reply.ok(await service.pricePage(req.query)));
  serve(app, api.priceAdd, async (req, reply) =>
    reply.ok(await service.addPrice(requireActor(req), req.body), 'billing.price_added'),
  );
  serve(app, api.priceDelete, async (req, reply) => {
    await service.deletePrice(req.params.id);
    return reply.ok(null);
  });
  serve(app, api.orderAdd, async (req, reply) =>
    reply.ok(await service.addOrder(requireActor(req), req.body, lang(req)), 'billing.order_added'),
  );
  serve(app, api.orderPage, async (req, reply) =>
    reply.ok(await service.orderPage(requireActor(req), req.query, lang(req))),
  );
  serve(app, api.orderDetail, async (req, reply) =>
    reply.ok(await service.orderDetail(requireActor(req), req.params.id, lang(req))),
  );
  serve(app, api.accountPage, async (req, reply) =>
    reply.ok(await accounts.accountPage(req.query)),
  );
  serve(app, api.accountDetail, async (req, reply) =>
    reply.ok(await accounts.account(requireActor(req), req.params.schoolId, lang(req))),
  );
  serve(app, api.limitSave, async (req, reply) =>
    reply.ok(await accounts.saveLimits(req.body, lang(req)), 'billing.limits_saved'),
  );
  serve(app, api.adjust, async (req, reply) =>
    reply.ok(await accounts.adjust(requireActor(req), req.body, lang(req)), 'billing.adjusted'),
  );
  serve(app, api.ledgerPage, async (req, reply) =>
    reply.ok(await accounts.ledgerPage(requireActor(req), req.query)),
  );
  serve(app, api.usagePage, async (req, reply) =>
    reply.ok(await accounts.usagePage(requireActor(req), req.query)),
  );
  serve(app, api.usageExport, async (req, reply) => {
    const { data, fileName } = await accounts.usageExport(requireActor(req), req.query, lang(req));
    return sendDownload(reply, { name: fileName, type: XLSX_TYPE, body: data });
  });
  serve(app, api.overview, async (req, reply) =>
    reply.ok(await accounts.overview(requireActor(req), req.query.schoolId)),
  );
};
