import type { TFunction } from 'i18next';
import { roleCodes, type Role, type RoleCode } from '@platform/contract';

function isRoleCode(code: string): code is RoleCode {
  return (roleCodes as readonly string[]).includes(code);
}

/** A role's name in the UI language: known role codes are translated, others keep their name. */
export function roleName(role: Pick<Role, 'code' | 'name'>, t: TFunction): string {
  return isRoleCode(role.code) ? t(`roles.${role.code}`) : role.name;
}
