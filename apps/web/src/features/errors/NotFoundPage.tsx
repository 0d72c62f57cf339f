import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../../shared/ui/light.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="status-page status-page--full">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="status-page__title">{t('notFound.title')}</h1>
      <p className="status-page__text">{t('notFound.description')}</p>
      <Link className="light-button" to="/">
        {t('app.backHome')}
      </Link>
    </main>
  );
}
