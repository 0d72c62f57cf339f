import { describe, expect, it } from 'vitest';
import { deviceTypes } from '@platform/contract';
import { createTranslator, deviceTypeKey, labDictionaries, pickLanguage } from './i18n';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('lab page texts', () => {
  it('have the same keys and the same placeholders in both languages, none empty', () => {
    const zh = labDictionaries['zh-CN'];
    const en = labDictionaries['en-US'];
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(zh[key].trim(), key).not.toBe('');
      expect(en[key].trim(), key).not.toBe('');
      expect(placeholders(zh[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it('name every device type of the contract in both languages', () => {
    for (const type of deviceTypes) {
      const key = deviceTypeKey(type);
      expect(labDictionaries['zh-CN'][key]).toBeTruthy();
      expect(labDictionaries['en-US'][key]).toBeTruthy();
    }
  });

  it('carry the spec wording for the network and startup notices', () => {
    expect(createTranslator('en-US')('notice.startupTimeout')).toBe(
      'Terminal startup timeout, wait or contact administrator',
    );
    expect(createTranslator('en-US')('notice.network')).toMatch(/^Network exception, disconnected/);
    expect(createTranslator('zh-CN')('notice.network')).toContain('网络异常');
  });

  it('fill in values and leave unknown placeholders alone', () => {
    const t = createTranslator('en-US');
    expect(t('page.terminalTitle', { name: 'Linux 101' })).toBe('Linux 101 · Terminal');
    expect(t('panel.updatedAt', {})).toBe('Updated {time}');
    expect(createTranslator('zh-CN')('panel.trend', { count: 30 })).toBe('最近 30 个值');
  });
});

describe('pickLanguage', () => {
  it("takes the lab's language first, then the browser's, then Chinese", () => {
    expect(pickLanguage('en-US', ['zh-CN'])).toBe('en-US');
    expect(pickLanguage('zh-CN', ['en-GB'])).toBe('zh-CN');
    expect(pickLanguage(null, ['fr-FR', 'en-GB'])).toBe('en-US');
    expect(pickLanguage(undefined, ['zh-TW'])).toBe('zh-CN');
    expect(pickLanguage('de', ['fr'])).toBe('zh-CN');
  });
});
