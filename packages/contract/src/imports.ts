import { z } from 'zod';
import { studentPageQuerySchema } from './accounts';

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

export const exportGenderNames: Record<1 | 2, { zh: string; en: string }> = {
  1: { zh: '男', en: 'male' },
  2: { zh: '女', en: 'female' },
};

export const exportStatusNames = {
  normal: { zh: '正常', en: 'Normal' },
  deactivated: { zh: '停用', en: 'Deactivated' },
  expired: { zh: '过期', en: 'Expired' },
} as const;

export const importMessages = {
  'imports.file_required': { zh: '请选择要导入的文件', en: 'Choose a file to import' },
  'imports.only_excel': { zh: '仅支持 Excel 文件', en: 'Only Excel files allowed' },
  'imports.bad_format': { zh: '文件格式不正确', en: 'Incorrect file format' },
  'imports.xls_binary': {
    zh: '不支持旧版 Excel 97-2003（.xls）或加密的工作簿，请在 Excel 中另存为 .xlsx 后再导入',
    en: 'Old Excel 97-2003 (.xls) and encrypted workbooks are not supported; save the file as .xlsx in Excel and import that',
  },
  'imports.too_large': {
    zh: '文件过大，最大 {{max}} MB',
    en: 'The file is too large; the maximum is {{max}} MB',
  },
  'imports.unsafe_file': {
    zh: '文件解压后内容过大或结构异常，已拒绝',
    en: 'The file unpacks to too much data or is malformed, so it was refused',
  },
  'imports.too_many_rows': {
    zh: '数据行数超过上限（{{max}} 行），请拆分后分批导入',
    en: 'The file has more than {{max}} data rows; split it and import the parts',
  },
  'imports.empty': { zh: '文件中没有数据', en: 'The file has no data rows' },
  'imports.bad_header': {
    zh: '表头与导入模板不一致，请下载模板后填写',
    en: 'The header row does not match the import template; download the template and fill it in',
  },
  'imports.job_not_found': { zh: '导入任务不存在', en: 'Import job not found' },
  'imports.busy': {
    zh: '正在处理的导入任务较多，请稍后再试',
    en: 'Many imports are being processed; please try again later',
  },
  'imports.interrupted': {
    zh: '导入因服务重启而中断，已导入的学生已保存，请核对后导入其余数据',
    en: 'The import was interrupted by a server restart; students already imported are kept, check them and import the rest',
  },
  'imports.required': { zh: '此项为必填项', en: 'This field is required' },
  'imports.name_invalid': {
    zh: '姓名长度应为 2 到 30 个字符',
    en: 'The name must be 2 to 30 characters',
  },
  'imports.stu_no_invalid': {
    zh: '学号应为 3 到 30 位字母、数字、下划线或连字符',
    en: 'The student number must be 3 to 30 letters, digits, _ or -',
  },
  'imports.gender_invalid': {
    zh: '性别应填写“男”或“女”',
    en: 'Gender must be 男 or 女 (male or female)',
  },
  'imports.phone_invalid': { zh: '手机号格式不正确', en: 'Invalid mobile phone number' },
  'imports.password_invalid': {
    zh: '密码应为 6 到 20 位字母、数字、下划线或 #',
    en: 'The password must be 6 to 20 letters, digits, _ or #',
  },
  'imports.class_not_found': {
    zh: '本校没有该班级（或已归档）',
    en: 'Your school has no such class (or it is archived)',
  },
  'imports.class_ambiguous': {
    zh: '本校有多个同名班级，无法确定是哪一个',
    en: 'Several classes of your school have this name',
  },
  'imports.stu_no_repeated': {
    zh: '学号在文件中重复出现',
    en: 'This student number appears more than once in the file',
  },
  'imports.stu_no_exists': {
    zh: '本校已有该学号的学生',
    en: 'A student of this school already has this student number',
  },
  'imports.username_taken': {
    zh: '该学号已被其他账号用作登录名',
    en: 'This student number is already the login of another account',
  },
  'imports.max_students': {
    zh: '超出学校的学生账号上限',
    en: 'Beyond the school’s limit of student accounts',
  },
  'imports.template_file': { zh: '学生导入模板', en: 'student-import-template' },
  'imports.report_file': { zh: '导入错误报告', en: 'import-errors' },
  'imports.export_file': { zh: '学生名单', en: 'students' },
} as const satisfies Record<string, { zh: string; en: string }>;
