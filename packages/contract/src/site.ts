import { z } from 'zod';
import { unstorableAt } from './fields';

/** School/site info, as `GET /api-teaching/college/detail/{id}` answers. */
export const collegeDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  url: z.string(),
  clientLogo: z.string().nullable(),
  clientTitle: z.string().nullable(),
  favicon: z.string().nullable(),
  type: z.number().int().nullable(),
});
export type CollegeDetail = z.infer<typeof collegeDetailSchema>;

export const clientConfigQuerySchema = z.object({
  clientCode: z.string().trim().min(1, 'required').max(100, 'too_long'),
});

/** Site configuration of one application (client), `GET /openapi/api-user/client/config/list`. */
export const clientConfigSchema = z.object({
  clientCode: z.string(),
  name: z.string(),
  clientTitle: z.string(),
  clientLogo: z.string().nullable(),
  favicon: z.string().nullable(),
  logo: z.string().nullable(),
  url: z.string(),
  config: z.object({
    aiChatUrl: z.string().nullable(),
    aiAgentCode: z.string().nullable(),
    userCenterUrl: z.string().nullable(),
  }),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const announceTypes = ['always', 'once'] as const;

/** Global system announcement config (spec §3). */
export const announcementSchema = z.object({
  title: z.string(),
  content: z.string(),
  footer: z.string().nullable(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  announceType: z.enum(announceTypes),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** Whether an announcement should be visible now (strictly between start and end). */
export function announcementActive(a: Announcement | null | undefined, now: Date): boolean {
  if (!a || !a.content || !a.start || !a.end) return false;
  const start = Date.parse(a.start);
  const end = Date.parse(a.end);
  if (Number.isNaN(start) || Number.isNaN(end)) return false;
  const t = now.getTime();
  return t > start && t < end;
}

export function announcementRecord(a: Pick<Announcement, 'content' | 'start' | 'end'>): string {
  return JSON.stringify([a.content, a.start, a.end]);
}

/** Button-level permissions of the platform settings pages (announcement, footer). */
export const settingsPermissionKeys = ['announcement.edit', 'footer.edit'] as const;

export const announcementLimits = { titleMax: 50, footerMax: 200 } as const;
/** The title an announcement saved without one gets (spec §3). */
export const defaultAnnouncementTitle = '系统公告';

const storable = (v: string) => unstorableAt(v) < 0;

/** An instant as ISO 8601 text with a zone (`Z` or an offset). */
const announcementInstant = z
  .string('required')
  .min(1, 'required')
  .pipe(z.iso.datetime({ offset: true, error: 'invalid_format' }));

/**
 * Body of the announcement's save: the content is a rich-text document (decision 0029), which
 * the server sanitises and renders to the HTML the overlay shows. The end must come after the
 * start (`invalid_value` on `end`).
 */
export const announcementSaveSchema = z
  .object({
    title: z
      .string()
      .max(announcementLimits.titleMax, 'too_long')
      .refine(storable, 'invalid_characters')
      .optional()
      .transform((v) => v?.trim() || defaultAnnouncementTitle),
    content: z.looseObject({ type: z.literal('doc') }, 'required'),
    footer: z
      .string()
      .max(announcementLimits.footerMax, 'too_long')
      .refine(storable, 'invalid_characters')
      .nullish()
      .transform((v) => v?.trim() || null),
    start: announcementInstant,
    end: announcementInstant,
    announceType: z.enum(announceTypes, 'invalid_value'),
  })
  .check((ctx) => {
    const start = Date.parse(ctx.value.start);
    const end = Date.parse(ctx.value.end);
    if (end <= start)
      ctx.issues.push({
        code: 'custom',
        message: 'invalid_value',
        path: ['end'],
        input: undefined,
      });
  });
export type AnnouncementSave = z.input<typeof announcementSaveSchema>;

/** The announcement as its editor reads it: as shown, with the document it was rendered from. */
export const announcementEditSchema = announcementSchema.extend({
  /** null for an announcement stored as HTML only (before the editor existed). */
  contentDoc: z.record(z.string(), z.unknown()).nullable(),
});
export type AnnouncementEdit = z.infer<typeof announcementEditSchema>;
