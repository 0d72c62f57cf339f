import { z } from 'zod';
import { idSchema } from './envelope';
import { roleGrantSchema, roleListItemSchema } from './permissions';
import { defineRoute } from './route';

const feature = 'roles';

/** Roles of the web application and their grants, edited by platform staff. */
export const rolesApi = {
  list: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-user/roles/list',
    feature,
    summary: 'Roles of the web application with their number of accounts',
    response: /* @__PURE__ */ z.array(roleListItemSchema),
    access: { who: 'staff' },
  }),
  menus: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-user/roles/menus/:id',
    feature,
    summary: 'Ids of the menu entries and buttons granted to a role',
    params: /* @__PURE__ */ z.object({ id: idSchema }),
    response: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
    access: { who: 'staff' },
  }),
  grant: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-user/roles/grant',
    feature,
    summary: "Replace a role's grants; answers the granted ids (ancestors included)",
    body: roleGrantSchema,
    response: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
    access: { who: 'staff', permission: 'role.grant' },
  }),
} as const;
