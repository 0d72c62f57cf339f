import { z } from 'zod';

export const orgMessages = {} as const satisfies Record<string, { zh: string; en: string }>;

/** A class as offered in selects (student forms, imports, filters). */
export const classOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  grade: z.string().nullable(),
  archived: z.boolean(),
});
export type ClassOption = z.infer<typeof classOptionSchema>;
