import { z } from 'zod';
import {
  footerQrParamsSchema,
  footerQrUploadedSchema,
  footerSaveSchema,
  footerSettingsSchema,
  siteFooterSchema,
} from './footer';
import { footerPaths } from './footer.paths';
import { defineRoute } from './route';

const feature = 'footer';

/** The site's footer: read by everyone, edited by operators. */
export const footerApi = {
  get: /* @__PURE__ */ defineRoute({
    ...footerPaths.get,
    feature,
    summary:
      'The site footer in the caller’s language (Accept-Language), falling back to the other',
    response: siteFooterSchema,
    access: { who: 'public' },
  }),
  detail: /* @__PURE__ */ defineRoute({
    ...footerPaths.detail,
    feature,
    summary: 'The site footer for its editor, in both languages',
    response: footerSettingsSchema,
    access: { who: 'staff', permission: 'footer.edit' },
  }),
  save: /* @__PURE__ */ defineRoute({
    ...footerPaths.save,
    feature,
    summary: 'Replace the site footer; links lead to http(s) addresses or paths of the site',
    body: footerSaveSchema,
    response: footerSettingsSchema,
    access: { who: 'staff', permission: 'footer.edit' },
  }),
  qrUpload: /* @__PURE__ */ defineRoute({
    ...footerPaths.qrUpload,
    feature,
    summary: 'Upload a QR code image of the footer (JPG or PNG by content, at most 2 MB)',
    upload: { fields: /* @__PURE__ */ z.object({}), file: 'file' },
    response: footerQrUploadedSchema,
    access: { who: 'staff', permission: 'footer.edit' },
  }),
  qrImage: /* @__PURE__ */ defineRoute({
    ...footerPaths.qrImage,
    feature,
    summary: 'A QR code image of the footer, by its unguessable id',
    params: footerQrParamsSchema,
    response: 'file',
    access: { who: 'public' },
  }),
} as const;
