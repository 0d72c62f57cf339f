import { useTranslation } from 'react-i18next';
import { languages } from '@platform/contract';
import { changeLanguage, isLanguage } from '../i18n';
import './light.css';

/**
 * The language select (zh-CN / en-US). A native select: light enough for the sign-in page,
 * labelled 语言 / Language for assistive technology.
 */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const value = i18n.resolvedLanguage ?? i18n.language;
  return (
    <select
      className={`language-select${className ? ` ${className}` : ''}`}
      aria-label={t('language.label')}
      value={value}
      onChange={(event) => {
        const next = event.target.value;
        if (isLanguage(next)) void changeLanguage(next);
      }}
    >
      {languages.map((language) => (
        <option key={language} value={language}>
          {t(`language.${language}`)}
        </option>
      ))}
    </select>
  );
}
