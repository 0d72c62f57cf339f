import { z } from 'zod';
import { idSchema } from './envelope';
import { maxInteger } from './fields';
import { parseCustomFields, parseMenuUrl, MenuType, LinkType } from './menus';
import { studentPermissionKeys } from './students';
import { teacherPermissionKeys } from './teachers';
import { collegePermissionKeys } from './colleges';
import { customerPermissionKeys } from './customers';
import { classPermissionKeys, orgPermissionKeys, schoolPermissionKeys } from './org';
import { coursePermissionKeys } from './course-kinds';
import { teachingPermissionKeys } from './teaching-kinds';
import { trialPermissionKeys } from './trials';
import { cmsPermissionKeys } from './cms';
import { settingsPermissionKeys } from './site';
import { billingPermissionKeys } from './billing';

/**
 * Button-level permission keys. A button is a type-2 menu entry under the page it acts on, whose
 * customFields carry `perm:<key>`; a role holds the permission when the entry is granted to it.
 * The web app hides the action without it and the server refuses the call. Each feature declares
 * its keys next to its schemas; the menu and role administration keys are this file's own.
 */
export const permissionKeys = [
  ...schoolPermissionKeys,
  ...orgPermissionKeys,
  ...classPermissionKeys,
  ...teacherPermissionKeys,
  ...studentPermissionKeys,
  ...collegePermissionKeys,
  ...customerPermissionKeys,
  ...coursePermissionKeys,
  ...teachingPermissionKeys,
  ...trialPermissionKeys,
  ...cmsPermissionKeys,
  ...settingsPermissionKeys,
  ...billingPermissionKeys,
  'menu.edit',
  'role.grant',
] as const;
export type PermissionKey = (typeof permissionKeys)[number];

export const permissionKeySchema = z.enum(permissionKeys);

/** The permission key a button entry's customFields carry (`perm:<key>`), if any. */
export function permissionOf(customFields: string | null | undefined): string | null {
  if (!customFields) return null;
  for (const part of customFields.split('|')) {
    const at = part.indexOf(':');
    if (at > 0 && part.slice(0, at).trim() === 'perm') return part.slice(at + 1).trim() || null;
  }
  return null;
}

export const permissionsResponseSchema = z.array(z.string());

/** View names of the menu and role administration pages (the `component` of their entries). */
export const adminViews = { menus: 'MenuManagement', roles: 'RoleManagement' } as const;

/** The view a menu entry loads: the url's `component`, else customFields `component`, else its path. */
export function menuViewOf(url: string, customFields: string | null | undefined): string | null {
  const parsed = parseMenuUrl(url);
  if (parsed.external) return null;
  return parsed.component || parseCustomFields(customFields).component || parsed.path || null;
}

const pathPattern = /^\/?[\w.-]+(\/[\w.-]+)*$/;
const componentPattern = /^[A-Za-z][\w/-]*$/;
const httpPattern = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

type MenuIssue = 'required' | 'too_long' | 'invalid_format' | 'invalid_value';

/**
 * What is wrong with a menu url, if anything. A menu (type 1) needs one: `path:X,component:Y`, a
 * plain path, or an http(s) address. A button (type 2) has none.
 */
export function menuUrlIssue(url: string, type: number): MenuIssue | null {
  if (type === MenuType.BUTTON) return url === '' ? null : 'invalid_value';
  if (url === '') return 'required';
  if (url.length > 200) return 'too_long';
  const parsed = parseMenuUrl(url);
  if (parsed.external) return httpPattern.test(url) ? null : 'invalid_format';
  if (url.startsWith('path:')) {
    const explicit = /^path:([^,]*),component:(.*)$/.exec(url);
    const ok =
      explicit &&
      pathPattern.test(explicit[1]!) &&
      parsed.component !== null &&
      componentPattern.test(explicit[2]!);
    return ok ? null : 'invalid_format';
  }
  return pathPattern.test(url) ? null : 'invalid_format';
}

/** customFields are pipe-separated `key:value` pairs: every part needs a non-empty key and a colon. */
export function customFieldsIssue(raw: string): MenuIssue | null {
  if (raw === '') return null;
  if (raw.length > 500) return 'too_long';
  const ok = raw.split('|').every((part) => {
    const at = part.indexOf(':');
    return at > 0 && part.slice(0, at).trim() !== '';
  });
  return ok ? null : 'invalid_format';
}

/** A button's customFields must name one of the permission keys with `perm:`. */
export function buttonPermissionIssue(raw: string): MenuIssue | null {
  if (raw === '') return 'required';
  const key = permissionOf(raw);
  return key && (permissionKeys as readonly string[]).includes(key) ? null : 'invalid_value';
}

const optionalTrimmed = (max: number) =>
  z
    .string()
    .max(max, 'too_long')
    .refine((v) => v === v.trim(), 'invalid_format')
    .nullish();

