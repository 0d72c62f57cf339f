import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { setupTestEnvironment } from '../../test/helpers';
import { polyfillBrowser, renderWithProviders } from '../../test/render';
import { chooseOption } from '../../test/antd';
import { HeaderLanguage } from './HeaderLanguage';

setupTestEnvironment();
polyfillBrowser();

describe('header language switch', { timeout: 30_000 }, () => {
  it('is an antd select named 语言 that switches the app to English and back', async () => {
    renderWithProviders(<HeaderLanguage />);
    const box = screen.getByRole('combobox', { name: '语言' });
    expect(document.querySelector('.ant-select.header-language')).toBeTruthy();
    expect(document.querySelector('select')).toBeNull();
    await chooseOption(box, 'English');
    await waitFor(() => expect(i18n.language).toBe('en-US'));
    expect(document.cookie).toContain('language=en-US');
    const english = await screen.findByRole('combobox', { name: 'Language' });
    await chooseOption(english, '简体中文');
    await waitFor(() => expect(i18n.language).toBe('zh-CN'));
  });
});
