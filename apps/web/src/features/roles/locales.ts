/** Texts of the role administration (management spec §6). */
export const rolesZh = {
  titles: {
    roles: '角色权限',
    grantsOf: '{{name}} 的菜单与按钮权限',
  },
  columns: {
    roleName: '角色',
    roleCode: '编码',
    userCount: '账号数',
  },
  actions: {
    saveGrants: '保存权限',
    reset: '还原',
  },
  done: {
    granted: '权限已保存',
  },
  empty: {
    roles: '暂无角色',
    pickRole: '请在左侧选择一个角色',
  },
  grantHelp:
    '勾选一项会同时勾选它的上级和全部下级；取消勾选会同时取消它的全部下级。保存后立即对该角色的用户生效。',
  unsaved: '有未保存的修改',
};

export const rolesEn: typeof rolesZh = {
  titles: {
    roles: 'Roles',
    grantsOf: 'Menus and buttons of {{name}}',
  },
  columns: {
    roleName: 'Role',
    roleCode: 'Code',
    userCount: 'Accounts',
  },
  actions: {
    saveGrants: 'Save grants',
    reset: 'Revert',
  },
  done: {
    granted: 'Grants saved',
  },
  empty: {
    roles: 'No roles',
    pickRole: 'Choose a role on the left',
  },
  grantHelp:
    'Checking an entry also checks its parents and everything below it; unchecking it also unchecks everything below it. Saved grants apply to the users of the role at once.',
  unsaved: 'Unsaved changes',
};
