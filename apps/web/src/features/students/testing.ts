import type { ClassOption, StudentDetail } from '@platform/contract';

/** Test data of the student screens. */

export const classOptions: ClassOption[] = [
  { id: '31', name: '物联网1班', grade: '2026', archived: false },
  { id: '32', name: '人工智能1班', grade: '2026', archived: false },
  { id: '33', name: '旧班级', grade: '2020', archived: true },
];

export function sampleStudent(partial: Partial<StudentDetail> = {}): StudentDetail {
  return {
    id: '501',
    username: 'S2026001',
    stuNo: 'S2026001',
    name: '李明',
    sex: 1,
    phone: '13800000001',
    classId: '31',
    className: '物联网1班',
    enabled: true,
    status: 'normal',
    createdAt: '2026-01-02T03:04:05.000Z',
    classArchived: false,
    updatedAt: '2026-01-03T03:04:05.000Z',
    lastLoginAt: null,
    ...partial,
  };
}
