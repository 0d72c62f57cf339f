import type { MenuAdminNode } from '@platform/contract';

/** An entry of the administration tree; everything but the name has a default. */
export function adminNode(partial: Partial<MenuAdminNode> & { id: string; name: string }) {
  const node: MenuAdminNode = {
    parentId: null,
    nameEn: null,
    url: partial.type === 2 ? '' : partial.name.toLowerCase(),
    menuIndex: null,
    sort: 1,
    hidden: false,
    icon: null,
    customFields: null,
    linkType: 1,
    linkValue: null,
    type: 1,
    permission: null,
    roleIds: [],
    children: [],
    ...partial,
  };
  return node;
}

/** School management > Classes > two buttons; Personal centre > My info. */
export function sampleTree(): MenuAdminNode[] {
  return [
    adminNode({
      id: '1',
      name: '学校管理',
      nameEn: 'School management',
      url: 'school',
      menuIndex: '6',
      sort: 30,
      children: [
        adminNode({
          id: '11',
          parentId: '1',
          name: '班级管理',
          nameEn: 'Classes',
          url: 'path:school/classes,component:ClassManagement',
          menuIndex: '6-3',
          children: [
            adminNode({
              id: '111',
              parentId: '11',
              name: '新增班级',
              type: 2,
              customFields: 'perm:class.add',
              permission: 'class.add',
            }),
            adminNode({
              id: '112',
              parentId: '11',
              name: '删除班级',
              type: 2,
              sort: 2,
              customFields: 'perm:class.delete',
              permission: 'class.delete',
            }),
          ],
        }),
      ],
    }),
    adminNode({
      id: '2',
      name: '个人中心',
      nameEn: 'Personal centre',
      url: 'personal',
      menuIndex: '2',
      sort: 90,
      children: [
        adminNode({
          id: '21',
          parentId: '2',
          name: '我的信息',
          url: 'personal/info',
          menuIndex: '2-1',
          hidden: true,
        }),
      ],
    }),
  ];
}
