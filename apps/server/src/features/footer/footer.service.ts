import {
  defaultFooterQrImages,
  footerApi,
  footerLimits,
  footerSaveSchema,
  localized,
  pathOf,
  type ContentLanguage,
  type FooterSettings,
  type FooterStored,
  type SiteFooter,
} from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { AppError, invalid } from '../../lib/errors';
import type { StoredUpload, UploadPlan } from '../../lib/store-upload';
import { newFileId } from '../courses/courses.files';
import { readSetting, settingOnce, writeSetting } from '../settings/settings.service';
import { defaultFooter } from './footer.defaults';

const FOOTER_KEY = 'site.footer';

/** Where a QR code image of the footer is stored. */
export const footerQrKey = (fileId: string) => `footer/${fileId}`;

const imageUrlOf = (fileId: string | null, index: number) =>
  fileId
    ? pathOf(footerApi.qrImage.path, { fileId })
    : (defaultFooterQrImages[index] ?? defaultFooterQrImages[0]);

/** Stores the default footer unless one is stored already. */
export async function seedFooter(db: AppContext['db']) {
  await settingOnce(db, FOOTER_KEY, defaultFooter);
}

export class FooterService {
  constructor(private readonly ctx: AppContext) {}

  /** The stored footer, or the default one when none (or none readable) is stored. */
  async stored(): Promise<FooterStored> {
    const parsed = footerSaveSchema.safeParse(await readSetting(this.ctx.db, FOOTER_KEY));
    return parsed.success ? parsed.data : defaultFooter;
  }

  async settings(): Promise<FooterSettings> {
    return present(await this.stored());
  }

  async site(lang: ContentLanguage): Promise<SiteFooter> {
    const f = await this.stored();
    return {
      links: f.links.map((l) => ({ title: localized(l.title, lang), url: l.url })),
      qqGroup: f.qqGroup,
      hotline: f.hotline,
      fax: f.fax,
      address: localized(f.address, lang),
      companyName: localized(f.companyName, lang),
      deviceModel: f.deviceModel,
      stockCode: f.stockCode,
      qrCodes: f.qrCodes.map((q, i) => ({
        imageUrl: imageUrlOf(q.fileId, i),
        caption: localized(q.caption, lang),
      })),
    };
  }

  /** Replaces the footer; each QR code's image must be one uploaded here. */
  async save(body: FooterStored): Promise<FooterSettings> {
    for (const [i, q] of body.qrCodes.entries()) {
      if (q.fileId && !(await this.ctx.storage.exists(footerQrKey(q.fileId))))
        throw invalid('settings.qr_not_found', { [`qrCodes.${i}.fileId`]: 'invalid_value' });
    }
    await writeSetting(this.ctx.db, FOOTER_KEY, body, this.ctx.now());
    return present(body);
  }

  /** Stores a QR code image: JPG or PNG by its content, at most 2 MB. */
  async upload(store: (plan: UploadPlan) => Promise<StoredUpload>) {
    const fileId = newFileId();
    const stored = await store({
      key: footerQrKey(fileId),
      kinds: ['image'],
      maxBytes: footerLimits.qrBytes,
      tooLarge: () => new AppError('settings.qr_too_large', { status: 413 }),
      refused: () => invalid('settings.qr_type', { file: 'invalid_format' }),
    });
    return {
      fileId,
      url: imageUrlOf(fileId, 0),
      size: stored.size,
      contentType: stored.contentType,
    };
  }
}

function present(f: FooterStored): FooterSettings {
  return {
    ...f,
    qrCodes: f.qrCodes.map((q, i) => ({ ...q, imageUrl: imageUrlOf(q.fileId, i) })),
  };
}
