import { MenuType, type PermissionKey, type RoleCode } from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { sha256 } from '../../lib/passwords';
import { writeAnnouncement } from '../announcements/announcements.repo';
import { seedRegions } from '../regions/regions.seed';
import * as repo from './seed.repo';

const roleNames: Record<RoleCode, [string, string]> = {
  student: ['学生', 'Student'],
  teacher: ['教师', 'Teacher'],
  'school-manager': ['学校管理员', 'School administrator'],
  'aiot-product-manager': ['产品经理', 'Product manager'],
  'case-developer': ['案例开发', 'Case developer'],
  operator: ['运营人员', 'Operations staff'],
  admin: ['平台管理员', 'Platform administrator'],
};

interface ButtonSeed {
  perm: PermissionKey;
  name: string;
  nameEn: string;
  roles: readonly RoleCode[];
}

interface MenuSeed {
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
  /** The system seed version that added this entry. */
  since?: number;
  roles: readonly RoleCode[] | 'all';
  children?: (Omit<MenuSeed, 'roles' | 'children' | 'since'> & {
    /** Narrows the parent's roles for this entry. */
    roles?: readonly RoleCode[];
    buttons?: ButtonSeed[];
  })[];
}

const staff: RoleCode[] = ['operator', 'admin', 'case-developer', 'aiot-product-manager'];
const operators: RoleCode[] = ['operator', 'admin'];
const schoolStaff: RoleCode[] = ['school-manager', 'teacher'];
const managers: RoleCode[] = ['school-manager'];

const button = (
  perm: PermissionKey,
  name: string,
  nameEn: string,
  roles: readonly RoleCode[],
): ButtonSeed => ({ perm, name, nameEn, roles });

