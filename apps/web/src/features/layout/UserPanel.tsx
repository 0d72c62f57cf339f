import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Avatar, Button, Popover } from 'antd';
import {
  GlobalOutlined,
  KeyOutlined,
  LinkOutlined,
  LogoutOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { displayName, type CurrentUser, type Language } from '@platform/contract';
import { changeLanguage } from '../../shared/i18n';
import { logoutMutationOptions } from '../auth/api';

/**
 * The user-center address: the configured host, else this app's own info page, in a new window
 * with the token in the query.
 */
export function userCenterHref(
  userCenterUrl: string | null,
  schUrl: string,
  token: string | null,
): string {
  const url = new URL(userCenterUrl || `/${schUrl}/personal/info`, window.location.origin);
  if (token) url.searchParams.set('token', token);
  return url.toString();
}

interface UserPanelProps {
  user: CurrentUser;
  schUrl: string;
  token: string | null;
  userCenterUrl: string | null;
  onChangePassword: () => void;
}

/** The avatar button and its popover: name and phone, user center, password, language, logout. */
export function UserPanel({
  user,
  schUrl,
  token,
  userCenterUrl,
  onChangePassword,
}: UserPanelProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const logout = useMutation(logoutMutationOptions());
  const name = displayName(user);
  const otherLanguage: Language = i18n.resolvedLanguage === 'en-US' ? 'zh-CN' : 'en-US';

  const content = (
    <div className="user-panel">
      <div className="user-panel__head">
        <span aria-hidden="true">
          <Avatar size={44} src={user.avatar || undefined} icon={<UserOutlined />} alt="" />
        </span>
        <div className="user-panel__who">
          <strong>{name}</strong>
          {user.phone && <span className="user-panel__phone">{user.phone}</span>}
        </div>
      </div>
      <ul className="user-panel__actions">
        <li>
          <a
            className="user-panel__action"
            href={userCenterHref(userCenterUrl, schUrl, token)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <LinkOutlined aria-hidden="true" />
            <span>{t('layout.userCenter')}</span>
          </a>
        </li>
        <li>
          <button
            type="button"
            className="user-panel__action"
            onClick={() => {
              setOpen(false);
              onChangePassword();
            }}
          >
            <KeyOutlined aria-hidden="true" />
            <span>{t('layout.changePassword')}</span>
          </button>
        </li>
        <li>
          <button
            type="button"
            className="user-panel__action"
            lang={otherLanguage}
            onClick={() => void changeLanguage(otherLanguage)}
          >
            <GlobalOutlined aria-hidden="true" />
            <span>{t(`language.${otherLanguage}`)}</span>
          </button>
        </li>
        <li>
          <Button
            type="text"
            danger
            block
            className="user-panel__logout"
            icon={<LogoutOutlined />}
            loading={logout.isPending}
            onClick={() => logout.mutate()}
          >
            {logout.isPending ? t('layout.loggingOut') : t('layout.logout')}
          </Button>
        </li>
      </ul>
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      content={content}
      arrow={false}
    >
      <button type="button" className="user-trigger" aria-haspopup="dialog" aria-expanded={open}>
        <span aria-hidden="true">
          <Avatar size={32} src={user.avatar || undefined} icon={<UserOutlined />} alt="" />
        </span>
        <span className="user-trigger__name">{name}</span>
      </button>
    </Popover>
  );
}
