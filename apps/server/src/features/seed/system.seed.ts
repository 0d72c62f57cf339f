import { MenuType, type RoleCode } from '@platform/contract';
import { renderHtml, type RichDocument } from '@platform/rich-text';
import type { AppContext } from '../../lib/context';
import { sha256 } from '../../lib/passwords';
import { announcementsMenus } from '../announcements/announcements.menus';
import { writeAnnouncement } from '../announcements/announcements.service';
import { billingMenus, schoolBillingMenus } from '../billing/billing.menus';
import { cmsMenus } from '../cms/cms.menus';
import { seedPortalAttributes } from '../cms/cms.seed';
import { classesMenus } from '../classes/classes.menus';
import { collegesMenus } from '../colleges/colleges.menus';
import { coursesMenus, schoolCoursesMenus } from '../courses/courses.menus';
import { customersMenus } from '../customers/customers.menus';
import { environmentsMenus } from '../environments/environments.menus';
import { footerMenus } from '../footer/footer.menus';
import { seedFooter } from '../footer/footer.service';
import { labsMenus } from '../labs/labs.menus';
import { operators, schoolStaff, type ButtonSeed, type MenuSeed } from '../menus/menu-seed';
import { menusMenus } from '../menus/menus.menus';
import { orgMenus } from '../org/org.menus';
import { seedRegions } from '../regions/regions.seed';
import { rolesMenus } from '../roles/roles.menus';
import { schoolsMenus } from '../schools/schools.menus';
import { studentsMenus } from '../students/students.menus';
import { teachersMenus } from '../teachers/teachers.menus';
import { smsMenus } from '../sms/sms.menus';
import { schoolTaskMenus, studentTaskMenus, teachingMenus } from '../teaching/teaching.menus';
import { trialsMenus } from '../trials/trials.menus';
import { usersMenus } from '../users/users.menus';
import * as repo from './seed.repo';

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const welcome: RichDocument = {
  type: 'doc',
  content: [
    paragraph('欢迎使用实训教学平台。演示账号仅供体验，请勿用于正式教学。'),
    paragraph(
      'Welcome to the hands-on lab platform. The demo accounts are for trying it out only.',
    ),
  ],
};

const roleNames: Record<RoleCode, [string, string]> = {
  student: ['学生', 'Student'],
  teacher: ['教师', 'Teacher'],
  'school-manager': ['学校管理员', 'School administrator'],
  'aiot-product-manager': ['产品经理', 'Product manager'],
  'case-developer': ['案例开发', 'Case developer'],
  operator: ['运营人员', 'Operations staff'],
  admin: ['平台管理员', 'Platform administrator'],
};

/**
 * The menu tree of every role: each feature's entries, under the headings they share. Every entry
 * leads to a working screen.
 */
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
  ...usersMenus,
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
  ...labsMenus,
  ...environmentsMenus,
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
      ...schoolsMenus,
      ...orgMenus,
      ...classesMenus,
      ...teachersMenus,
      ...studentsMenus,
      ...schoolCoursesMenus,
      ...schoolTaskMenus,
      ...schoolBillingMenus,
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
    children: [...collegesMenus, ...customersMenus, ...trialsMenus, ...smsMenus, ...billingMenus],
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
    children: [...menusMenus, ...rolesMenus],
  },
  ...coursesMenus.map((m) =>
    m.index === '9' ? { ...m, children: [...(m.children ?? []), ...teachingMenus] } : m,
  ),
  ...studentTaskMenus,
  ...cmsMenus.map((m) =>
    m.index === '12'
      ? { ...m, children: [...(m.children ?? []), ...announcementsMenus, ...footerMenus] }
      : m,
  ),
];

const SYSTEM_SEED_KEY = 'seed.system.version';
const SYSTEM_SEED_VERSION = 9;

/** Data the platform needs to run: the web client, roles, menus, site config, announcement, footer. */
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
    const isNew = (since: number | undefined) => (since ?? 1) > current;
    const insertButtons = async (pageId: string, buttons: ButtonSeed[], since = 0) => {
      for (const [i, b] of buttons.entries()) {
        if ((b.since ?? 0) <= since) continue;
        if (since >= 0 && (await repo.hasButton(tx, pageId, `perm:${b.perm}`))) continue;
        await repo.insertMenu(
          tx,
          {
            id: ids.next(),
            parentId: pageId,
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
    };
    for (const m of menuSeed) {
      for (const c of m.children ?? []) {
        if (isNew(c.since ?? m.since)) continue;
        if (!(c.buttons ?? []).some((b) => isNew(b.since ?? 0))) continue;
        const pageId = await repo.findMenuId(tx, config.webClientId, c.index);
        if (pageId) await insertButtons(pageId, c.buttons ?? [], current);
      }
      const children = (m.children ?? []).filter((c) => isNew(c.since ?? m.since));
      if (!isNew(m.since) && children.length === 0) continue;
      const granted = idsOf(m.roles);
      let parentId: string | undefined;
      if (isNew(m.since)) {
        const top = row(m, null);
        await repo.insertMenu(tx, top, granted);
        parentId = top.id;
      } else parentId = await repo.findTopMenuId(tx, config.webClientId, m.index);
      if (!parentId) continue;
      for (const c of children) {
        const child = row(c, parentId);
        await repo.insertMenu(tx, child, c.roles ? idsOf(c.roles) : granted);
        await insertButtons(child.id, c.buttons ?? [], -1);
      }
    }
    if (current < 6) await seedPortalAttributes(tx, ids, ctx.now());
    if (current < 7) await seedFooter(tx);
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
        content: renderHtml(welcome),
        contentDoc: welcome,
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