/** The fields of a menu entry that its editor shows. */
const menuEntryShape = {
  name: z
    .string('required')
    .refine((v) => v === v.trim(), 'invalid_format')
    .refine((v) => v.length >= 1, 'required')
    .refine((v) => v.length <= 30, 'too_long'),
  nameEn: optionalTrimmed(60),
  url: z.string().refine((v) => v === v.trim(), 'invalid_format'),
  sort: z
    .number('required')
    .int('invalid_format')
    .min(0, 'invalid_value')
    .max(maxInteger, 'invalid_value'),
  hidden: z.boolean('invalid_value'),
  icon: z
    .string()
    .max(50, 'too_long')
    .refine((v) => v === '' || componentPattern.test(v), 'invalid_format')
    .nullish(),
  customFields: z
    .string()
    .refine((v) => v === v.trim(), 'invalid_format')
    .refine((v) => customFieldsIssue(v) !== 'too_long', 'too_long')
    .refine((v) => customFieldsIssue(v) === null, 'invalid_format')
    .nullish(),
  linkType: z.union([z.literal(LinkType.INTERNAL), z.literal(LinkType.EXTERNAL)], 'invalid_value'),
  linkValue: z
    .string()
    .max(500, 'too_long')
    .refine((v) => v === '' || httpPattern.test(v) || /^\/\S*$/.test(v), 'invalid_format')
    .nullish(),
  type: z.union([z.literal(MenuType.MENU), z.literal(MenuType.BUTTON)], 'invalid_value'),
};

type MenuEntryValues = {
  url: string;
  customFields?: string | null | undefined;
  linkType: number;
  linkValue?: string | null | undefined;
  type: number;
};

/** Rules across fields: url by type, a button's permission key, the link of link type 2. */
function checkMenuEntry(v: MenuEntryValues, ctx: z.RefinementCtx): void {
  const urlIssue = menuUrlIssue(v.url, v.type);
  if (urlIssue) ctx.addIssue({ code: 'custom', path: ['url'], message: urlIssue });
  if (v.type === MenuType.BUTTON) {
    const permIssue = buttonPermissionIssue(v.customFields ?? '');
    if (permIssue && customFieldsIssue(v.customFields ?? '') === null)
      ctx.addIssue({ code: 'custom', path: ['customFields'], message: permIssue });
    if (v.linkType !== LinkType.INTERNAL)
      ctx.addIssue({ code: 'custom', path: ['linkType'], message: 'invalid_value' });
  }
  if (v.linkType === LinkType.EXTERNAL && !v.linkValue)
    ctx.addIssue({ code: 'custom', path: ['linkValue'], message: 'required' });
}

/** The menu editor's form: the fields of management spec §2 that an operator types. */
export const menuFormSchema = z.object(menuEntryShape).superRefine(checkMenuEntry);
export type MenuForm = z.input<typeof menuFormSchema>;

/** Body of `menus/saveOrUpdate`: with an id it updates the entry, else adds one. */
export const menuSaveSchema = z
  .object({
    id: idSchema.optional(),
    appId: z.string('required').min(1, 'required').max(100, 'too_long'),
    /** null puts the entry at the top level. */
    parentId: idSchema.nullable(),
    ...menuEntryShape,
  })
  .superRefine((v, ctx) => {
    checkMenuEntry(v, ctx);
    if (v.type === MenuType.BUTTON && v.parentId === null)
      ctx.addIssue({ code: 'custom', path: ['parentId'], message: 'required' });
  });
export type MenuSave = z.input<typeof menuSaveSchema>;

/** An entry of the menu administration tree: every entry of the application, buttons too. */
export interface MenuAdminNode {
  id: string;
  parentId: string | null;
  name: string;
  nameEn: string | null;
  url: string;
  menuIndex: string | null;
  sort: number;
  hidden: boolean;
  icon: string | null;
  customFields: string | null;
  linkType: number;
  linkValue: string | null;
  type: number;
  /** The permission key of a button (`perm:<key>`), else null. */
  permission: string | null;
  /** Roles of the application the entry is granted to. */
  roleIds: string[];
  children: MenuAdminNode[];
}

export const menuAdminNodeSchema: z.ZodType<MenuAdminNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string().nullable(),
    name: z.string(),
    nameEn: z.string().nullable(),
    url: z.string(),
    menuIndex: z.string().nullable(),
    sort: z.number().int(),
    hidden: z.boolean(),
    icon: z.string().nullable(),
    customFields: z.string().nullable(),
    linkType: z.number().int(),
    linkValue: z.string().nullable(),
    type: z.number().int(),
    permission: z.string().nullable(),
    roleIds: z.array(z.string()),
    children: z.array(menuAdminNodeSchema),
  }),
);
// A recursive schema needs a name: the API description refers to it by this id.
z.globalRegistry.add(menuAdminNodeSchema, { id: 'MenuAdminNode' });

/** A role of the web application, as the role administration lists it. */
export const roleListItemSchema = z.object({
  id: z.string(),
  code: z.string(),
  /** In the caller's language. */
  name: z.string(),
  userCount: z.number().int(),
});
export type RoleListItem = z.infer<typeof roleListItemSchema>;

/** Body of `roles/grant`: the role's grants become exactly these entries (and their ancestors). */
export const roleGrantSchema = z.object({
  roleId: idSchema,
  menuIds: z.array(idSchema).max(5000, 'too_long'),
});
export type RoleGrant = z.infer<typeof roleGrantSchema>;
