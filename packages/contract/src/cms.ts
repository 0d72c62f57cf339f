import { z } from 'zod';
import { idSchema, pageQuerySchema } from './envelope';
import { maxInteger, optionalText, textField } from './fields';
import { bilingualField, optionalBilingual } from './bilingual';
import { bilingualDocSchema } from './courses';

/* Portal content (management spec §2–§5, §7): catalogues, attributes, templates, articles and
 * notices. What the public site reads is always published (catalogues also displayed). */

/** The seven kinds of catalogue attribute (management spec §3), as seeded attribute codes. */
export const catalogAttributeKinds = [
  'navigate',
  'industry_case',
  'subject_level',
  'career_planning',
  'navigate_carousel',
  'experiment_component',
  'speciality_construction',
] as const;

export const catalogTypes = ['catalog', 'link'] as const;
export type CatalogType = (typeof catalogTypes)[number];
export const templateCategories = ['column', 'content'] as const;
export type TemplateCategory = (typeof templateCategories)[number];

export const cmsLimits = {
  nameMax: 50,
  titleMax: 100,
  codeMax: 50,
  pathMax: 200,
  linkMax: 500,
  categoryMax: 30,
  /** Spec §5: summary 1 to 244. */
  summaryMax: 244,
  authorMax: 50,
  /** Spec §5: announcement source 1 to 20. */
  sourceMax: 20,
  descriptionMax: 300,
  footerMax: 200,
  /** Spec §5/§9: images JPG or PNG, at most 5 MB. */
  imageBytes: 5 * 1024 * 1024,
} as const;

/** A publish or display flag as the wire carries it: 1 yes, 0 no. */
export const flagSchema = z.union([z.literal(0), z.literal(1)], 'invalid_value');
export type Flag = z.output<typeof flagSchema>;
const flagQuery = z.coerce
  .number('invalid_value')
  .refine((v) => v === 0 || v === 1, 'invalid_value')
  .optional();

const codePattern = /^[a-z][a-z0-9_-]*$/;
/** An uploaded image of the portal (`cms/file/upload` answers its id). */
export const cmsFileIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'invalid_format');
const optionalFileId = cmsFileIdSchema.nullish();
const sortSchema = z.coerce
  .number('required')
  .int('invalid_value')
  .min(0, 'invalid_value')
  .max(maxInteger, 'above_limit');
/** A link: an http(s) address or a path of the site. */
const linkPattern = /^(https?:\/\/[^\s]+|\/[^\s]*)$/i;

export const cmsPermissionKeys = ['cms.view', 'cms.edit', 'cms.publish'] as const;

/* Attributes ------------------------------------------------------------------------------------ */

export const attributeSaveSchema = z.object({
  id: idSchema.optional(),
  name: bilingualField(1, cmsLimits.nameMax),
  code: textField(1, cmsLimits.codeMax).refine((v) => codePattern.test(v), 'invalid_format'),
});
export type AttributeSave = z.input<typeof attributeSaveSchema>;
export const attributeSchema = z.object({
  id: z.string(),
  name: z.object({ zh: z.string().optional(), en: z.string().optional() }),
  code: z.string(),
  updatedAt: z.string(),
});
export type CmsAttribute = z.output<typeof attributeSchema>;
export const attributePageQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  name: z.string().trim().max(cmsLimits.nameMax, 'too_long').optional(),
});

/* Templates ------------------------------------------------------------------------------------- */

export const templateSaveSchema = z.object({
  id: idSchema.optional(),
  name: textField(1, cmsLimits.nameMax),
  category: z.enum(templateCategories, 'required'),
  path: textField(1, cmsLimits.pathMax).refine((v) => /^\/[\w./-]*$/.test(v), 'invalid_format'),
});
export type TemplateSave = z.input<typeof templateSaveSchema>;
export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(templateCategories),
  path: z.string(),
  updatedAt: z.string(),
});
export type CmsTemplate = z.output<typeof templateSchema>;
export const templatePageQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  name: z.string().trim().max(cmsLimits.nameMax, 'too_long').optional(),
  category: z.enum(templateCategories, 'invalid_value').optional(),
});

