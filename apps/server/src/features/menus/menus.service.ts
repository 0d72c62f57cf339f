import { parseCustomFields, parseMenuUrl, type Lang, type MenuNode } from '@platform/contract';
import type { AppContext } from '../../lib/context';
import type { Actor } from '../auth/auth.plugin';
import { permissionsOfRoles } from './menus.permissions';
import * as repo from './menus.repo';

/**
 * Builds the permission tree, sorted by sort. Hidden entries stay in it with `hidden: true`: they
 * are routes (detail pages) the web app opens but does not show in its menus. Entries whose
 * parent is not granted are left out. `activeMenu` in customFields (what the menu editor writes)
 * wins over the column.
 */
export function buildMenuTree(rows: repo.MenuRow[], lang: Lang): MenuNode[] {
  const visible = rows.filter((r) => r.menuIndex);
  const byParent = new Map<string | null, repo.MenuRow[]>();
  for (const r of visible) {
    const key = r.parentId ?? null;
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  const toNode = (r: repo.MenuRow): MenuNode => {
    const fields = parseCustomFields(r.customFields);
    const name = (lang === 'en' ? r.nameEn : null) || r.name;
    const parsed = parseMenuUrl(r.url);
    return {
      id: r.id,
      parentId: r.parentId,
      name,
      url: r.url,
      path: parsed.path,
      index: r.menuIndex ?? '',
      sort: r.sort,
      hidden: r.hidden,
      icon: r.icon ?? fields.icon ?? null,
      toJump: r.toJump,
      customFields: r.customFields,
      linkType: r.linkType,
      linkValue: r.linkValue,
      type: r.type,
      meta: {
        title: name,
        linkType: r.linkType,
        linkValue: r.linkValue,
        activeMenu: fields.activeMenu ?? r.activeMenu ?? null,
        icon: r.icon ?? fields.icon ?? null,
      },
      children: (byParent.get(r.id) ?? []).map(toNode),
    };
  };
  return (byParent.get(null) ?? []).map(toNode);
}

export class MenusService {
  constructor(private readonly ctx: AppContext) {}

  /** The menu tree of the actor's roles whose tenantId equals appId, optionally narrowed to roleIds. */
  async treeFor(
    actor: Actor,
    appId: string,
    roleIds: string[] | undefined,
    lang: Lang,
  ): Promise<MenuNode[]> {
    let ids = actor.roles.filter((r) => r.tenantId === appId).map((r) => r.id);
    if (roleIds) ids = ids.filter((id) => roleIds.includes(id));
    const rows = await repo.menusOfRoles(this.ctx.db, appId, ids);
    return buildMenuTree(rows, lang);
  }

  /** The button-level permission keys of the actor's roles whose tenantId equals appId, sorted. */
  async permissionsFor(actor: Actor, appId: string): Promise<string[]> {
    const roleIds = actor.roles.filter((r) => r.tenantId === appId).map((r) => r.id);
    const keys = await permissionsOfRoles(this.ctx.db, appId, roleIds);
    return [...keys].sort();
  }
}

/** What role management reads of menus. */
export function menusOfApp(
  ...args: Parameters<typeof repo.menusOfApp>
): ReturnType<typeof repo.menusOfApp> {
  return repo.menusOfApp(...args);
}
