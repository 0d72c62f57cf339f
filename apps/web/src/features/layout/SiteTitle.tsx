import { useTranslation } from 'react-i18next';
import { zhCN } from '../../shared/locales/zh-CN';

/**
 * The header's title: the school's name, else the site's configured name. The site's default
 * name is the platform's own, which is shown in the reader's language.
 */
export function SiteTitle({
  schoolName,
  siteName,
}: {
  schoolName?: string | null;
  siteName?: string | null;
}) {
  const { t } = useTranslation();
  if (schoolName) return <>{schoolName}</>;
  if (siteName && siteName !== zhCN.app.name) return <>{siteName}</>;
  return <>{t('app.name')}</>;
}
