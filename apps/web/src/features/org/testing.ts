import type { OrgTreeDepartment } from '@platform/contract';

/** A sample tree for the organization view's tests. */

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
