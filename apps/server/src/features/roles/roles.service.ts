import type { Lang, RoleGrant, RoleListItem } from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { invalid, notFound } from '../../lib/errors';
import type { Actor } from '../auth/auth.plugin';
import { withoutSelfLockout } from '../menus/menus.access';
import { menusOfApp } from '../menus/menus.service';
import * as repo from './roles.repo';

export class RolesService {
  constructor(private readonly ctx: AppContext) {}

  /** Roles of the web application, named in the caller's language. */
  async list(lang: Lang): Promise<RoleListItem[]> {
    const rows = await repo.rolesOfApp(this.ctx.db, this.ctx.config.webClientId);
    return rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: (lang === 'en' ? r.nameEn : null) || r.name,
      userCount: r.userCount,
    }));
  }

  async menuIds(roleId: string): Promise<string[]> {
    const role = await repo.findRole(this.ctx.db, roleId);
    if (!role) throw notFound('roles.not_found');
    return repo.menuIdsOfRole(this.ctx.db, role);
  }

  /**
   * Replaces the role's grants in one transaction. Every entry must belong to the role's
   * application; the ancestors of a granted entry are granted too, since an entry whose parent is
   * not granted is never shown. Refused when it would take the caller's own menu or role
   * administration away.
   */
  async grant(actor: Actor, body: RoleGrant): Promise<string[]> {
    const role = await repo.findRole(this.ctx.db, body.roleId);
    if (!role) throw notFound('roles.not_found');
    return withoutSelfLockout(this.ctx.db, actor, async (tx) => {
      const rows = await menusOfApp(tx, role.tenantId);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const granted = new Set<string>();
      for (const id of new Set(body.menuIds)) {
        if (!byId.has(id)) throw invalid('roles.menu_invalid', { menuIds: 'invalid_value' });
        for (let r = byId.get(id); r && !granted.has(r.id); r = byId.get(r.parentId ?? '')) {
          granted.add(r.id);
        }
      }
      const ids = [...granted].sort();
      await repo.replaceGrants(tx, role.id, ids);
      return ids;
    });
  }
}
