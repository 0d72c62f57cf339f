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
  roles: readonly RoleCode[] | 'all';
  children?: Omit<MenuSeed, 'roles' | 'children'>[];
}

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
];

const SYSTEM_SEED_KEY = 'seed.system.version';
const SYSTEM_SEED_VERSION = 1;

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
  if ((await repo.readMarker(db, SYSTEM_SEED_KEY)) >= SYSTEM_SEED_VERSION) return;

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
    });
    for (const m of menuSeed) {
      const granted = idsOf(m.roles);
      const top = row(m, null);
      await repo.insertMenu(tx, top, granted);
      for (const c of m.children ?? []) await repo.insertMenu(tx, row(c, top.id), granted);
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
