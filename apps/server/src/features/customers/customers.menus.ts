import { button, operators, type MenuChildSeed } from '../menus/menu-seed';

export const customersMenus: MenuChildSeed[] = [
  {
    index: '7-2',
    name: '客户管理',
    nameEn: 'Customers',
    url: 'path:operation/customers,component:CustomerList',
    sort: 2,
    icon: 'ContactsOutlined',
    buttons: [
      button('customer.add', '新增客户', 'Add customer', operators),
      button('customer.edit', '编辑客户', 'Edit customer', operators),
      button('customer.delete', '删除客户', 'Delete customer', operators),
      button('customer.view', '查看客户', 'View customers', operators, 9),
    ],
  },
  {
    index: '7-3',
    name: '服务管理',
    nameEn: 'Service management',
    url: 'path:operation/services,component:ServiceManagement',
    sort: 3,
    icon: 'FieldTimeOutlined',
    buttons: [button('customer.add_time', '增加服务时间', 'Add service time', operators)],
  },
  {
    index: '7-4',
    name: '加时记录',
    nameEn: 'History of added time',
    url: 'path:operation/time-history,component:TimeHistory',
    sort: 4,
    icon: 'HistoryOutlined',
  },
];
