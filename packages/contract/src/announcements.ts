import { z } from 'zod';
import { unstorableAt } from './fields';
import { announceTypes, type Announcement } from './site';

/*
 * The announcement's schemas, kept apart from `site.ts`, whose helpers the first page of every
 * visit loads for the overlay: schemas there would bring zod along.
 */

/** Global system announcement config (spec §3), as the public route answers it. */
export const announcementSchema = z.object({
  title: z.string(),
  content: z.string(),
  footer: z.string().nullable(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  announceType: z.enum(announceTypes),
}) satisfies z.ZodType<Announcement>;

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
