import { useTranslation } from 'react-i18next';
import './light.css';

/** A light loading indicator (no antd), for lazy pages and the route guard. */
export function PageLoader({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`page-loader${fullPage ? ' page-loader--full' : ''}`} role="status">
      <span className="page-loader__spinner" aria-hidden="true" />
      <span>{t('app.loading')}</span>
    </div>
  );
}
