import { z } from 'zod';

/** School types of management spec §3/§9, by code. */
export const schoolTypes = [1, 2, 3, 4, 5] as const;
export type SchoolType = (typeof schoolTypes)[number];
export const schoolTypeNames: Record<SchoolType, { zh: string; en: string }> = {
  1: { zh: '本科院校', en: 'Undergraduate college' },
  2: { zh: '高职院校', en: 'Higher vocational college' },
  3: { zh: '独立学院', en: 'Independent college' },
  4: { zh: '其他', en: 'Other' },
  5: { zh: '中职院校', en: 'Secondary vocational school' },
};

/** The root of the region dictionary: `childByPid` without a pid lists its provinces. */
export const rootRegionId = '100000';

/** A region of the dictionary, as `childByPid` answers. */
export const regionSchema = z.object({
  id: z.string(),
  pid: z.string(),
  name: z.string(),
  hasChildren: z.boolean(),
});
export type Region = z.infer<typeof regionSchema>;

/** A school as offered in selects. */
export const collegeOptionSchema = z.object({ id: z.string(), name: z.string() });
export type CollegeOption = z.infer<typeof collegeOptionSchema>;

export const collegeMessages = {} as const satisfies Record<string, { zh: string; en: string }>;
