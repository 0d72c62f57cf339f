import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../auth/useSession';
import { SiteHeading } from './parts';

const tools = [
  { key: 'assistant', mark: 'AI' },
  { key: 'llm', mark: 'LLM' },
] as const;

/** /home/AITools: what the AI tools do and how to reach them once signed in. */
export function AiToolsPage() {
  const { t } = useTranslation();
  const signedIn = Boolean(useSession().token);
  return (
    <div className="site-page">
      <SiteHeading title={t('site.titles.aiTools')} intro={t('site.ai.intro')} />
      <ul className="site-tools">
        {tools.map(({ key, mark }) => (
          <li key={key} className="site-tool">
            <span className="site-tool__mark" aria-hidden="true">
              {mark}
            </span>
            <h2>{t(`site.ai.${key}Title`)}</h2>
            <p>{t(`site.ai.${key}Text`)}</p>
          </li>
        ))}
      </ul>
      {!signedIn && (
        <Link className="light-button" to="/login">
          {t('site.ai.signIn')}
        </Link>
      )}
    </div>
  );
}
