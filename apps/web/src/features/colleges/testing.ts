import { regionsApi, type College, type Region } from '@platform/contract';
import { type FakeRoute, fakeRoute, fakeScreenApi } from '../../test/fakeRoutes';

/** Test helpers of the colleges screen: a fake API with permissions and regions, sample rows. */

export const allCollegePermissions = [
  'college.add',
  'college.edit',
  'college.delete',
  'college.enable',
  'college.import',
  'college.total_user',
  'college.admins',
];

export const provinces: Region[] = [
  { id: '110000', pid: '100000', name: '北京市', hasChildren: true },
  { id: '440000', pid: '100000', name: '广东省', hasChildren: true },
];
export const guangdong: Region[] = [
  { id: '440100', pid: '440000', name: '广州市', hasChildren: false },
  { id: '440300', pid: '440000', name: '深圳市', hasChildren: false },
];

/** The regions under a region, as the dictionary answers them. */
const regions: Record<string, Region[]> = { '100000': provinces, '440000': guangdong };

/**
 * Fakes the API of the colleges screen: the user's permissions, the regions, and `fakes` for the
 * rest.
 */
export function fakeCollegesApi(permissions: string[], ...fakes: FakeRoute[]) {
  return fakeScreenApi(
    permissions,
    ...fakes,
    fakeRoute(regionsApi.children, (call) => regions[call.params.pid ?? ''] ?? []),
  );
}

export function sampleCollege(partial: Partial<College> = {}): College {
  return {
    id: '301',
    name: '深圳职业技术大学',
    url: 'sch_szpt',
    type: 2,
    province: '440000',
    provinceName: '广东省',
    city: '440300',
    cityName: '深圳市',
    enabled: true,
    intro: '一所高职院校',
    address: '西丽湖',
    totalBalance: 123450,
    rechargeBalance: 100000,
    giftBalance: 23450,
    tokenCount: 5000,
    pptCount: 12,
    accountCount: 40,
    maxStudents: 0,
    studentCount: 30,
    purchasedCourseCount: 4,
    createdAt: '2026-01-02T03:04:05.000Z',
    ...partial,
  };
}
