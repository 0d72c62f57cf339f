import { useTranslation } from 'react-i18next';
import { Select } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { languages } from '@platform/contract';
import { changeLanguage, isLanguage } from '../../shared/i18n';

/** The signed-in header's language switch: an antd select like the header's other controls. */
export function HeaderLanguage() {
  const { t, i18n } = useTranslation();
  return (
    <Select
      className="header-language"
      aria-label={t('language.label')}
      value={i18n.resolvedLanguage ?? i18n.language}
      variant="borderless"
      prefix={<GlobalOutlined aria-hidden="true" />}
      popupMatchSelectWidth={false}
      options={languages.map((language) => ({
        value: language,
        label: t(`language.${language}`),
      }))}
      onChange={(next: string) => {
        if (isLanguage(next)) void changeLanguage(next);
      }}
    />
  );
}