/** A hidden page of the menu tree: routable, shown under the entry at `activeMenu`. */
const hiddenPage = (
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

/** The menu tree of every role. Every entry leads to a working screen. */
export const menuSeed: MenuSeed[] = [
  {
    index: '1',
    name: '工作台',
    nameEn: 'Workbench',
    url: 'workbench',
    sort: 1,
    icon: 'DashboardOutlined',
    roles: 'all',
  },
  {
    index: '2',
    name: '个人中心',
    nameEn: 'Personal centre',
    url: 'personal',
    sort: 90,
    icon: 'UserOutlined',
    roles: 'all',
    children: [
      {
        index: '2-1',
        name: '我的信息',
        nameEn: 'My info',
        url: 'personal/info',
        sort: 1,
        icon: 'IdcardOutlined',
      },
      {
        index: '2-2',
        name: '修改密码',
        nameEn: 'Change password',
        url: 'path:personal/password,component:PersonalPassword',
        sort: 2,
        icon: 'LockOutlined',
      },
    ],
  },
  {
    index: '3',
    name: '接口文档',
    nameEn: 'API docs',
    url: '/api/docs',
    sort: 95,
    icon: 'ApiOutlined',
    linkType: 2,
    linkValue: '/api/docs',
    roles: ['operator', 'admin'],
  },
  {
    index: '4',
    name: '实验环境',
    nameEn: 'Lab environments',
    url: 'environment',
    sort: 10,
    icon: 'ExperimentOutlined',
    since: 2,
    roles: 'all',
    children: [
      {
        index: '4-1',
        name: '环境中心',
        nameEn: 'Environment centre',
        url: 'path:environment/index,component:EnvIndex',
        sort: 1,
        icon: 'AppstoreOutlined',
      },
      ...(
        [
          ['4-2', '环境详情', 'Environment detail', 'detail', 'EnvDetail'],
          ['4-3', '实验', 'Experiment', 'experiment', 'EnvExperiment'],
          ['4-4', '终端', 'Terminal', 'terminal', 'EnvTerminal'],
          ['4-5', '工作区', 'Workspace', 'workspace', 'EnvWorkspace'],
          ['4-6', '操作手册', 'Operating manual', 'manual', 'EnvManual'],
        ] as const
      ).map(([index, name, nameEn, path, component], i) => ({
        index,
        name,
        nameEn,
        url: `path:environment/${path},component:${component}`,
        sort: i + 2,
        hidden: true,
        customFields: 'activeMenu:/environment/index',
      })),
    ],
  },
  {
    index: '5',
    name: '环境管理',
    nameEn: 'Environment management',
    url: 'environment-admin',
    sort: 20,
    icon: 'CloudServerOutlined',
    since: 2,
    roles: staff,
    children: [
      ...(
        [
          ['5-1', '环境配置', 'Environment configurations', 'configs', 'EnvConfigList', false],
          ['5-2', '实验脚本', 'Experiment scripts', 'scripts', 'EnvScriptList', false],
          ['5-3', '我的实验环境', 'My experiment environments', 'mine', 'MyEnvList', false],
          ['5-4', 'AI 环境配置', 'AI environment configuration', 'ai', 'AiEnvConfig', false],
          ['5-5', '环境详情', 'Environment details', 'detail', 'EnvConfigDetail', true],
        ] as const
      ).map(([index, name, nameEn, path, component, hidden], i) => ({
        index,
        name,
        nameEn,
        url: `path:environment-admin/${path},component:${component}`,
        sort: i + 1,
        hidden,
        ...(hidden ? { customFields: 'activeMenu:/environment-admin/configs' } : {}),
      })),
    ],
  },
  {
    index: '6',
    name: '学校管理',
    nameEn: 'School management',
    url: 'school',
    sort: 30,
    icon: 'BankOutlined',
    since: 3,
    roles: schoolStaff,
    children: [
      {
        index: '6-1',
        name: '学校信息',
        nameEn: 'School profile',
        url: 'path:school/profile,component:SchoolProfile',
        sort: 1,
        icon: 'ProfileOutlined',
        roles: managers,
        buttons: [button('school.profile.edit', '编辑学校信息', 'Edit profile', managers)],
      },
      {
        index: '6-2',
        name: '组织管理',
        nameEn: 'Organization',
        url: 'path:school/organization,component:OrgManagement',
        sort: 2,
        icon: 'ApartmentOutlined',
        roles: managers,
        buttons: [button('org.edit', '编辑组织结构', 'Edit organization', managers)],
      },
      {
        index: '6-3',
        name: '班级管理',
        nameEn: 'Classes',
        url: 'path:school/classes,component:ClassManagement',
        sort: 3,
        icon: 'TeamOutlined',
        buttons: [
          button('class.add', '新增班级', 'Add class', schoolStaff),
          button('class.edit', '编辑班级', 'Edit class', schoolStaff),
          button('class.delete', '删除班级', 'Delete class', managers),
          button('class.archive', '归档班级', 'Archive class', managers),
        ],
      },
      {
        index: '6-4',
        name: '教师管理',
        nameEn: 'Teachers',
        url: 'path:school/teachers,component:TeacherManagement',
        sort: 4,
        icon: 'SolutionOutlined',
        roles: managers,
        buttons: [
          button('teacher.add', '新增教师', 'Add teacher', managers),
          button('teacher.edit', '编辑教师', 'Edit teacher', managers),
          button('teacher.enable', '启用/禁用教师', 'Enable or disable teacher', managers),
          button('teacher.delete', '删除教师', 'Delete teacher', managers),
        ],
      },
      {
        index: '6-5',
        name: '学生管理',
        nameEn: 'Students',
        url: 'path:school/students,component:StudentManagement',
        sort: 5,
        icon: 'UserOutlined',
        buttons: [
          button('student.add', '新增学生', 'Add student', schoolStaff),
          button('student.edit', '编辑学生', 'Edit student', schoolStaff),
          button('student.enable', '启用/禁用学生', 'Enable or disable student', managers),
          button('student.reset_password', '重置密码', 'Reset password', schoolStaff),
          button('student.batch_create', '新建学生账号', 'New student accounts', managers),
          button('student.import', '导入学生', 'Import students', schoolStaff),
          button('student.export', '导出学生', 'Export students', schoolStaff),
        ],
      },
      hiddenPage(
        '6-6',
        '新增学生',
        'Add student',
        'school/students/add',
        'StudentEdit',
        'school/students',
        6,
      ),
      hiddenPage(
        '6-7',
        '编辑学生',
        'Edit student',
        'school/students/edit',
        'StudentEdit',
        'school/students',
        7,
      ),
      hiddenPage(
        '6-8',
        '学生详情',
        'Student detail',
        'school/students/detail',
        'StudentDetail',
        'school/students',
        8,
      ),
      hiddenPage(
        '6-9',
        '新建学生账号',
        'New student accounts',
        'school/students/new-account',
        'StudentNewAccount',
        'school/students',
        9,
      ),
    ],
  },
  {
    index: '7',
    name: '运营管理',
    nameEn: 'Operation management',
    url: 'operation',
    sort: 40,
    icon: 'ShopOutlined',
    since: 3,
    roles: operators,
    children: [
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
        ],
      },
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
    ],
  },
  {
    index: '8',
    name: '系统管理',
    nameEn: 'System',
    url: 'system',
    sort: 50,
    icon: 'SettingOutlined',
    since: 3,
    roles: operators,
    children: [
      {
        index: '8-1',
        name: '菜单管理',
        nameEn: 'Menus',
        url: 'path:system/menus,component:MenuManagement',
        sort: 1,
        icon: 'MenuOutlined',
        buttons: [button('menu.edit', '编辑菜单', 'Edit menus', operators)],
      },
      {
        index: '8-2',
        name: '角色权限',
        nameEn: 'Roles',
        url: 'path:system/roles,component:RoleManagement',
        sort: 2,
        icon: 'SafetyOutlined',
        buttons: [button('role.grant', '分配权限', 'Grant menus', operators)],
      },
    ],
  },
];

