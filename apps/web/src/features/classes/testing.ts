import type { ClassRecord, MajorOption } from '@platform/contract';

/** Sample rows for the class views' tests. */

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
