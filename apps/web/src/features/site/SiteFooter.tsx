import { useTranslation } from 'react-i18next';

/** The public site's footer. */
export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="home__footer">
      © {new Date().getFullYear()} {t('home.footer')}
    </footer>
  );
}
