import type { SchoolProfile } from '@platform/contract';

/** A sample profile for the school views' tests. */

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
