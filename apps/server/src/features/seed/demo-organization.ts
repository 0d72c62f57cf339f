import { and, eq, inArray, isNull } from 'drizzle-orm';
import { UserKind, type RoleCode } from '@platform/contract';
import type { Db } from '../../db/client';
import {
  classes,
  classMajors,
  customers,
  departments,
  majors,
  schools,
  teachingTasks,
  users,
} from '../../db/schema';
import type { IdGenerator } from '../../lib/ids';

const kindOfRole: Record<RoleCode, number> = {
  student: UserKind.STUDENT,
  teacher: UserKind.TEACHER,
  'school-manager': UserKind.SCHOOL_ADMIN,
  'aiot-product-manager': UserKind.STAFF,
  'case-developer': UserKind.STAFF,
  operator: UserKind.STAFF,
  admin: UserKind.STAFF,
};

const demoOrganization = [
  {
    department: '信息工程学院',
    majors: [
      { name: '物联网应用技术', classes: ['物联网应用技术2026级1班'] },
      { name: '人工智能技术应用', classes: ['人工智能技术应用2026级1班'] },
    ],
  },
  {
    department: '智能制造学院',
    majors: [{ name: '工业互联网技术', classes: ['工业互联网技术2025级1班'] }],
  },
];

/**
 * The demo school's profile, departments, majors and classes, the kinds of the demo accounts, a
 * customer record with five years of service, and a teaching task held by the demo teacher.
 */
export async function seedDemoOrganization(
  db: Db,
  ids: IdGenerator,
  schoolId: string,
  accounts: readonly { username: string; role: RoleCode }[],
  now: Date,
) {
  await db
    .update(schools)
    .set({
      province: '350000',
      city: '350100',
      intro: '以物联网、人工智能和工业互联网为特色的高等职业院校，用于演示实训教学平台。',
      address: '福州市大学城学府路 1 号',
      maxStudents: 1000,
      updatedAt: now,
    })
    .where(eq(schools.id, schoolId));

  for (const [d, dept] of demoOrganization.entries()) {
    const departmentId = ids.next();
    await db
      .insert(departments)
      .values({ id: departmentId, schoolId, name: dept.department, sort: d + 1 });
    for (const [m, major] of dept.majors.entries()) {
      const majorId = ids.next();
      await db
        .insert(majors)
        .values({ id: majorId, schoolId, departmentId, name: major.name, sort: m + 1 });
      for (const name of major.classes) {
        const existing = await db.query.classes.findFirst({
          where: and(eq(classes.schoolId, schoolId), eq(classes.name, name)),
        });
        const classId = existing?.id ?? ids.next();
        if (!existing)
          await db
            .insert(classes)
            .values({ id: classId, schoolId, name, grade: name.slice(-7, -3) });
        await db.insert(classMajors).values({ classId, majorId, schoolId });
      }
    }
  }

  for (const a of accounts) {
    await db
      .update(users)
      .set({ kind: kindOfRole[a.role], province: '350000', city: '350100' })
      .where(and(eq(users.username, a.username), isNull(users.deletedAt)));
  }
  const students = accounts.filter((a) => a.role === 'student').map((a) => a.username);
  if (students.length) {
    const rows = await db.query.users.findMany({ where: inArray(users.username, students) });
    for (const u of rows)
      await db.update(users).set({ stuNo: u.username }).where(eq(users.id, u.id));
  }

  await db.insert(customers).values({
    id: ids.next(),
    schoolId,
    name: '演示职业技术学院',
    kind: 1,
    contactName: '赵管理员',
    contactPhone: '13800000003',
    serviceStart: now,
    serviceEnd: new Date(now.getTime() + 5 * 365 * 86_400_000),
  });

  const teacher = accounts.find((a) => a.role === 'teacher');
  const teacherRow = teacher
    ? await db.query.users.findFirst({ where: eq(users.username, teacher.username) })
    : undefined;
  if (teacherRow)
    await db.insert(teachingTasks).values({
      id: ids.next(),
      schoolId,
      teacherId: teacherRow.id,
      name: '智能家居传感器数据采集实训',
    });
}
