import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SiteFooter } from '@platform/contract';
import { footerQuery } from './api';
import { FooterLinks, FooterQrCodes, useContactLines, useFooterLanguage } from './FooterParts';
import './SignedInFooter.css';

/**
 * The signed-in area's footer (management spec §2): links, contact (QQ group, hotline, fax,
 * address), the two QR codes and the stock code, compact.
 */
export function SignedInFooterView({ footer }: { footer: SiteFooter }) {
  const { t } = useTranslation();
  const contact = useContactLines(footer);
  return (
    <footer className="app-footer" aria-label={t('footer.label')}>
      <div className="app-footer__text">
        <FooterLinks footer={footer} className="app-footer__links" />
        {contact.length > 0 && (
          <p className="app-footer__contact">
            <span className="app-footer__heading">{t('footer.contact')}</span>
            {contact.map((line) => (
              <span key={line.key}>
                {line.label}：{line.value}
              </span>
            ))}
          </p>
        )}
        <p className="app-footer__company">
          © {new Date().getFullYear()} {footer.companyName}
          {footer.stockCode && (
            <span>
              {t('footer.stockCode')} {footer.stockCode}
            </span>
          )}
        </p>
      </div>
      <FooterQrCodes footer={footer} className="app-footer__qr" size={64} />
    </footer>
  );
}

export function SignedInFooter() {
  const lang = useFooterLanguage();
  const { data } = useQuery(footerQuery(lang));
  return data ? <SignedInFooterView footer={data} /> : null;
}
