import { screen } from '@testing-library/react';
import type { ClassOption, StudentDetail } from '@platform/contract';

/** Test data and form helpers of the student screens. */

export const permissionsPath = '/api-user/menus/permissions/platform-web';
export const pagePath = '/api-user/students/page';
export const classesPath = '/api-user/classes/list';

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

/** The input of a labelled form item (labels may carry the required mark). */
export const field = (label: string) => screen.getByLabelText(new RegExp(`^\\*?${label}$`));

/** The error shown under the form item labelled `label`, if any. */
export function errorOf(label: string): string | null {
  const labels = Array.from(document.querySelectorAll('.ant-form-item-label label'));
  const found = labels.find((l) => l.textContent?.replace('*', '').trim() === label);
  const item = found?.closest('.ant-form-item');
  return item?.querySelector('.ant-form-item-explain-error')?.textContent ?? null;
}
