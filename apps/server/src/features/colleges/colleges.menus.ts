import { button, operators, type MenuChildSeed } from '../menus/menu-seed';

export const collegesMenus: MenuChildSeed[] = [
  {
    index: '7-1',
    name: '学校管理',
    nameEn: 'Colleges',
    url: 'path:operation/colleges,component:CollegeList',
    sort: 1,
    icon: 'BankOutlined',
    buttons: [
      button('college.add', '新增学校', 'Add college', operators),
      button('college.edit', '编辑学校', 'Edit college', operators),
      button('college.delete', '删除学校', 'Delete college', operators),
      button('college.enable', '启用/禁用学校', 'Enable or disable college', operators),
      button('college.import', '导入学校', 'Import colleges', operators),
      button('college.total_user', '修改账号上限', 'Change account limit', operators),
      button('college.admins', '学校管理员账号', 'School admin accounts', operators),
      button('college.view', '查看学校', 'View colleges', operators, 9),
    ],
  },
];
