import { z } from 'zod';
import { bilingualField, optionalBilingual } from './bilingual';
import { optionalText } from './fields';

/*
 * The site's footer (platform spec §1, management spec §2 "Footer"): one platform setting that
 * operators edit; the public site and the signed-in area read it in the reader's language.
 */

export const footerLimits = {
  linksMax: 8,
  linkTitleMax: 30,
  urlMax: 500,
  phoneMax: 30,
  deviceModelMax: 50,
  companyNameMax: 100,
  addressMax: 200,
  captionMax: 30,
  /** QR code images: JPG or PNG, checked by content. */
  qrBytes: 2 * 1024 * 1024,
} as const;

/** The stock code the footer shows until an operator sets another (spec §1). */
export const defaultStockCode = '000997';

/** Images shown for a QR code no operator has uploaded yet (served with the web app). */
export const defaultFooterQrImages = [
  '/footer/qr-official.svg',
  '/footer/qr-messaging.svg',
] as const;

/** A footer link leads to an http(s) address or a path of this site (`/…`, not `//…`). */
export function isFooterUrl(value: string): boolean {
  if (value.length === 0 || value.length > footerLimits.urlMax) return false;
  if (/[\s\p{Cc}\\]/u.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  return /^https?:\/\/[^/?#@]+([/?#].*)?$/i.test(value);
}

const footerUrl = z
  .string('required')
  .min(1, 'required')
  .max(footerLimits.urlMax, 'too_long')
  .refine(isFooterUrl, 'invalid_format');

const plain = (max: number) => optionalText(max).transform((v) => v ?? '');

/** The id of an uploaded QR code image (`null`: the default image). */
export const footerQrFileIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'invalid_format');

/** Body of the footer's save, and the setting as stored. */
export const footerSaveSchema = z.object({
  links: z
    .array(
      z.object({
        title: bilingualField(1, footerLimits.linkTitleMax),
        url: footerUrl,
      }),
      'invalid_format',
    )
    .max(footerLimits.linksMax, 'too_long'),
  qqGroup: plain(footerLimits.phoneMax),
  hotline: plain(footerLimits.phoneMax),
  fax: plain(footerLimits.phoneMax),
  address: optionalBilingual(footerLimits.addressMax).transform((v) => v ?? null),
  companyName: bilingualField(1, footerLimits.companyNameMax),
  deviceModel: plain(footerLimits.deviceModelMax),
  stockCode: z
    .string()
    .regex(/^(\d{6})?$/, 'invalid_format')
    .optional()
    .transform((v) => v || defaultStockCode),
  qrCodes: z
    .array(
      z.object({
        fileId: footerQrFileIdSchema.nullable(),
        caption: bilingualField(1, footerLimits.captionMax),
      }),
      'invalid_format',
    )
    .length(2, 'invalid_value'),
});
export type FooterSave = z.input<typeof footerSaveSchema>;
export type FooterStored = z.output<typeof footerSaveSchema>;

const bilingualOut = z.object({ zh: z.string().optional(), en: z.string().optional() });

/** The setting as its editor reads it, each QR code with the address of its image. */
export const footerSettingsSchema = z.object({
  links: z.array(z.object({ title: bilingualOut, url: z.string() })),
  qqGroup: z.string(),
  hotline: z.string(),
  fax: z.string(),
  address: bilingualOut.nullable(),
  companyName: bilingualOut,
  deviceModel: z.string(),
  stockCode: z.string(),
  qrCodes: z.array(
    z.object({ fileId: z.string().nullable(), caption: bilingualOut, imageUrl: z.string() }),
  ),
});
export type FooterSettings = z.infer<typeof footerSettingsSchema>;

/** The footer as the public site and the signed-in area show it, in the caller's language. */
export const siteFooterSchema = z.object({
  links: z.array(z.object({ title: z.string(), url: z.string() })),
  qqGroup: z.string(),
  hotline: z.string(),
  fax: z.string(),
  address: z.string(),
  companyName: z.string(),
  deviceModel: z.string(),
  stockCode: z.string(),
  qrCodes: z.array(z.object({ imageUrl: z.string(), caption: z.string() })),
});
export type SiteFooter = z.infer<typeof siteFooterSchema>;

export const footerQrUploadedSchema = z.object({
  fileId: z.string(),
  url: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type FooterQrUploaded = z.infer<typeof footerQrUploadedSchema>;

export const footerQrParamsSchema = z.object({ fileId: footerQrFileIdSchema });
