import type { ReactNode } from 'react';
import './AntdProvider.css';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { useTranslation } from 'react-i18next';
import { limits } from '@platform/contract';

const theme = { token: { colorPrimary: limits.themeColor } };
// No space inserted between two Chinese characters ("确 定"): buttons keep their real names.
const button = { autoInsertSpace: false };
// The required mark is a hidden-from-readers element, not CSS text, so it stays out of the
// inputs' accessible names ("新密码", not "* 新密码").
const form = {
  requiredMark: (label: ReactNode, { required }: { required: boolean }) => (
    <>
      {required && (
        <span className="form-required-mark" aria-hidden="true">
          *
        </span>
      )}
      {label}
    </>
  ),
};

/** antd theme and locale (following the UI language), for the parts of the app that use antd. */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'en-US' ? enUS : zhCN;
  return (
    <ConfigProvider locale={locale} theme={theme} button={button} form={form}>
      {children}
    </ConfigProvider>
  );
}
