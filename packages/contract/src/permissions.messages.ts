export const menuAdminMessages = {
  'permissions.denied': {
    zh: '暂无此操作权限',
    en: 'You do not have permission for this action',
  },
  'menus.unknown_app': { zh: '应用不存在', en: 'Unknown application' },
  'menus.not_found': { zh: '菜单不存在', en: 'The menu entry does not exist' },
  'menus.has_children': {
    zh: '该菜单下还有子菜单或按钮，请先删除它们',
    en: 'This entry still has child entries or buttons; delete them first',
  },
  'menus.parent_invalid': {
    zh: '上级菜单无效：须为同一应用中的菜单，且不能是自身或其下级',
    en: 'Invalid parent: it must be a menu of the same application, and neither the entry itself nor one of its descendants',
  },
  'menus.button_with_children': {
    zh: '有下级的菜单不能改为按钮',
    en: 'An entry with child entries cannot become a button',
  },
  'menus.self_lockout': {
    zh: '此操作会使您失去菜单管理或角色权限的访问权限，已拒绝',
    en: 'Refused: this change would remove your own access to menu or role administration',
  },
  'roles.not_found': { zh: '角色不存在', en: 'The role does not exist' },
  'roles.menu_invalid': {
    zh: '所选菜单不存在或不属于该角色的应用',
    en: "A chosen entry does not exist or does not belong to the role's application",
  },
} as const satisfies Record<string, { zh: string; en: string }>;