const SYSTEM_SEED_KEY = 'seed.system.version';
const SYSTEM_SEED_VERSION = 3;

/** Data the platform needs to run: the web client, roles, menus, site config, announcement. */
export async function seedSystem(ctx: AppContext) {
  await seedRegions(ctx.db);
  const { db, ids, config } = ctx;
  await repo.upsertClient(db, {
    id: config.webClientId,
    name: 'Platform web app',
    secretHash: sha256(config.webClientSecret),
    grantTypes: ['password', 'refresh_token'],
    accessTokenSeconds: config.accessTokenSeconds,
    refreshTokenSeconds: config.refreshTokenSeconds,
    redirectUris: [config.publicUrl],
    firstParty: true,
  });
  const current = await repo.readMarker(db, SYSTEM_SEED_KEY);
  if (current >= SYSTEM_SEED_VERSION) return;

  await db.transaction(async (tx) => {
    const roleIds = new Map<RoleCode, string>();
    for (const [code, [name, nameEn]] of Object.entries(roleNames) as [
      RoleCode,
      [string, string],
    ][]) {
      roleIds.set(
        code,
        await repo.ensureRole(tx, {
          id: ids.next(),
          tenantId: config.webClientId,
          code,
          name,
          nameEn,
        }),
      );
    }
    const idsOf = (roles: MenuSeed['roles']) =>
      (roles === 'all' ? [...roleIds.values()] : roles.map((r) => roleIds.get(r)!)).filter(Boolean);
    const row = (m: Omit<MenuSeed, 'roles' | 'children'>, parentId: string | null) => ({
      id: ids.next(),
      parentId,
      tenantId: config.webClientId,
      name: m.name,
      nameEn: m.nameEn,
      url: m.url,
      menuIndex: m.index,
      sort: m.sort,
      icon: m.icon ?? null,
      linkType: m.linkType ?? 1,
      linkValue: m.linkValue ?? null,
      customFields: m.customFields ?? null,
      hidden: m.hidden ?? false,
    });
    for (const m of menuSeed.filter((entry) => (entry.since ?? 1) > current)) {
      const granted = idsOf(m.roles);
      const top = row(m, null);
      await repo.insertMenu(tx, top, granted);
      for (const c of m.children ?? []) {
        const child = row(c, top.id);
        await repo.insertMenu(tx, child, c.roles ? idsOf(c.roles) : granted);
        for (const [i, b] of (c.buttons ?? []).entries()) {
          await repo.insertMenu(
            tx,
            {
              id: ids.next(),
              parentId: child.id,
              tenantId: config.webClientId,
              name: b.name,
              nameEn: b.nameEn,
              url: '',
              menuIndex: null,
              sort: i + 1,
              type: MenuType.BUTTON,
              customFields: `perm:${b.perm}`,
            },
            idsOf(b.roles),
          );
        }
      }
    }
    if (current >= 1) {
      await repo.writeMarker(tx, SYSTEM_SEED_KEY, SYSTEM_SEED_VERSION);
      return;
    }
    await repo.insertSiteConfig(tx, {
      clientCode: config.webClientId,
      name: '实训教学平台',
      clientTitle: '实训教学平台 | Hands-on Lab Platform',
      url: 'sch_edu',
      config: {},
    });
    const now = ctx.now();
    await writeAnnouncement(
      tx,
      {
        title: '系统公告',
        content:
          '<p>欢迎使用实训教学平台。演示账号仅供体验，请勿用于正式教学。</p>' +
          '<p>Welcome to the hands-on lab platform. The demo accounts are for trying it out only.</p>',
        footer: null,
        start: new Date(now.getTime() - 86_400_000).toISOString(),
        end: new Date(now.getTime() + 365 * 86_400_000).toISOString(),
        announceType: 'once',
      },
      now,
    );
    await repo.writeMarker(tx, SYSTEM_SEED_KEY, SYSTEM_SEED_VERSION);
  });
}
