import type { RoleCode } from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { sha256 } from '../../lib/passwords';
import { writeAnnouncement } from '../announcements/announcements.repo';
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
  children?: Omit<MenuSeed, 'roles' | 'children' | 'since'>[];
}

const staff: RoleCode[] = ['operator', 'admin', 'case-developer', 'aiot-product-manager'];

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
];

const SYSTEM_SEED_KEY = 'seed.system.version';
const SYSTEM_SEED_VERSION = 2;

/** Data the platform needs to run: the web client, roles, menus, site config, announcement. */
export async function seedSystem(ctx: AppContext) {
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
      for (const c of m.children ?? []) await repo.insertMenu(tx, row(c, top.id), granted);
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
