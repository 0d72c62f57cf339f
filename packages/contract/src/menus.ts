import { z } from 'zod';
import { fitsBigint } from './envelope';

/** Menu entry types: 1 menu or page, 2 button-level permission. */
export const MenuType = { MENU: 1, BUTTON: 2 } as const;
/** Link types: 1 inside the app, 2 external link opened in a new window. */
export const LinkType = { INTERNAL: 1, EXTERNAL: 2 } as const;

export interface MenuNode {
  id: string;
  parentId: string | null;
  name: string;
  url: string;
  path: string;
  index: string;
  sort: number;
  hidden: boolean;
  icon: string | null;
  toJump: boolean;
  customFields: string | null;
  linkType: number;
  linkValue: string | null;
  type: number;
  meta: {
    title: string;
    linkType: number;
    linkValue: string | null;
    activeMenu: string | null;
    icon: string | null;
  };
  children: MenuNode[];
}

export const menuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string().nullable(),
    name: z.string(),
    url: z.string(),
    path: z.string(),
    index: z.string(),
    sort: z.number().int(),
    hidden: z.boolean(),
    icon: z.string().nullable(),
    toJump: z.boolean(),
    customFields: z.string().nullable(),
    linkType: z.number().int(),
    linkValue: z.string().nullable(),
    type: z.number().int(),
    meta: z.object({
      title: z.string(),
      linkType: z.number().int(),
      linkValue: z.string().nullable(),
      activeMenu: z.string().nullable(),
      icon: z.string().nullable(),
    }),
    children: z.array(menuNodeSchema),
  }),
);
// A recursive schema needs a name: the API description refers to it by this id.
z.globalRegistry.add(menuNodeSchema, { id: 'MenuNode' });

export const menuTreeQuerySchema = z.object({
  /** Optional comma-joined role ids; only narrows the user's own roles. */
  roleIds: z
    .string()
    .regex(/^\d{1,20}(,\d{1,20})*$/, 'invalid_format')
    .refine((v) => v.split(',').every(fitsBigint), 'invalid_value')
    .optional(),
});

/** customFields: pipe-separated key:value pairs, e.g. `name:Courses|icon:book|keepAlive:true`. */
export function parseCustomFields(raw: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!raw) return out;
  for (const part of raw.split('|')) {
    const at = part.indexOf(':');
    if (at <= 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key) out[key] = value;
  }
  return out;
}

/**
 * A menu url: `path:X,component:Y` sets an explicit path and view; otherwise the path is the url
 * without a leading slash; a url containing http is an external link.
 */
export function parseMenuUrl(url: string): {
  path: string;
  component: string | null;
  external: boolean;
} {
  const trimmed = url.trim();
  if (/https?:\/\//i.test(trimmed)) return { path: trimmed, component: null, external: true };
  const explicit = /^path:([^,]*),component:(.*)$/.exec(trimmed);
  if (explicit) {
    return {
      path: explicit[1]!.trim().replace(/^\/+/, ''),
      component: explicit[2]!.trim() || null,
      external: false,
    };
  }
  return { path: trimmed.replace(/^\/+/, ''), component: null, external: false };
}

/** The first part of a dash-joined index picks the top item. */
export function topIndexOf(index: string): string {
  return index.split('-')[0] ?? index;
}
