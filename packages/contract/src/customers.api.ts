import { z } from 'zod';
import {
  customerAddTimeSchema,
  customerPageQuerySchema,
  customerSaveSchema,
  customerSchema,
  customerTimeHistoryQuerySchema,
  customerTimeLogSchema,
} from './customers';
import { idSchema, pageOf } from './envelope';
import { defineRoute } from './route';

const feature = 'customers';
const idParams = /* @__PURE__ */ z.object({ id: idSchema });

/** Customers, their service periods and the history of added time (operations). */
export const customersApi = {
  page: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-operation/customer/page',
    feature,
    summary: 'Customers with their service status, paged',
    query: customerPageQuerySchema,
    response: /* @__PURE__ */ pageOf(customerSchema),
    access: { who: 'staff', permission: 'customer.view' },
  }),
  get: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-operation/customer/get/:id',
    feature,
    summary: 'One customer',
    params: idParams,
    response: customerSchema,
    access: { who: 'staff', permission: 'customer.view' },
  }),
  save: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-operation/customer/saveOrUpdate',
    feature,
    summary: 'Add (without id) or update a customer',
    body: customerSaveSchema,
    response: customerSchema,
    access: {
      who: 'staff',
      permission: {
        keys: ['customer.add', 'customer.edit'],
        pick: (body: { id?: string | undefined }) => (body.id ? 'customer.edit' : 'customer.add'),
      },
    },
  }),
  delete: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-operation/customer/delete/:id',
    feature,
    summary: 'Delete a customer (its history of added time is kept)',
    params: idParams,
    response: /* @__PURE__ */ z.null(),
    access: { who: 'staff', permission: 'customer.delete' },
  }),
  addTime: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-operation/customer/time/add',
    feature,
    summary: 'Extend the service of a customer by whole hours, with a reason',
    body: customerAddTimeSchema,
    response: customerSchema,
    access: { who: 'staff', permission: 'customer.add_time' },
  }),
  timeHistory: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-operation/customer/time/history',
    feature,
    summary: 'The history of added service time, paged',
    query: customerTimeHistoryQuerySchema,
    response: /* @__PURE__ */ pageOf(customerTimeLogSchema),
    access: { who: 'staff', permission: 'customer.view' },
  }),
} as const;
