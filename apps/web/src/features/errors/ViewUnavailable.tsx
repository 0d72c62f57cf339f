import { useTranslation } from 'react-i18next';
import '../../shared/ui/light.css';

/** Shown for menu entries whose view this app does not have yet. */
export function ViewUnavailable() {
  const { t } = useTranslation();
  return (
    <section className="status-page">
      <svg width="64" height="64" viewBox="0 0 64 64" aria-hidden="true">
        <rect
          x="8"
          y="12"
          width="48"
          height="36"
          rx="4"
          fill="#e8f0ff"
          stroke="#1664ff"
          strokeWidth="2"
        />
        <path d="M20 56h24M32 48v8" stroke="#1664ff" strokeWidth="2" strokeLinecap="round" />
        <path d="M26 26l12 12M38 26L26 38" stroke="#1664ff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <h1 className="status-page__title">{t('unavailable.title')}</h1>
      <p className="status-page__text">{t('unavailable.description')}</p>
    </section>
  );
}
