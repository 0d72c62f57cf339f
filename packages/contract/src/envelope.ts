import { z } from 'zod';

import { ResponseCode } from './codes';

export { ResponseCode, type ResponseCodeValue } from './codes';

export const fieldErrorsSchema = z.record(z.string(), z.string());

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.null().optional(),
  errorKey: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  requestId: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.literal(ResponseCode.OK),
    message: z.string(),
    data,
  });
}

export interface Envelope<T> {
  code: number;
  message: string;
  data?: T;
  errorKey?: string;
  fields?: Record<string, string>;
  requestId?: string;
}

const bigintMax = '9223372036854775807';

/** Whether decimal digits fit PostgreSQL's bigint, where ids are stored. */
export function fitsBigint(digits: string): boolean {
  const v = digits.replace(/^0+(?=\d)/, '');
  return v.length < bigintMax.length || (v.length === bigintMax.length && v <= bigintMax);
}

/** Decimal digits of an id; `fitsBigint` bounds the value. */
export const idPattern = /^\d{1,20}$/;

/** Snowflake ids travel as decimal strings. */
export const idSchema = z
  .string()
  .regex(idPattern, 'invalid_format')
  .refine(fitsBigint, 'invalid_value');
export type Id = z.infer<typeof idSchema>;

export const pageQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
/** The page a paged list asks for. */
export type PageQuery = z.infer<typeof pageQuerySchema>;
/** The filters of a paged list's query schema: what it takes besides the page. */
export type PageFilter<S extends z.ZodType> = Omit<z.infer<S>, keyof PageQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    records: z.array(item),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });
}
/** A page of records as `pageOf(item)` answers it. */
export interface Page<T> {
  records: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
