import {
  optionalPasswordSchema,
  optionalPhoneSchema,
  personNameSchema,
  studentImportColumns,
  stuNoSchema,
  type MessageKey,
  type StudentImportField,
} from '@platform/contract';
import { AppError } from '../../lib/errors';
import { passwordRefusal } from '../../lib/passwords';
import type * as repo from './imports.repo';
import type { SheetRow } from './spreadsheet';

/** The rows of a student sheet: which column holds which field, and each row checked. */

export const VALUE_MAX = 100;

type ColumnMap = Partial<Record<StudentImportField, number>>;

const headerAliases: Record<StudentImportField, string[]> = {
  name: ['姓名', 'name', '学生姓名', 'studentname'],
  stuNo: ['学号', 'stuno', 'studentno', 'studentnumber', 'studentid'],
  gender: ['性别', 'gender', 'sex'],
  phone: ['手机号', 'phone', '手机', '手机号码', 'mobile', 'phonenumber'],
  class: ['班级', 'class', 'classname', '班级名称'],
  password: ['密码', 'password', '初始密码'],
};

/** A header cell compared loosely: case, spaces, dots, underscores, a required mark and a hint in brackets. */
function headerKey(cell: string): string {
  return cell
    .replace(/[(（][^)）]*[)）]/g, '')
    .replace(/[\s.*_\-:：]/g, '')
    .toLowerCase();
}

/** Which column holds which field; the required fields must all be there. */
export function columnsOf(header: string[]): ColumnMap {
  const map: ColumnMap = {};
  header.forEach((cell, i) => {
    const key = headerKey(cell);
    for (const [field, aliases] of Object.entries(headerAliases) as [
      StudentImportField,
      string[],
    ][]) {
      if (map[field] === undefined && aliases.includes(key)) map[field] = i;
    }
  });
  for (const c of studentImportColumns) {
    if (c.required && map[c.field] === undefined) throw new AppError('imports.bad_header');
  }
  return map;
}

const genderValues: Record<string, 1 | 2> = {
  男: 1,
  女: 2,
  male: 1,
  female: 2,
  m: 1,
  f: 2,
  '1': 1,
  '2': 2,
};

export interface Candidate {
  row: number;
  name: string;
  stuNo: string;
  sex: 1 | 2;
  phone: string | null;
  classId: string;
  password: string | null;
}

export type RowError = repo.StoredRowError;

/**
 * One row checked against the student rules (those of the student form: contract accounts.ts);
 * answers the student to create, or the row's errors.
 */
export function checkRow(
  r: SheetRow,
  cols: ColumnMap,
  classIds: Map<string, string[]>,
): { candidate: Candidate | null; errors: RowError[] } {
  const errors: RowError[] = [];
  const cell = (field: StudentImportField) => {
    const i = cols[field];
    return i === undefined ? '' : (r.cells[i] ?? '');
  };
  const fail = (field: StudentImportField, errorKey: MessageKey) =>
    errors.push({ row: r.row, field, errorKey, value: cell(field).slice(0, VALUE_MAX) });
  const required = (field: StudentImportField, ok: boolean, key: MessageKey) => {
    if (!cell(field)) fail(field, 'imports.required');
    else if (!ok) fail(field, key);
  };

  const name = cell('name');
  required('name', personNameSchema.safeParse(name).success, 'imports.name_invalid');
  const stuNo = cell('stuNo');
  required('stuNo', stuNoSchema.safeParse(stuNo).success, 'imports.stu_no_invalid');
  const sex = genderValues[cell('gender').toLowerCase()];
  required('gender', sex !== undefined, 'imports.gender_invalid');
  const phone = cell('phone');
  if (!optionalPhoneSchema.safeParse(phone).success) fail('phone', 'imports.phone_invalid');
  const className = cell('class');
  const ids = classIds.get(className) ?? [];
  if (!className) fail('class', 'imports.required');
  else if (ids.length === 0) fail('class', 'imports.class_not_found');
  else if (ids.length > 1) fail('class', 'imports.class_ambiguous');
  const password = cell('password');
  if (!optionalPasswordSchema.safeParse(password).success) {
    errors.push({ row: r.row, field: 'password', errorKey: 'imports.password_invalid', value: '' });
  } else if (password) {
    const refusal = passwordRefusal(password, { logins: [stuNo], name });
    if (refusal) {
      const errorKey =
        refusal === 'same_as_name' ? 'imports.password_personal' : 'imports.password_too_common';
      errors.push({ row: r.row, field: 'password', errorKey, value: '' });
    }
  }
  if (errors.length > 0) return { candidate: null, errors };
  return {
    candidate: {
      row: r.row,
      name,
      stuNo,
      sex: sex!,
      phone: phone || null,
      classId: ids[0]!,
      password: password || null,
    },
    errors,
  };
}
