import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { languages, storageKeys, type Lang, type Language } from '@platform/contract';
import { zhCN } from './locales/zh-CN';
import { enUS } from './locales/en-US';

export const defaultLanguage: Language = 'zh-CN';

/** Maps a browser or stored language tag to one of ours; other tags are left for i18next to skip. */
export function normalizeLanguage(tag: string): string {
  const lower = tag.toLowerCase();
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower.startsWith('en')) return 'en-US';
  return tag;
}

export function isLanguage(value: string): value is Language {
  return (languages as readonly string[]).includes(value);
}

const oneYearInMinutes = 60 * 24 * 365;

/** Initialises i18next: cookie `language` first, then the browser language, else zh-CN. */
export function initI18n(): typeof i18n {
  if (i18n.isInitialized) return i18n;
  void i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
      supportedLngs: languages,
      fallbackLng: defaultLanguage,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      detection: {
        order: ['cookie', 'navigator'],
        lookupCookie: storageKeys.language,
        caches: ['cookie'],
        cookieMinutes: oneYearInMinutes,
        cookieOptions: { path: '/', sameSite: 'lax' },
        convertDetectedLanguage: normalizeLanguage,
      },
      react: { useSuspense: false },
    });
  const syncDocument = (lng: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  };
  syncDocument(currentLanguage());
  i18n.on('languageChanged', syncDocument);
  return i18n;
}

/**
 * Adds texts under their top-level keys to a language (the signed-in features bring theirs with
 * their area; the texts' type is declared with the features in `features/index.ts`).
 */
export function addTexts(language: Language, texts: Record<string, object>): void {
  initI18n().addResourceBundle(language, 'translation', texts, true, true);
}

/** The active UI language (zh-CN or en-US). */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return lng && isLanguage(lng) ? lng : defaultLanguage;
}

/** The language code the API expects in Accept-Language and the contract's messages use. */
export function apiLanguage(language: Language = currentLanguage()): Lang {
  return language === 'en-US' ? 'en' : 'zh';
}

/** Switches the UI language; the detector stores it in the `language` cookie. */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}

export { i18n };