/* Catalogues ------------------------------------------------------------------------------------ */

export const catalogSaveSchema = z
  .object({
    id: idSchema.optional(),
    name: bilingualField(1, cmsLimits.nameMax),
    category: optionalText(cmsLimits.categoryMax),
    type: z.enum(catalogTypes, 'required'),
    link: optionalText(cmsLimits.linkMax).refine(
      (v) => !v || linkPattern.test(v),
      'invalid_format',
    ),
    attributeCode: optionalText(cmsLimits.codeMax),
    templateId: idSchema.nullish(),
    image: optionalFileId,
    sortNumber: sortSchema,
    isPublish: flagSchema.default(0),
    isDisplay: flagSchema.default(1),
    parentId: idSchema.nullish(),
    description: optionalBilingual(cmsLimits.descriptionMax),
  })
  .check((ctx) => {
    if (ctx.value.type === 'link' && !ctx.value.link)
      ctx.issues.push({ code: 'custom', message: 'required', path: ['link'], input: undefined });
  });
export type CatalogSave = z.input<typeof catalogSaveSchema>;

const bilingualOut = z.object({ zh: z.string().optional(), en: z.string().optional() });
const docOut = z.record(z.string(), z.unknown());
/** Stored rich text per language, as answered. */
const bilingualDocOut = z.object({ zh: docOut.optional(), en: docOut.optional() });

export const catalogSchema = z.object({
  id: z.string(),
  name: bilingualOut,
  category: z.string(),
  type: z.enum(catalogTypes),
  link: z.string(),
  attributeCode: z.string().nullable(),
  templateId: z.string().nullable(),
  templateName: z.string().nullable(),
  image: z.string().nullable(),
  imageUrl: z.string().nullable(),
  sortNumber: z.number().int(),
  isPublish: flagSchema,
  isDisplay: flagSchema,
  parentId: z.string().nullable(),
  description: bilingualOut,
  updatedAt: z.string(),
});
export type CmsCatalog = z.output<typeof catalogSchema>;
export const catalogPageQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  name: z.string().trim().max(cmsLimits.nameMax, 'too_long').optional(),
  parentId: idSchema.optional(),
  attributeCode: z.string().trim().max(cmsLimits.codeMax, 'too_long').optional(),
  isPublish: flagQuery,
});
export const publishSchema = z.object({ id: idSchema, isPublish: flagSchema });
export type PublishBody = z.input<typeof publishSchema>;

/* Articles -------------------------------------------------------------------------------------- */

export const articleSaveSchema = z.object({
  id: idSchema.optional(),
  title: bilingualField(1, cmsLimits.titleMax),
  catalogId: z.string('required').min(1, 'required').pipe(idSchema),
  summary: bilingualField(1, cmsLimits.summaryMax),
  author: textField(1, cmsLimits.authorMax),
  cover: optionalFileId,
  content: bilingualDocSchema.refine((d) => Boolean(d.zh || d.en), 'required'),
  isDisplay: flagSchema.default(1),
});
export type ArticleSave = z.input<typeof articleSaveSchema>;
export const articleSummarySchema = z.object({
  id: z.string(),
  title: bilingualOut,
  catalogId: z.string(),
  catalogName: bilingualOut,
  summary: bilingualOut,
  author: z.string(),
  cover: z.string().nullable(),
  coverUrl: z.string().nullable(),
  readings: z.number().int(),
  isPublish: flagSchema,
  isDisplay: flagSchema,
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type ArticleSummary = z.output<typeof articleSummarySchema>;
export const articleSchema = articleSummarySchema.extend({ content: bilingualDocOut });
export type CmsArticle = z.output<typeof articleSchema>;
export const articlePageQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  title: z.string().trim().max(cmsLimits.titleMax, 'too_long').optional(),
  catalogId: idSchema.optional(),
  isPublish: flagQuery,
});

/* Notices --------------------------------------------------------------------------------------- */

