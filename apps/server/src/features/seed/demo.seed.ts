import fs from 'node:fs';
import path from 'node:path';
import type { RoleCode } from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { hashPassword } from '../../lib/passwords';
import * as repo from './seed.repo';
import { seedDemoPortal, seedDemoPortalContent, seedDemoPortalSections } from '../cms/cms.seed';
import { seedDemoCourses, upgradeDemoCourses } from './demo-courses.seed';
import { demoCourses, demoPlatformCourses } from './demo-courses';
import { seedDemoEnvironments, seedDemoWarmPools } from './demo-environments';
import { seedDemoOrganization } from './demo-organization';
import { seedDemoTeaching } from './demo-teaching.seed';
import { seedDemoTrials } from './demo-trials.seed';
import { seedDemoBilling } from './demo-billing.seed';
import { seedSystem } from './system.seed';

export const demoAccounts: {
  username: string;
  role: RoleCode;
  name: string;
  phone: string;
  inSchool: boolean;
}[] = [
  { username: 'student01', role: 'student', name: '李明', phone: '13800000001', inSchool: true },
  { username: 'student02', role: 'student', name: '张华', phone: '13800000006', inSchool: true },
  { username: 'teacher01', role: 'teacher', name: '王老师', phone: '13800000002', inSchool: true },
  { username: 'teacher02', role: 'teacher', name: '刘老师', phone: '13800000007', inSchool: true },
  {
    username: 'schooladmin01',
    role: 'school-manager',
    name: '赵管理员',
    phone: '13800000003',
    inSchool: true,
  },
  {
    username: 'operator01',
    role: 'operator',
    name: '陈运营',
    phone: '13800000004',
    inSchool: false,
  },
  { username: 'admin01', role: 'admin', name: '平台管理员', phone: '13800000005', inSchool: false },
];

/** A file of `demo-media/`, which `make-media.sh` makes. */
const demoMedia = (file: string) =>
  fs.readFileSync(path.join(import.meta.dirname, 'demo-media', file));

const DEMO_SEED_KEY = 'seed.demo.version';
const DEMO_SEED_VERSION = 12;
/** The version whose data one transaction writes; the courses after it store files first. */
const DEMO_ACCOUNTS_VERSION = 3;

/** System data, then the demo school, its class, the demo accounts and sample environments; safe to run on every start. */
export async function seedDemo(ctx: AppContext) {
  await seedSystem(ctx);
  const { db, ids, config } = ctx;
  const accounts = demoAccounts.map((a) => ({ username: a.username, role: a.role }));
  if ((await repo.readMarker(db, DEMO_SEED_KEY)) >= DEMO_SEED_VERSION) return { accounts };

  const seeded = await repo.readMarker(db, DEMO_SEED_KEY);
  const passwordHash = await hashPassword(config.seedPassword);
  const schoolId = await db.transaction(async (tx) => {
    let school = await repo.findSchoolByUrl(tx, 'sch_edu');
    if (!school) {
      const id = ids.next();
      await repo.insertSchool(tx, { id, name: '演示职业技术学院', type: 2, url: 'sch_edu' });
      school = (await repo.findSchoolByUrl(tx, 'sch_edu'))!;
    }
    let classId = await repo.firstClassOf(tx, school.id);
    if (!classId) {
      classId = ids.next();
      await repo.insertClass(tx, {
        id: classId,
        schoolId: school.id,
        name: '物联网应用技术2026级1班',
        grade: '2026',
      });
    }
    // One query at a time: a transaction holds one connection.
    const roleRows: (string | undefined)[] = [];
    for (const a of demoAccounts) {
      const row = await tx.query.roles.findFirst({
        where: (r, { and, eq }) => and(eq(r.tenantId, config.webClientId), eq(r.code, a.role)),
      });
      roleRows.push(row?.id);
    }
    for (const [i, a] of demoAccounts.entries()) {
      if (await repo.userExists(tx, a.username)) continue;
      const roleId = roleRows[i];
      await repo.insertUser(
        tx,
        {
          id: ids.next(),
          schoolId: a.inSchool ? school.id : null,
          classId: a.role === 'student' ? classId : null,
          username: a.username,
          passwordHash,
          name: a.name,
          phone: a.phone,
          sex: 1,
          stuNo: a.role === 'student' ? a.username : null,
        },
        roleId ? [roleId] : [],
      );
    }
    await seedDemoEnvironments(tx, ids, null, ctx.now());
    if (seeded < 3) await seedDemoOrganization(tx, ids, school.id, accounts, ctx.now());
    await repo.writeMarker(tx, DEMO_SEED_KEY, Math.max(seeded, DEMO_ACCOUNTS_VERSION));
    return school.id;
  });
  const teacherId = (await repo.userIdOf(db, 'teacher01')) ?? null;
  await seedDemoCourses(ctx, schoolId, teacherId);
  if (seeded < 8) await seedDemoCourses(ctx, null, null, demoPlatformCourses);
  if (seeded > 0 && seeded < 11) {
    await upgradeDemoCourses(ctx, schoolId, teacherId, demoCourses, { covers: false });
    await upgradeDemoCourses(ctx, null, null, demoPlatformCourses, { covers: seeded >= 8 });
  }
  await seedDemoTeaching(ctx, schoolId);
  if (seeded > 0 && seeded < 12) {
    const student = await repo.roleIdOf(db, config.webClientId, 'student');
    if (student) await repo.markStudents(db, schoolId, student);
  }
  if (seeded < 6) await seedDemoTrials(ctx);
  if (seeded < 6) await seedDemoPortal(ctx);
  if (seeded < 7) await seedDemoPortalSections(ctx);
  if (seeded < 11) await seedDemoPortalContent(ctx, demoMedia);
  if (seeded < 9) await seedDemoBilling(ctx, schoolId);
  if (seeded < 10) await seedDemoWarmPools(db, ctx.now());
  await repo.writeMarker(db, DEMO_SEED_KEY, DEMO_SEED_VERSION);
  return { accounts };
}
