import {
  collegeImportColumns,
  collegeLimits,
  fieldErrorMessages,
  formatMessage,
  isMessageKey,
  nonNegativeIntSchema,
  schoolTypeNames,
  schoolTypes,
  schoolUrlSchema,
  textField,
  type CollegeImportError,
  type CollegeImportField,
  type FieldErrorCode,
  type Lang,
  type SchoolType,
} from '@platform/contract';
import type { ZodType } from 'zod';
import type { RegionRow } from '../regions/regions.service';

/** Reading the rows of a school import: columns by header, values checked and resolved. */

export type ColumnIndex = Partial<Record<CollegeImportField, number>>;

const headerKey = (s: string) => s.trim().toLowerCase();

/**
 * Where each field's column is: a header cell matches by the Chinese or the English name, also
 * both joined as `学校名称/name`. Answers the index and the required columns that are missing.
 */
export function columnsOf(header: string[]): { index: ColumnIndex; missing: CollegeImportField[] } {
  const index: ColumnIndex = {};
  header.forEach((cell, i) => {
    const parts = cell.split('/').map(headerKey);
    const column = collegeImportColumns.find(
      (c) => parts.includes(headerKey(c.zh)) || parts.includes(headerKey(c.en)),
    );
    if (column && index[column.field] === undefined) index[column.field] = i;
  });
  const missing = collegeImportColumns
    .filter((c) => c.required && index[c.field] === undefined)
    .map((c) => c.field);
  return { index, missing };
}

/** A region by its code, its full name, or a unique start of its name (广东 for 广东省). */
function matchRegion(candidates: readonly RegionRow[], input: string): RegionRow | null {
  const lower = input.toLowerCase();
  const exact = candidates.find(
    (c) => c.id === input || c.name === input || c.nameEn.toLowerCase() === lower,
  );
  if (exact) return exact;
  if (input.length < 2) return null;
  const started = candidates.filter(
    (c) => c.name.startsWith(input) || c.nameEn.toLowerCase().startsWith(lower),
  );
  return started.length === 1 ? started[0]! : null;
}

export class RegionMatcher {
  private readonly byParent = new Map<string, RegionRow[]>();

  constructor(
    rows: readonly RegionRow[],
    private readonly rootId: string,
  ) {
    for (const row of rows) {
      const list = this.byParent.get(row.pid) ?? [];
      list.push(row);
      this.byParent.set(row.pid, list);
    }
  }

  province(input: string): RegionRow | null {
    return matchRegion(this.byParent.get(this.rootId) ?? [], input);
  }

  city(provinceId: string, input: string): RegionRow | null {
    return matchRegion(this.byParent.get(provinceId) ?? [], input);
  }
}

/** A school type by its code, or its Chinese or English name. */
export function parseSchoolType(input: string): SchoolType | null {
  const code = Number(input);
  if ((schoolTypes as readonly number[]).includes(code)) return code as SchoolType;
  const lower = input.toLowerCase();
  const found = schoolTypes.find(
    (t) => schoolTypeNames[t].zh === input || schoolTypeNames[t].en.toLowerCase() === lower,
  );
  return found ?? null;
}

export interface ImportedCollege {
  row: number;
  name: string;
  url: string;
  type: SchoolType;
  province: string;
  city: string | null;
  address: string;
  maxStudents: number;
}

type RowError = Omit<CollegeImportError, 'message'>;

const nameSchema = textField(collegeLimits.nameMin, collegeLimits.nameMax);
const addressSchema = textField(collegeLimits.addressMin, collegeLimits.addressMax);

function codeOf(schema: ZodType, value: string): FieldErrorCode | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message as FieldErrorCode);
}

/** One data row: the school it describes, or the errors of its cells. */
export function readRow(
  cells: string[],
  row: number,
  index: ColumnIndex,
  regions: RegionMatcher,
): { college: ImportedCollege | null; errors: RowError[] } {
  const errors: RowError[] = [];
  const cell = (field: CollegeImportField) => {
    const at = index[field];
    return at === undefined ? '' : (cells[at] ?? '').trim();
  };
  const fail = (field: CollegeImportField, errorKey: string) =>
    errors.push({ row, field, value: cell(field), errorKey });

  const name = cell('name');
  const nameError = codeOf(nameSchema, name);
  if (nameError) fail('name', nameError);

  const url = cell('url').toLowerCase();
  const urlError = codeOf(schoolUrlSchema, url);
  if (urlError) fail('url', urlError);

  const typeText = cell('type');
  const type = typeText ? parseSchoolType(typeText) : null;
  if (!typeText) fail('type', 'required');
  else if (type === null) fail('type', 'colleges.type_unknown');

  const provinceText = cell('province');
  const province = provinceText ? regions.province(provinceText) : null;
  if (!provinceText) fail('province', 'required');
  else if (!province) fail('province', 'colleges.province_unknown');

  const cityText = cell('city');
  const city = cityText && province ? regions.city(province.id, cityText) : null;
  if (cityText && province && !city) fail('city', 'colleges.city_unknown');

  const address = cell('address');
  const addressError = address ? codeOf(addressSchema, address) : null;
  if (addressError) fail('address', addressError);

  const maxText = cell('maxStudents');
  const max = maxText ? nonNegativeIntSchema.safeParse(maxText) : null;
  if (max && !max.success) fail('maxStudents', max.error.issues[0]?.message ?? 'invalid_value');

  if (errors.length > 0 || type === null || !province) return { college: null, errors };
  return {
    college: {
      row,
      name,
      url,
      type,
      province: province.id,
      city: city?.id ?? null,
      address,
      maxStudents: max?.success ? max.data : 0,
    },
    errors,
  };
}

/** The text of a row error's key in the caller's language. */
export function importErrorMessage(errorKey: string, lang: Lang): string {
  if (isMessageKey(errorKey)) return formatMessage(errorKey, lang);
  const code = (errorKey in fieldErrorMessages ? errorKey : 'invalid_value') as FieldErrorCode;
  return fieldErrorMessages[code][lang];
}
