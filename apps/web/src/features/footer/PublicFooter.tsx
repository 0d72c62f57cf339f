import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SiteFooter } from '@platform/contract';
import { footerQuery } from './api';
import { FooterLinks, FooterQrCodes, useContactLines, useFooterLanguage } from './FooterParts';
import './PublicFooter.css';

const emptyFooter: SiteFooter = {
  links: [],
  qqGroup: '',
  hotline: '',
  fax: '',
  address: '',
  companyName: '',
  deviceModel: '',
  stockCode: '',
  qrCodes: [],
};

/**
 * The public site's footer (spec §1): 260 px high, content at most 1200 px wide, a 40 px bottom
 * strip; company, hotline, stock code, device model, links and two QR codes. Light: no antd.
 */
export function PublicFooterView({ footer }: { footer: SiteFooter | undefined }) {
  const { t } = useTranslation();
  const contact = useContactLines(footer ?? emptyFooter);
  return (
    <footer className="public-footer" aria-label={t('footer.label')}>
      <div className="public-footer__main">
        {footer && (
          <>
            <div className="public-footer__company">
              <p className="public-footer__name">{footer.companyName}</p>
              {footer.hotline && (
                <p className="public-footer__hotline">
                  {t('footer.hotline')}
                  <a href={`tel:${footer.hotline.replace(/[^\d+]/g, '')}`}>{footer.hotline}</a>
                </p>
              )}
              <FooterLinks footer={footer} className="public-footer__links" />
            </div>
            <dl className="public-footer__contact">
              {contact
                .filter((line) => line.key !== 'hotline')
                .map((line) => (
                  <div key={line.key}>
                    <dt>{line.label}</dt>
                    <dd>{line.value}</dd>
                  </div>
                ))}
              {footer.deviceModel && (
                <div>
                  <dt>{t('footer.deviceModel')}</dt>
                  <dd>{footer.deviceModel}</dd>
                </div>
              )}
            </dl>
            <FooterQrCodes footer={footer} className="public-footer__qr" size={96} />
          </>
        )}
      </div>
      <div className="public-footer__strip">
        <p>
          © {new Date().getFullYear()} {footer?.companyName ?? t('app.name')}
          {footer?.stockCode && (
            <span className="public-footer__stock">
              {t('footer.stockCode')} {footer.stockCode}
            </span>
          )}
        </p>
      </div>
    </footer>
  );
}

export function PublicFooter() {
  const lang = useFooterLanguage();
  const { data } = useQuery(footerQuery(lang));
  return <PublicFooterView footer={data} />;
}
