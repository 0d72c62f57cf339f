import { z } from 'zod';
import { idSchema } from './envelope';
import { menuNodeSchema, menuTreeQuerySchema } from './menus';
import { menuAdminNodeSchema, menuSaveSchema, permissionsResponseSchema } from './permissions';
import { defineRoute } from './route';
import { menusPaths } from './menus.paths';

const feature = 'menus';
const appParams = /* @__PURE__ */ z.object({ appid: /* @__PURE__ */ z.string().min(1).max(100) });

/** The signed-in account's menus and buttons; the menu editor of platform staff. */
export const menusApi = {
  all: /* @__PURE__ */ defineRoute({
    ...menusPaths.all,
    feature,
    summary: "Menu tree of the user's roles in one application",
    params: appParams,
    query: menuTreeQuerySchema,
    response: /* @__PURE__ */ z.array(menuNodeSchema),
    access: { who: 'account' },
  }),
  permissions: /* @__PURE__ */ defineRoute({
    ...menusPaths.permissions,
    feature,
    summary: "Button-level permission keys of the user's roles in one application",
    params: appParams,
    response: permissionsResponseSchema,
    access: { who: 'account' },
  }),
  adminTree: /* @__PURE__ */ defineRoute({
    ...menusPaths.adminTree,
    feature,
    summary: 'Every entry of an application, menus and buttons, with their grants',
    params: appParams,
    response: /* @__PURE__ */ z.array(menuAdminNodeSchema),
    access: { who: 'staff' },
  }),
  save: /* @__PURE__ */ defineRoute({
    ...menusPaths.save,
    feature,
    summary: 'Add a menu entry or button, or update it when the body has an id',
    body: menuSaveSchema,
    response: menuAdminNodeSchema,
    access: { who: 'staff', permission: 'menu.edit' },
  }),
  delete: /* @__PURE__ */ defineRoute({
    ...menusPaths.delete,
    feature,
    summary: 'Delete an entry without children; its grants go with it',
    params: /* @__PURE__ */ z.object({ id: idSchema }),
    response: /* @__PURE__ */ z.null(),
    access: { who: 'staff', permission: 'menu.edit' },
  }),
} as const;
