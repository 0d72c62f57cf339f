import { z } from 'zod';
import { studentPageQuerySchema } from './students';

/** Spreadsheet uploads (management spec §5: Excel only, .xls, .xlsx or .csv). */
export const importFileExtensions = ['.xls', '.xlsx', '.csv'] as const;

export const importLimits = {
  /** The student import file, as uploaded. */
  studentFileMaxBytes: 5 * 1024 * 1024,
  /** Data rows of one student import (the header row not counted). */
  studentMaxRows: 10_000,
  /** Row errors a job answers with; the error report holds them all. */
  errorsShown: 200,
  /** How often the web app asks for a running job. */
  pollMs: 1_000,
} as const;

/** Whether a file name ends with an accepted spreadsheet extension. */
export function isImportFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return importFileExtensions.some((ext) => lower.endsWith(ext));
}

/**
 * Columns of the student import, by field: the template's Chinese header and the English one
 * (both accepted). Gender is 男/女 or male/female; the class is a class name of the school.
 */
export const studentImportColumns = [
  { field: 'name', zh: '姓名', en: 'name', required: true },
  { field: 'stuNo', zh: '学号', en: 'stuNo', required: true },
  { field: 'gender', zh: '性别', en: 'gender', required: true },
  { field: 'phone', zh: '手机号', en: 'phone', required: false },
  { field: 'class', zh: '班级', en: 'class', required: true },
  { field: 'password', zh: '密码', en: 'password', required: false },
] as const;
export type StudentImportField = (typeof studentImportColumns)[number]['field'];

/** Columns of the student export, in the caller's language. */
export const studentExportColumns = [
  { field: 'name', zh: '姓名', en: 'Name' },
  { field: 'stuNo', zh: '学号', en: 'Student No.' },
  { field: 'gender', zh: '性别', en: 'Gender' },
  { field: 'phone', zh: '手机号', en: 'Phone' },
  { field: 'class', zh: '班级', en: 'Class' },
  { field: 'status', zh: '状态', en: 'Status' },
  { field: 'createdAt', zh: '创建时间', en: 'Created at' },
] as const;

/** The columns of an import's error report. */
export const importReportColumns = [
  { field: 'row', zh: '行号', en: 'Row' },
  { field: 'column', zh: '列', en: 'Column' },
  { field: 'value', zh: '值', en: 'Value' },
  { field: 'reason', zh: '原因', en: 'Reason' },
] as const;

export const importJobKinds = ['students'] as const;
export type ImportJobKind = (typeof importJobKinds)[number];

export const importJobStatuses = ['running', 'done', 'failed'] as const;
export type ImportJobStatus = (typeof importJobStatuses)[number];

/** One refused cell or row: `field` is the column's field ('' for the row as a whole). */
export const importRowErrorSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  value: z.string(),
  errorKey: z.string(),
  /** The reason in the caller's language. */
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importJobSchema = z.object({
  id: z.string(),
  kind: z.enum(importJobKinds),
  fileName: z.string(),
  status: z.enum(importJobStatuses),
  /** Data rows in the file (known once it is read). */
  total: z.number().int(),
  processed: z.number().int(),
  succeeded: z.number().int(),
  /** Rows refused. */
  failed: z.number().int(),
  /** The first `importLimits.errorsShown` row errors; the error report holds them all. */
  errors: z.array(importRowErrorSchema),
  errorCount: z.number().int(),
  /** Why a failed job failed, and the text of it in the caller's language. */
  errorKey: z.string().nullable(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/** The student export takes the student list's filters. */
export const studentExportQuerySchema = /* @__PURE__ */ studentPageQuerySchema.omit({
  pageNum: true,
  pageSize: true,
});
export type StudentExportQuery = z.input<typeof studentExportQuerySchema>;

/** The export's query string: the filters, and `tz`, the time zone of the creation times. */
export const studentExportRequestSchema = /* @__PURE__ */ studentExportQuerySchema.extend({
  tz: z.string().max(64, 'too_long').optional(),
});

export const exportGenderNames: Record<1 | 2, { zh: string; en: string }> = {
  1: { zh: '男', en: 'male' },
  2: { zh: '女', en: 'female' },
};

export const exportStatusNames = {
  normal: { zh: '正常', en: 'Normal' },
  deactivated: { zh: '停用', en: 'Deactivated' },
  expired: { zh: '过期', en: 'Expired' },
} as const;
