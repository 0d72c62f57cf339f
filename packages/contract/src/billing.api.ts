import { z } from 'zod';
import { idSchema, pageOf } from './envelope';
import {
  accountPageQuerySchema,
  accountRowSchema,
  accountSchema,
  adjustSchema,
  ledgerEntrySchema,
  ledgerPageQuerySchema,
  limitSaveSchema,
  orderAddSchema,
  orderPageQuerySchema,
  orderSchema,
  overviewQuerySchema,
  overviewSchema,
  packagePageQuerySchema,
  packageSaveSchema,
  packageSchema,
  packageStateSchema,
  priceAddSchema,
  pricePageQuerySchema,
  priceSchema,
  schoolIdParamsSchema,
  usageDetailSchema,
  usageExportQuerySchema,
  usagePageQuerySchema,
} from './billing';
import { defineRoute } from './route';

const feature = 'billing';
const operators = ['operator', 'admin'] as const;
/** Operators see every school; a school's administrator sees their own school only. */
const accountReaders = ['operator', 'admin', 'school-manager'] as const;
const idParams = /* @__PURE__ */ z.object({ id: idSchema });

/**
 * Money (management spec §2–§5, §9; decision 0030): packages and billing costs, orders, the
 * ledger and balances of each school, limits, usage details and their export, the overview
 * dashboard. The cost preview before a lab's Start is a route of the labs feature.
 */
export const billingApi = {
  packagePage: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-operation/package/page',
    feature,
    summary: 'Course module packages, newest first',
    query: packagePageQuerySchema,
    response: /* @__PURE__ */ pageOf(packageSchema),
    access: { who: operators },
  }),
  packageSave: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-operation/package/saveOrUpdate',
    feature,
    summary: 'Add a package, or change one (with its id)',
    body: packageSaveSchema,
    response: packageSchema,
    access: { who: operators, permission: 'billing.package_edit' },
  }),
  packageState: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-operation/package/state',
    feature,
    summary: 'Publish or cancel publishing a package; put it on or take it off the shelf',
    body: packageStateSchema,
    response: packageSchema,
    access: { who: operators, permission: 'billing.package_edit' },
  }),
  pricePage: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-operation/price/page',
    feature,
    summary: 'Billing costs: the price of each charging item over time, newest first',
    query: pricePageQuerySchema,
    response: /* @__PURE__ */ pageOf(priceSchema),
    access: { who: operators },
  }),
  priceAdd: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-operation/price/add',
    feature,
    summary: 'Add a price of a charging item from a moment on (not in the past)',
    description:
      'Prices are never changed: a new price takes over from its moment, and usage before it ' +
      'keeps the price it was used at.',
    body: priceAddSchema,
    response: priceSchema,
    access: { who: operators, permission: 'billing.price_edit' },
  }),
  priceDelete: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-operation/price/delete/:id',
    feature,
    summary: 'Withdraw a price that has not taken effect yet',
    params: idParams,
    response: /* @__PURE__ */ z.null(),
    access: { who: operators, permission: 'billing.price_edit' },
  }),
  orderAdd: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-operation/order/add',
    feature,
    summary: 'Record an order paid offline: recharge, gift, package, opened courses',
    description:
      'Idempotent by `idempotencyKey`: a repeated request answers the first order and changes ' +
      'nothing.',
    body: orderAddSchema,
    response: orderSchema,
    access: { who: operators, permission: 'billing.order_add' },
  }),
  orderPage: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-operation/order/page',
    feature,
    summary: 'Orders and recharge records, newest first (a school administrator: their own)',
    query: orderPageQuerySchema,
    response: /* @__PURE__ */ pageOf(orderSchema),
    access: { who: accountReaders },
  }),
  orderDetail: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-operation/order/detail/:id',
    feature,
    summary: 'One order',
    params: idParams,
    response: orderSchema,
    access: { who: accountReaders },
  }),
  accountPage: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-operation/account/page',
    feature,
    summary: 'Account index: every school’s balances, counts and validity',
    query: accountPageQuerySchema,
    response: /* @__PURE__ */ pageOf(accountRowSchema),
    access: { who: operators },
  }),
  accountDetail: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-operation/account/detail/:schoolId',
    feature,
    summary: 'A school’s balances and counts, packages in force and limits',
    params: schoolIdParamsSchema,
    response: accountSchema,
    access: { who: accountReaders },
  }),
  limitSave: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-operation/account/limit',
    feature,
    summary: 'Limit setting: a school’s monthly spending limit and per-student daily lab hours',
    body: limitSaveSchema,
    response: accountSchema,
    access: { who: operators, permission: 'billing.limit_edit' },
  }),
  adjust: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-operation/account/adjust',
    feature,
    summary: 'A manual adjustment or refund of a school’s balances, with its reason',
    body: adjustSchema,
    response: accountSchema,
    access: { who: operators, permission: 'billing.adjust' },
  }),
  ledgerPage: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-operation/account/ledger',
    feature,
    summary: 'A school’s ledger: every change of its balances with its reason, newest first',
    query: ledgerPageQuerySchema,
    response: /* @__PURE__ */ pageOf(ledgerEntrySchema),
    access: { who: accountReaders },
  }),
  usagePage: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-operation/usage/page',
    feature,
    summary: 'Usage details per billing day and charging item, newest first',
    query: usagePageQuerySchema,
    response: /* @__PURE__ */ pageOf(usageDetailSchema),
    access: { who: accountReaders },
  }),
  usageExport: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-operation/usage/export',
    feature,
    summary: 'Usage details with the same filters, as an Excel workbook',
    query: usageExportQuerySchema,
    response: 'file',
    access: { who: accountReaders },
  }),
  overview: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-operation/account/overview',
    feature,
    summary: 'Spend per week and month, top 5 classes and environments by use',
    query: overviewQuerySchema,
    response: overviewSchema,
    access: { who: accountReaders },
  }),
} as const;
