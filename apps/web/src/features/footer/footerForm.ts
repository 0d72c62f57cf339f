import {
  defaultStockCode,
  localized,
  type ContentLanguage,
  type FooterSave,
  type FooterSettings,
  type SiteFooter,
} from '@platform/contract';

/** The form's values: the save's body, each QR code with the address of its image. */
export type FooterFormValues = Omit<FooterSave, 'qrCodes' | 'address'> & {
  address: { zh?: string; en?: string };
  qrCodes: { fileId: string | null; caption: { zh?: string; en?: string }; imageUrl: string }[];
};

export function footerValuesOf(s: FooterSettings): FooterFormValues {
  return {
    ...s,
    address: s.address ?? {},
    qrCodes: s.qrCodes.map((q) => ({ ...q })),
  };
}

/** The body of the save: the form's values without the images' addresses. */
export function footerBodyOf(v: FooterFormValues): FooterSave {
  return {
    links: (v.links ?? []).map((l) => ({
      title: { zh: l?.title?.zh ?? '', en: l?.title?.en ?? '' },
      url: l?.url ?? '',
    })),
    qqGroup: v.qqGroup ?? '',
    hotline: v.hotline ?? '',
    fax: v.fax ?? '',
    address: { zh: v.address?.zh ?? '', en: v.address?.en ?? '' },
    companyName: { zh: v.companyName?.zh ?? '', en: v.companyName?.en ?? '' },
    deviceModel: v.deviceModel ?? '',
    stockCode: v.stockCode ?? '',
    qrCodes: (v.qrCodes ?? []).map((q) => ({
      fileId: q?.fileId ?? null,
      caption: { zh: q?.caption?.zh ?? '', en: q?.caption?.en ?? '' },
    })),
  };
}

/** The footer as the site would show the form's values, in `lang`. */
export function previewOf(v: FooterFormValues, lang: ContentLanguage): SiteFooter {
  const text = (b: { zh?: string | undefined; en?: string | undefined } | undefined) =>
    localized(b ? { zh: b.zh?.trim(), en: b.en?.trim() } : null, lang);
  return {
    links: (v.links ?? []).filter((l) => l?.url).map((l) => ({ title: text(l.title), url: l.url })),
    qqGroup: v.qqGroup ?? '',
    hotline: v.hotline ?? '',
    fax: v.fax ?? '',
    address: text(v.address),
    companyName: text(v.companyName),
    deviceModel: v.deviceModel ?? '',
    stockCode: v.stockCode || defaultStockCode,
    qrCodes: (v.qrCodes ?? []).map((q) => ({
      imageUrl: q?.imageUrl ?? '',
      caption: text(q?.caption),
    })),
  };
}
