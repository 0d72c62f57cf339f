/** What kind of account a user is (the `kind` of the user record). */
export const UserKind = { STUDENT: 1, TEACHER: 2, SCHOOL_ADMIN: 3, STAFF: 4 } as const;
export const userKindNames: Record<number, { zh: string; en: string }> = {
  1: { zh: '学生', en: 'Student' },
  2: { zh: '教师', en: 'Teacher' },
  3: { zh: '学校管理员', en: 'School administrator' },
  4: { zh: '平台人员', en: 'Platform staff' },
};

/** Account states of management spec §4. */
export const accountStatuses = ['normal', 'deactivated', 'expired'] as const;
export type AccountStatus = (typeof accountStatuses)[number];

export const accountMessages = {} as const satisfies Record<string, { zh: string; en: string }>;
