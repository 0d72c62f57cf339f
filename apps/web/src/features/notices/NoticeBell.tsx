import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import type { Notice } from '@platform/contract';
import { formatInstant } from '../../shared/dates';
import { areaPath, splitAreaPath } from '../../shared/permissions/menuRoutes';
import {
  clearNoticesMutationOptions,
  noticeTargets,
  readNoticeMutationOptions,
  unreadNoticesQueryOptions,
} from './api';
import './notices.css';

/** The badge shows up to 99. */
const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The header's notices: a bell with the unread count, asked every minute and when the window
 * gets the focus back; its panel lists the unread notices, a click marks one read and opens what
 * it is about, and "Clear all" marks them all read. Plain markup in the header's popover, so the
 * header loads nothing more of antd.
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { prefix } = splitAreaPath(useLocation().pathname);
  const [open, setOpen] = useState(false);
  const list = useQuery(unreadNoticesQueryOptions());
  const read = useMutation(readNoticeMutationOptions(client));
  const clear = useMutation(clearNoticesMutationOptions(client));
  const unread = list.data?.unread ?? 0;
  const items = list.data?.data ?? [];

  const openNotice = (notice: Notice) => {
    read.mutate(notice.id);
    setOpen(false);
    void navigate(
      `${areaPath(prefix, noticeTargets[notice.dynamicType])}?id=${encodeURIComponent(notice.dynamicId)}`,
    );
  };

  const panel = (
    <section className="notice-panel" aria-label={t('notices.title')}>
      <header className="notice-panel__head">
        <strong>{t('notices.title')}</strong>
        <button
          type="button"
          className="notice-panel__clear"
          disabled={items.length === 0 || clear.isPending}
          onClick={() => clear.mutate()}
        >
          {t('notices.clear')}
        </button>
      </header>
      {items.length === 0 ? (
        <p className="notice-panel__empty">{t('notices.empty')}</p>
      ) : (
        <ul className="notice-panel__list">
          {items.map((notice) => (
            <li key={notice.id}>
              <button type="button" className="notice-item" onClick={() => openNotice(notice)}>
                <span className="notice-item__type">
                  {t(`notices.types.${notice.dynamicType}`)}
                </span>
                <span className="notice-item__title">{notice.title}</span>
                <time className="notice-item__time" dateTime={notice.createdAt}>
                  {formatInstant(notice.createdAt)}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      content={panel}
      arrow={false}
    >
      <button
        type="button"
        className="notice-bell"
        aria-label={unread > 0 ? t('notices.bellUnread', { count: unread }) : t('notices.bell')}
        aria-haspopup="dialog"
        aria-expanded={open}
      >
        <BellOutlined aria-hidden="true" />
        {unread > 0 && (
          <span className="notice-bell__badge" aria-hidden="true">
            {badgeText(unread)}
          </span>
        )}
      </button>
    </Popover>
  );
}
