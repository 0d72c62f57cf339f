import { button, operators, type MenuChildSeed, type MenuSeed } from '../menus/menu-seed';

const edit = (what: string, whatEn: string) =>
  button('cms.edit', `编辑${what}`, `Edit ${whatEn}`, operators);
const publish = (what: string, whatEn: string) =>
  button('cms.publish', `发布${what}`, `Publish ${whatEn}`, operators);

const pages: MenuChildSeed[] = [
  {
    index: '12-1',
    name: '栏目管理',
    nameEn: 'Catalogues',
    url: 'path:portal/catalogs,component:CmsCatalogs',
    sort: 1,
    icon: 'ApartmentOutlined',
    buttons: [
      edit('栏目', 'catalogues'),
      publish('栏目', 'catalogues'),
      button('cms.view', '查看门户内容', 'View portal content', operators, 9),
    ],
  },
  {
    index: '12-2',
    name: '文章管理',
    nameEn: 'Articles',
    url: 'path:portal/articles,component:CmsArticles',
    sort: 2,
    icon: 'FileTextOutlined',
    buttons: [edit('文章', 'articles'), publish('文章', 'articles')],
  },
  {
    index: '12-3',
    name: '公告管理',
    nameEn: 'Notices',
    url: 'path:portal/notices,component:CmsNotices',
    sort: 3,
    icon: 'NotificationOutlined',
    buttons: [edit('公告', 'notices'), publish('公告', 'notices')],
  },
  {
    index: '12-4',
    name: '模板管理',
    nameEn: 'Templates',
    url: 'path:portal/templates,component:CmsTemplates',
    sort: 4,
    icon: 'LayoutOutlined',
    buttons: [edit('模板', 'templates')],
  },
  {
    index: '12-5',
    name: '属性管理',
    nameEn: 'Attributes',
    url: 'path:portal/attributes,component:CmsAttributes',
    sort: 5,
    icon: 'TagsOutlined',
    buttons: [edit('属性', 'attributes')],
  },
];

/** Portal management (management spec §2): the public site's content, kept by operators. */
export const cmsMenus: MenuSeed[] = [
  {
    index: '12',
    name: '门户管理',
    nameEn: 'Portal management',
    url: 'portal',
    sort: 45,
    icon: 'GlobalOutlined',
    since: 6,
    roles: operators,
    children: pages,
  },
];
