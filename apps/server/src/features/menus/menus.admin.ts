import type { z } from 'zod';
import {
  MenuType,
  permissionOf,
  type MenuAdminNode,
  type menuSaveSchema,
} from '@platform/contract';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, invalid, notFound } from '../../lib/errors';
import type { Actor } from '../auth/auth.plugin';
import { findClient } from '../auth/auth.service';
import { withoutSelfLockout } from './menus.access';
import * as repo from './menus.repo';

type MenuSave = z.output<typeof menuSaveSchema>;

/**
 * Every entry of an application as a tree sorted by sort. Entries whose parent is missing are
 * kept at the top level, so that they can still be edited.
 */
export function buildAdminTree(
  rows: repo.MenuRow[],
  grants: { roleId: string; menuId: string }[],
): MenuAdminNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const rolesOf = new Map<string, string[]>();
  for (const g of grants) rolesOf.set(g.menuId, [...(rolesOf.get(g.menuId) ?? []), g.roleId]);
  const byParent = new Map<string | null, repo.MenuRow[]>();
  for (const r of rows) {
    const key = r.parentId && ids.has(r.parentId) ? r.parentId : null;
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  const toNode = (r: repo.MenuRow): MenuAdminNode => ({
    id: r.id,
    parentId: r.parentId,
    name: r.name,
    nameEn: r.nameEn,
    url: r.url,
    menuIndex: r.menuIndex,
    sort: r.sort,
    hidden: r.hidden,
    icon: r.icon,
    customFields: r.customFields,
    linkType: r.linkType,
    linkValue: r.linkValue,
    type: r.type,
    permission: r.type === MenuType.BUTTON ? permissionOf(r.customFields) : null,
    roleIds: rolesOf.get(r.id) ?? [],
    children: (byParent.get(r.id) ?? []).map(toNode),
  });
  const sorted = (list: repo.MenuRow[]) =>
    [...list].sort((a, b) => a.sort - b.sort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const [key, list] of byParent) byParent.set(key, sorted(list));
  return (byParent.get(null) ?? []).map(toNode);
}

/**
 * The next free index under a parent: the parent's index plus '-' and one more than the highest
 * number used under it, or at the top level one more than the highest integer index.
 */
export function nextMenuIndex(rows: repo.MenuRow[], parentIndex: string | null): string {
  const prefix = parentIndex === null ? '' : `${parentIndex}-`;
  let highest = 0;
  for (const r of rows) {
    if (!r.menuIndex?.startsWith(prefix)) continue;
    const rest = r.menuIndex.slice(prefix.length);
    if (/^\d+$/.test(rest)) highest = Math.max(highest, Number(rest));
  }
  return `${prefix}${highest + 1}`;
}

export class MenuAdminService {
  constructor(private readonly ctx: AppContext) {}

  private async requireApp(appId: string): Promise<void> {
    if (!(await findClient(this.ctx.db, appId))) throw notFound('menus.unknown_app');
  }

  async tree(appId: string): Promise<MenuAdminNode[]> {
    await this.requireApp(appId);
    const [rows, grants] = await Promise.all([
      repo.menusOfApp(this.ctx.db, appId),
      repo.grantsOfApp(this.ctx.db, appId),
    ]);
    return buildAdminTree(rows, grants);
  }

  private async present(db: Db, row: repo.MenuRow): Promise<MenuAdminNode> {
    const grants = await repo.grantsOfApp(db, row.tenantId);
    const [node] = buildAdminTree(
      [{ ...row, parentId: null }],
      grants.filter((g) => g.menuId === row.id),
    );
    return { ...node!, parentId: row.parentId };
  }

  /** Adds an entry, or updates it when the body has an id. */
  async save(actor: Actor, body: MenuSave): Promise<MenuAdminNode> {
    await this.requireApp(body.appId);
    const now = this.ctx.now();
    return withoutSelfLockout(this.ctx.db, actor, async (tx) => {
      const rows = await repo.menusOfApp(tx, body.appId);
      const byId = new Map(rows.map((r) => [r.id, r]));
      let existing: repo.MenuRow | undefined;
      if (body.id) {
        existing = byId.get(body.id);
        if (!existing) {
          if (await repo.findMenu(tx, body.id))
            throw invalid('menus.not_found', { appId: 'invalid_value' });
          throw notFound('menus.not_found');
        }
      }
      const parent = body.parentId ? byId.get(body.parentId) : undefined;
      if (body.parentId) {
        const ancestors = new Set<string>();
        for (let c = parent; c && !ancestors.has(c.id); c = byId.get(c.parentId ?? '')) {
          ancestors.add(c.id);
        }
        if (!parent || parent.type !== MenuType.MENU || (existing && ancestors.has(existing.id))) {
          throw invalid('menus.parent_invalid', { parentId: 'invalid_value' });
        }
      }
      const children = existing ? rows.filter((r) => r.parentId === existing.id) : [];
      if (body.type === MenuType.BUTTON && children.length > 0) {
        throw invalid('menus.button_with_children', { type: 'invalid_value' });
      }

      const parentId = body.parentId ?? null;
      const keepsIndex =
        existing?.type === MenuType.MENU &&
        existing.menuIndex !== null &&
        (existing.parentId ?? null) === parentId;
      const parentIndex = parent ? parent.menuIndex : null;
      const menuIndex =
        body.type === MenuType.BUTTON
          ? null
          : keepsIndex
            ? existing!.menuIndex
            : parent && parentIndex === null
              ? null
              : nextMenuIndex(rows, parentIndex);
      const values = {
        parentId,
        name: body.name,
        nameEn: body.nameEn || null,
        url: body.url,
        menuIndex,
        sort: body.sort,
        hidden: body.hidden,
        icon: body.icon || null,
        customFields: body.customFields || null,
        linkType: body.linkType,
        linkValue: body.linkValue || null,
        type: body.type,
        updatedAt: now,
      };
      if (!existing) {
        const row = await repo.insertMenu(tx, {
          ...values,
          id: this.ctx.ids.next(),
          tenantId: body.appId,
          createdAt: now,
        });
        return this.present(tx, row);
      }
      const row = await repo.updateMenu(tx, existing.id, values);
      if (existing.menuIndex && menuIndex && menuIndex !== existing.menuIndex) {
        await this.reindexDescendants(tx, rows, existing.id, existing.menuIndex, menuIndex, now);
      }
      return this.present(tx, row!);
    });
  }

  /** A moved entry's descendants follow its new index, so its top item stays the right one. */
  private async reindexDescendants(
    tx: Db,
    rows: repo.MenuRow[],
    id: string,
    from: string,
    to: string,
    now: Date,
  ): Promise<void> {
    for (const child of rows.filter((r) => r.parentId === id)) {
      const old = child.menuIndex;
      if (!old?.startsWith(`${from}-`)) continue;
      const next = `${to}${old.slice(from.length)}`;
      await repo.setMenuIndex(tx, child.id, next, now);
      await this.reindexDescendants(tx, rows, child.id, old, next, now);
    }
  }

  /** Deletes an entry without children; its grants go with it. */
  async remove(actor: Actor, id: string): Promise<void> {
    await withoutSelfLockout(this.ctx.db, actor, async (tx) => {
      const row = await repo.findMenu(tx, id);
      if (!row) throw notFound('menus.not_found');
      if ((await repo.countChildren(tx, id)) > 0) {
        throw new AppError('menus.has_children', { status: 409 });
      }
      await repo.deleteMenu(tx, id);
    });
  }
}
