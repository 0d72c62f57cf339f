import { useTranslation } from 'react-i18next';
import { schoolTypeNames, schoolTypes, type Lang, type SchoolType } from '@platform/contract';
import { apiLanguage, isLanguage } from '../../shared/i18n';

/** Display helpers of the colleges screen: money, school types and times. */

/** The API language of the UI language in use. */
export function useLang(): { lang: Lang; language: string } {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return { lang: isLanguage(language) ? apiLanguage(language) : apiLanguage(), language };
}

export function schoolTypeName(type: number | null, lang: Lang): string {
  if (type === null) return '—';
  return (schoolTypes as readonly number[]).includes(type)
    ? schoolTypeNames[type as SchoolType][lang]
    : String(type);
}

export function schoolTypeOptions(lang: Lang): { value: SchoolType; label: string }[] {
  return schoolTypes.map((value) => ({ value, label: schoolTypeNames[value][lang] }));
}
