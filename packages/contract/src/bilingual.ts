import { z } from 'zod';
import { unstorableAt } from './fields';
import type { Bilingual } from './course-kinds';

const storable = (v: string) => unstorableAt(v) < 0;

/**
 * Bilingual text: each language present is trimmed-clean and within `min`–`max` characters, and at
 * least one language is present. Empty strings count as absent.
 */
export function bilingualField(min: number, max: number) {
  const one = z
    .string()
    .refine(storable, 'invalid_characters')
    .refine((v) => v === v.trim(), 'invalid_format')
    .refine((v) => v.length === 0 || v.length >= min, 'too_short')
    .refine((v) => v.length <= max, 'too_long')
    .optional();
  return z
    .object({ zh: one, en: one }, 'required')
    .transform(({ zh, en }): Bilingual => ({ ...(zh ? { zh } : {}), ...(en ? { en } : {}) }))
    .refine((v) => Boolean(v.zh || v.en), 'required');
}

/** Bilingual text that may be left out: both languages empty means none. */
export function optionalBilingual(max: number) {
  return z
    .object({ zh: z.string().optional(), en: z.string().optional() })
    .optional()
    .transform((v) => (v && (v.zh?.trim() || v.en?.trim()) ? v : undefined))
    .pipe(bilingualField(1, max).optional());
}
