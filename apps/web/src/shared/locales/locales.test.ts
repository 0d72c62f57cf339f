import { describe, expect, it } from 'vitest';
import { zhCN } from './zh-CN';
import { enUS } from './en-US';
import { normalizeLanguage } from '../i18n';
import { featureTexts } from '../../features';

const zh = { ...zhCN, ...featureTexts('zh-CN') };
const en = { ...enUS, ...featureTexts('en-US') };

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    keys(v, prefix ? `${prefix}.${k}` : k),
  );
}

describe('locales', () => {
  it('have the same keys, none empty', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
    for (const locale of [zh, en]) {
      for (const key of keys(locale)) {
        const text = key
          .split('.')
          .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], locale);
        expect(text, key).not.toBe('');
      }
    }
  });

  it('map browser languages to ours', () => {
    expect(normalizeLanguage('zh')).toBe('zh-CN');
    expect(normalizeLanguage('zh-TW')).toBe('zh-CN');
    expect(normalizeLanguage('en')).toBe('en-US');
    expect(normalizeLanguage('en-GB')).toBe('en-US');
    expect(normalizeLanguage('fr-FR')).toBe('fr-FR');
  });
});
