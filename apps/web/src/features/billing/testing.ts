import type {
  Account,
  BillingPackage,
  CurrentUser,
  FrontCourse,
  LedgerEntry,
  Order,
  Overview,
  Price,
  UsageDetail,
} from '@platform/contract';

/** Sample rows for the money views' tests. */

export function samplePackage(partial: Partial<BillingPackage> = {}): BillingPackage {
  return {
    id: '41',
    name: '物联网实训年包',
    type: 'timed',
    hoursPerYear: 2000,
    priceFen: 1_200_000,
    periodMonths: 12,
    status: 'effective',
    stacking: 'validity',
    effect: 'immediate',
    effectiveAt: null,
    courseIds: ['501'],
    courses: [{ id: '501', name: 'MQTT 入门' }],
    majors: ['iot'],
    published: true,
    onShelf: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...partial,
  };
}

export function samplePrice(partial: Partial<Price> = {}): Price {
  return {
    id: '61',
    item: 'cpu_hour',
    envKind: null,
    unitFen: 120,
    effectiveFrom: '2026-01-01T00:00:00.000Z',
    effectiveUntil: null,
    createdAt: '2025-12-01T00:00:00.000Z',
    ...partial,
  };
}

export function sampleOrder(partial: Partial<Order> = {}): Order {
  return {
    id: '71',
    orderNo: 'ORD-2026-001',
    schoolId: '11',
    schoolName: '北方职业技术学院',
    type: 'package',
    packageId: '41',
    packageName: '物联网实训年包',
    packageType: 'timed',
    packageHours: 2000,
    rechargeFen: 500_000,
    giftFen: 50_000,
    tokens: 1000,
    slides: 20,
    effectiveAt: '2026-01-01T00:00:00.000Z',
    expiresAt: '2027-01-01T00:00:00.000Z',
    courses: [{ id: '501', name: 'MQTT 入门' }],
    majors: ['iot'],
    payment: 'offline',
    paymentRef: 'BANK-778',
    remark: '首年合同',
    createdBy: '运营小王',
    createdAt: '2026-01-01T02:00:00.000Z',
    ...partial,
  };
}

export function sampleAccount(partial: Partial<Account> = {}): Account {
  return {
    schoolId: '11',
    schoolName: '北方职业技术学院',
    metered: true,
    totalFen: 550_000,
    rechargeFen: 500_000,
    giftFen: 50_000,
    tokens: 1000,
    slides: 20,
    packageSeconds: 7_200_000,
    untimedUntil: null,
    validUntil: '2027-01-01T00:00:00.000Z',
    spendLimitFen: 100_000,
    studentDailyHours: 4,
    spentThisMonthFen: 12_345,
    exhaustedAt: null,
    accountCount: 120,
    maxStudents: 500,
    purchasedCourseCount: 6,
    packages: [
      {
        orderId: '71',
        orderNo: 'ORD-2026-001',
        packageName: '物联网实训年包',
        type: 'timed',
        effectiveAt: '2026-01-01T00:00:00.000Z',
        expiresAt: '2027-01-01T00:00:00.000Z',
      },
    ],
    ...partial,
  };
}

export function sampleLedger(partial: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id: '81',
    at: '2026-01-01T02:00:00.000Z',
    reason: 'order',
    ref: 'ORD-2026-001',
    note: null,
    rechargeFen: 500_000,
    giftFen: 50_000,
    tokens: 1000,
    slides: 20,
    packageSeconds: 7_200_000,
    rechargeAfter: 500_000,
    giftAfter: 50_000,
    ...partial,
  };
}

export function sampleUsage(partial: Partial<UsageDetail> = {}): UsageDetail {
  return {
    id: '91',
    schoolId: '11',
    schoolName: '北方职业技术学院',
    userId: '301',
    userName: '张三',
    className: '物联网 2301',
    envId: '5',
    envName: 'Jupyter 实验',
    item: 'cpu_hour',
    period: '2026-03-02',
    start: '2026-03-02T01:00:00.000Z',
    end: '2026-03-02T03:30:00.000Z',
    quantity: 2.5,
    unitFen: 120,
    costFen: 300,
    packageSeconds: 0,
    settlement: 'charged',
    giftFen: 200,
    rechargeFen: 100,
    owedFen: 0,
    ...partial,
  };
}

export function sampleOverview(partial: Partial<Overview> = {}): Overview {
  return {
    weeks: [
      { period: '2026-02-23', fen: 12_000 },
      { period: '2026-03-02', fen: 34_500 },
    ],
    months: [
      { period: '2026-02', fen: 80_000 },
      { period: '2026-03', fen: 46_500 },
    ],
    topClasses: [{ id: '21', name: '物联网 2301', seconds: 36_000, fen: 12_000 }],
    topEnvironments: [{ id: '5', name: 'Jupyter 实验', seconds: 18_000, fen: 9_000 }],
    ...partial,
  };
}

/** The signed-in user: a school's administrator by default, platform staff with no school. */
export function sampleUser(collegeId: string | null = '11'): CurrentUser {
  return {
    id: '7',
    userId: '7',
    userName: collegeId ? 'admin11' : 'operator',
    name: collegeId ? '学校管理员' : '运营小王',
    avatar: null,
    birthday: null,
    city: null,
    province: null,
    address: null,
    collegeId,
    collegeKind: null,
    collegeName: collegeId ? '北方职业技术学院' : null,
    contactPhone: null,
    contactName: null,
    email: null,
    kind: null,
    sex: null,
    stuNo: null,
    phone: null,
    language: null,
    enabled: true,
    mustChangePassword: false,
    roles: [],
  };
}

/** A course of the platform as the course list answers it, for choosing what a package opens. */
export function sampleCourse(partial: Partial<FrontCourse> = {}): FrontCourse {
  return {
    id: '501',
    name: 'MQTT 入门',
    overview: '发布与订阅',
    difficulty: 'entry',
    specialty: 'iot',
    coverUrl: null,
    chapterCount: 2,
    stepCount: 6,
    chapters: [
      { id: '5011', name: '第1章 认识 MQTT' },
      { id: '5012', name: '第2章 订阅主题' },
    ],
    ...partial,
  };
}
