import { button, hiddenPage, managers, operators, type MenuChildSeed } from '../menus/menu-seed';

/** Money under operation management: packages, billing costs, orders, usage, accounts (since 8). */
export const billingMenus: MenuChildSeed[] = [
  {
    index: '7-10',
    name: '套餐管理',
    nameEn: 'Packages',
    url: 'path:operation/packages,component:PackageList',
    sort: 10,
    icon: 'AppstoreOutlined',
    since: 8,
    buttons: [button('billing.package_edit', '编辑套餐', 'Edit packages', operators)],
  },
  {
    index: '7-11',
    name: '计费价格',
    nameEn: 'Billing costs',
    url: 'path:operation/prices,component:PriceList',
    sort: 11,
    icon: 'TagsOutlined',
    since: 8,
    buttons: [button('billing.price_edit', '设置价格', 'Set prices', operators)],
  },
  {
    index: '7-12',
    name: '订单管理',
    nameEn: 'Orders',
    url: 'path:operation/orders,component:OrderManager',
    sort: 12,
    icon: 'ProfileOutlined',
    since: 8,
    buttons: [button('billing.order_add', '新增订单', 'Add order', operators)],
  },
  {
    index: '7-13',
    name: '使用明细',
    nameEn: 'Usage details',
    url: 'path:operation/usage,component:UsageDetails',
    sort: 13,
    icon: 'FileTextOutlined',
    since: 8,
  },
  {
    index: '7-14',
    name: '账户管理',
    nameEn: 'Accounts',
    url: 'path:operation/accounts,component:AccountList',
    sort: 14,
    icon: 'BankOutlined',
    since: 8,
    buttons: [
      button('billing.limit_edit', '限额设置', 'Limit setting', operators),
      button('billing.adjust', '手动调账', 'Manual adjustment', operators),
    ],
  },
  {
    ...hiddenPage(
      '7-15',
      '账户详情',
      'Account detail',
      'operation/accounts/detail',
      'AccountDetail',
      'operation/accounts',
      15,
    ),
    since: 8,
  },
];

/** The school administrator's account, usage and orders, under school management (since 8). */
export const schoolBillingMenus: MenuChildSeed[] = [
  {
    index: '6-20',
    name: '账户概览',
    nameEn: 'Account overview',
    url: 'path:school/account,component:AccountOverview',
    sort: 20,
    icon: 'BankOutlined',
    since: 8,
    roles: managers,
  },
  {
    index: '6-21',
    name: '使用明细',
    nameEn: 'Usage details',
    url: 'path:school/usage,component:UsageDetails',
    sort: 21,
    icon: 'FileTextOutlined',
    since: 8,
    roles: managers,
  },
  {
    index: '6-22',
    name: '订单列表',
    nameEn: 'Orders',
    url: 'path:school/orders,component:OrderList',
    sort: 22,
    icon: 'ProfileOutlined',
    since: 8,
    roles: managers,
  },
];
