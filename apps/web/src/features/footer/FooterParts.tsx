import { useTranslation } from 'react-i18next';
import type { Language, SiteFooter } from '@platform/contract';
import { addTexts } from '../../shared/i18n';
import { footerEn, footerZh } from './locales';

// The footer shows on the public site, which loads without the signed-in area's texts.
addTexts('zh-CN', { footer: footerZh });
addTexts('en-US', { footer: footerEn });

export function useFooterLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'en-US' ? 'en-US' : 'zh-CN';
}

const external = (url: string) => /^https?:/i.test(url);

/** The footer's links; addresses of other sites open in a new window. */
export function FooterLinks({ footer, className }: { footer: SiteFooter; className: string }) {
  const { t } = useTranslation();
  if (footer.links.length === 0) return null;
  return (
    <nav className={className} aria-label={t('footer.links')}>
      {footer.links.map((link, i) => (
        <a
          key={`${i}-${link.url}`}
          href={link.url}
          {...(external(link.url) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {link.title}
        </a>
      ))}
    </nav>
  );
}

/** The contact lines that have a value: label and value. */
export function useContactLines(footer: SiteFooter) {
  const { t } = useTranslation();
  return [
    { key: 'hotline', label: t('footer.hotline'), value: footer.hotline },
    { key: 'qqGroup', label: t('footer.qqGroup'), value: footer.qqGroup },
    { key: 'fax', label: t('footer.fax'), value: footer.fax },
    { key: 'address', label: t('footer.address'), value: footer.address },
  ].filter((line) => line.value);
}

/** The two QR codes with their captions. */
export function FooterQrCodes({
  footer,
  className,
  size,
}: {
  footer: SiteFooter;
  className: string;
  size: number;
}) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      {footer.qrCodes.map((qr, i) => (
        <li key={i}>
          <img
            src={qr.imageUrl}
            alt={t('footer.qrAlt', { caption: qr.caption })}
            width={size}
            height={size}
            loading="lazy"
          />
          <span>{qr.caption}</span>
        </li>
      ))}
    </ul>
  );
}
