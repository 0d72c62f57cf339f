import type { PermissionKey, RoleCode } from '@platform/contract';

/** A button of a page: its permission key, and the roles that hold it. */
export interface ButtonSeed {
  perm: PermissionKey;
  name: string;
  nameEn: string;
  roles: readonly RoleCode[];
  /** The system seed version that added this button, when later than its page. */
  since?: number;
}

/** A top-level entry of the system menu tree, with the pages under it. */
export interface MenuSeed {
  index: string;
  name: string;
  nameEn: string;
  url: string;
  sort: number;
  icon?: string;
  linkType?: number;
  linkValue?: string;
  customFields?: string;
  hidden?: boolean;
  /** The system seed version that added this entry (a child: when later than its parent). */
  since?: number;
  roles: readonly RoleCode[] | 'all';
  children?: MenuChildSeed[];
}

/** A page under a top-level entry. */
export type MenuChildSeed = Omit<MenuSeed, 'roles' | 'children'> & {
  /** Narrows the parent's roles for this entry. */
  roles?: readonly RoleCode[];
  buttons?: ButtonSeed[];
};

export const staff: RoleCode[] = ['operator', 'admin', 'case-developer', 'aiot-product-manager'];
export const operators: RoleCode[] = ['operator', 'admin'];
export const schoolStaff: RoleCode[] = ['school-manager', 'teacher'];
export const managers: RoleCode[] = ['school-manager'];

export const button = (
  perm: PermissionKey,
  name: string,
  nameEn: string,
  roles: readonly RoleCode[],
  since?: number,
): ButtonSeed => ({ perm, name, nameEn, roles, ...(since ? { since } : {}) });

/** A hidden page of the menu tree: routable, shown under the entry at `activeMenu`. */
export const hiddenPage = (
  index: string,
  name: string,
  nameEn: string,
  path: string,
  component: string,
  activeMenu: string,
  sort: number,
) => ({
  index,
  name,
  nameEn,
  url: `path:${path},component:${component}`,
  sort,
  hidden: true,
  customFields: `activeMenu:/${activeMenu}`,
});
