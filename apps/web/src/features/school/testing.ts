import type {
  ClassRecord,
  MajorOption,
  OrgTreeDepartment,
  SchoolProfile,
} from '@platform/contract';

/** Sample rows for the school views' tests. */

export const sampleMajors: MajorOption[] = [
  { id: '21', departmentId: '11', departmentName: '信息工程学院', name: '物联网应用技术', sort: 1 },
  { id: '22', departmentId: '11', departmentName: '信息工程学院', name: '大数据技术', sort: 2 },
  { id: '23', departmentId: '12', departmentName: '机电学院', name: '工业机器人', sort: 1 },
];

export function sampleClass(partial: Partial<ClassRecord> = {}): ClassRecord {
  return {
    id: '501',
    name: '物联网 2024-1 班',
    grade: '2024',
    majors: [{ id: '21', name: '物联网应用技术' }],
    studentCount: 32,
    archived: false,
    archivedAt: null,
    createdAt: '2026-01-02T03:04:05.000Z',
    ...partial,
  };
}

export const sampleTree: OrgTreeDepartment[] = [
  {
    id: '11',
    name: '信息工程学院',
    sort: 1,
    majors: [
      {
        id: '21',
        departmentId: '11',
        name: '物联网应用技术',
        sort: 1,
        classes: [
          { id: '501', name: '物联网 2024-1 班', grade: '2024', archived: false, studentCount: 32 },
        ],
      },
    ],
  },
  { id: '12', name: '机电学院', sort: 2, majors: [] },
];

export function sampleProfile(partial: Partial<SchoolProfile> = {}): SchoolProfile {
  return {
    id: '9',
    name: '北方职业技术学院',
    url: 'sch_north',
    type: 2,
    typeName: '高职院校',
    enabled: true,
    province: '110000',
    provinceName: '北京市',
    city: '110100',
    cityName: '市辖区',
    intro: '一所以工科见长的高职院校',
    address: '北京市海淀区学院路 1 号',
    logo: null,
    totalBalance: 1234567,
    rechargeBalance: 1000000,
    giftBalance: 234567,
    tokenCount: 5000,
    pptCount: 12,
    maxStudents: 800,
    purchasedCourseCount: 4,
    accountCount: 420,
    studentCount: 400,
    teacherCount: 18,
    classCount: 12,
    ...partial,
  };
}
