import { z } from 'zod';
import { idSchema, pageOf } from './envelope';
import {
  envAddSchema,
  envConfigSchema,
  environmentSchema,
  envOptionSchema,
  envPageQuerySchema,
  envUpdateSchema,
  scriptListQuerySchema,
  scriptSaveSchema,
  scriptSchema,
} from './environments';
import { defineRoute } from './route';

const feature = 'environments';
const staff = { who: 'staff' } as const;
const idParams = /* @__PURE__ */ z.object({ id: idSchema });

/** Environment configurations and their experiment scripts, kept by platform staff. */
export const environmentsApi = {
  page: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-experiment/env/page/list',
    feature,
    summary: 'Environment configurations, paged',
    query: envPageQuerySchema,
    response: /* @__PURE__ */ pageOf(environmentSchema),
    access: staff,
  }),
  add: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-experiment/env/add',
    feature,
    summary: 'Add an environment configuration',
    body: envAddSchema,
    response: environmentSchema,
    access: staff,
  }),
  update: /* @__PURE__ */ defineRoute({
    method: 'PUT',
    path: '/api-experiment/env/update',
    feature,
    summary: 'Update the basic information of an environment',
    body: envUpdateSchema,
    response: environmentSchema,
    access: staff,
  }),
  config: /* @__PURE__ */ defineRoute({
    method: 'PUT',
    path: '/api-experiment/env/config',
    feature,
    summary: 'Set the runtime configuration of an environment',
    body: envConfigSchema,
    response: environmentSchema,
    access: staff,
  }),
  get: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-experiment/env/get/:id',
    feature,
    summary: 'One environment configuration',
    params: idParams,
    response: environmentSchema,
    access: staff,
  }),
  list: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-experiment/env/list',
    feature,
    summary: 'Environments for selection lists',
    response: /* @__PURE__ */ z.array(envOptionSchema),
    access: staff,
  }),
  labels: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-experiment/env/labels',
    feature,
    summary: 'Labels used by environments and scripts',
    response: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
    access: staff,
  }),
  copy: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-experiment/env/copy/:id',
    feature,
    summary: 'Copy an environment configuration (the copy starts disabled)',
    params: idParams,
    response: environmentSchema,
    access: staff,
  }),
  remove: /* @__PURE__ */ defineRoute({
    method: 'DELETE',
    path: '/api-experiment/env/remove/:id',
    feature,
    summary: 'Remove an environment configuration that no lab runs',
    params: idParams,
    response: /* @__PURE__ */ z.null(),
    access: staff,
  }),
  scripts: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-experiment/script/list',
    feature,
    summary: 'Experiment scripts, paged',
    query: scriptListQuerySchema,
    response: /* @__PURE__ */ pageOf(scriptSchema),
    access: staff,
  }),
  scriptsByLabel: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-experiment/script/label/:label',
    feature,
    summary: 'Experiment scripts with a label',
    params: /* @__PURE__ */ z.object({
      label: /* @__PURE__ */ z.string().trim().min(1, 'required').max(20, 'too_long'),
    }),
    response: /* @__PURE__ */ z.array(scriptSchema),
    access: staff,
  }),
  saveScript: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-experiment/script/save',
    feature,
    summary: 'Add or update an experiment script',
    body: scriptSaveSchema,
    response: scriptSchema,
    access: staff,
  }),
  removeScript: /* @__PURE__ */ defineRoute({
    method: 'DELETE',
    path: '/api-experiment/script/remove/:id',
    feature,
    summary: 'Remove an experiment script',
    params: idParams,
    response: /* @__PURE__ */ z.null(),
    access: staff,
  }),
} as const;