export const cmsNoticeSaveSchema = z.object({
  id: idSchema.optional(),
  title: bilingualField(1, cmsLimits.titleMax),
  source: textField(1, cmsLimits.sourceMax),
  description: optionalBilingual(cmsLimits.descriptionMax),
  content: bilingualDocSchema.optional(),
});
export type CmsNoticeSave = z.input<typeof cmsNoticeSaveSchema>;
export const cmsNoticeSummarySchema = z.object({
  id: z.string(),
  title: bilingualOut,
  source: z.string(),
  description: bilingualOut,
  isPublish: flagSchema,
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type CmsNoticeSummary = z.output<typeof cmsNoticeSummarySchema>;
export const cmsNoticeSchema = cmsNoticeSummarySchema.extend({
  content: bilingualDocOut.nullable(),
});
export type CmsNotice = z.output<typeof cmsNoticeSchema>;
export const cmsNoticePageQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  title: z.string().trim().max(cmsLimits.titleMax, 'too_long').optional(),
  isPublish: flagQuery,
});

/* Uploads --------------------------------------------------------------------------------------- */

export const cmsImageUploadedSchema = z.object({
  fileId: z.string(),
  url: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type CmsImageUploaded = z.output<typeof cmsImageUploadedSchema>;

/* The public site ------------------------------------------------------------------------------- */

/** Spec §7: queries carry isPublish=1 (and isDisplay=1); the server applies them whatever is sent. */
const onlyOne = z.coerce
  .number('invalid_value')
  .refine((v) => v === 1, 'invalid_value')
  .optional();

export const frontCatalogsQuerySchema = z.object({
  isPublish: onlyOne,
  isDisplay: onlyOne,
  attributeCode: z.string().trim().max(cmsLimits.codeMax, 'too_long').optional(),
  parentId: idSchema.optional(),
  name: z.string().trim().max(cmsLimits.nameMax, 'too_long').optional(),
});
export type FrontCatalogsQuery = z.input<typeof frontCatalogsQuerySchema>;

/** A published, displayed catalogue as the site reads it, name and description in the reader's language. */
export const frontCatalogSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(catalogTypes),
    link: z.string(),
    attributeCode: z.string().nullable(),
    imageUrl: z.string().nullable(),
    sortNumber: z.number().int(),
    parentId: z.string().nullable(),
    description: z.string(),
    templateContent: z.object({ path: z.string() }).nullable(),
    /** Whether the catalogue leads somewhere: published articles, or a link. */
    isExistContent: z.boolean(),
    get subCatalogs(): z.ZodArray<typeof frontCatalogSchema> {
      return z.array(frontCatalogSchema);
    },
  })
  .meta({ id: 'FrontCatalog' });
export type FrontCatalog = z.output<typeof frontCatalogSchema>;

export const frontArticlePageQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  isPublish: onlyOne,
  catalogId: idSchema.optional(),
  title: z.string().trim().max(cmsLimits.titleMax, 'too_long').optional(),
});
export type FrontArticlePageQuery = z.input<typeof frontArticlePageQuerySchema>;
export const frontArticleSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  catalogId: z.string(),
  catalogName: z.string(),
  summary: z.string(),
  author: z.string(),
  coverUrl: z.string().nullable(),
  readings: z.number().int(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type FrontArticleSummary = z.output<typeof frontArticleSummarySchema>;
export const frontArticleSchema = frontArticleSummarySchema.extend({
  /** The reader's language of the content, else the other one: a rich-text document. */
  content: z.record(z.string(), z.unknown()).nullable(),
});
export type FrontArticle = z.output<typeof frontArticleSchema>;

export const frontNoticePageQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  isPublish: onlyOne,
  title: z.string().trim().max(cmsLimits.titleMax, 'too_long').optional(),
});
export type FrontNoticePageQuery = z.input<typeof frontNoticePageQuerySchema>;
export const frontNoticeSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  source: z.string(),
  description: z.string(),
  publishedAt: z.string().nullable(),
});
export type FrontNoticeSummary = z.output<typeof frontNoticeSummarySchema>;
export const frontNoticeSchema = frontNoticeSummarySchema.extend({
  content: z.record(z.string(), z.unknown()).nullable(),
});
export type FrontNotice = z.output<typeof frontNoticeSchema>;
export const cmsIdParamsSchema = z.object({ id: idSchema });
