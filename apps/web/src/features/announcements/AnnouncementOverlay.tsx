import { useMemo } from 'react';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits, type Announcement } from '@platform/contract';
import { sanitizeHtml } from '../../shared/sanitizeHtml';
import { AntdProvider } from '../../shared/ui/AntdProvider';

/** Announcement HTML is sanitised here even though the server sanitises it on write. */
export function sanitizeAnnouncementHtml(html: string): string {
  return sanitizeHtml(html);
}

export function AnnouncementOverlay({
  announcement,
  onClose,
}: {
  announcement: Announcement;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const html = useMemo(
    () => sanitizeAnnouncementHtml(announcement.content),
    [announcement.content],
  );
  return (
    <AntdProvider>
      <Modal
        open
        width={limits.dialogWidth}
        title={announcement.title || t('announcements.overlay.defaultTitle')}
        maskClosable={false}
        onCancel={onClose}
        footer={
          <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
            {announcement.footer && (
              <Typography.Text type="secondary" style={{ flex: 1, textAlign: 'left' }}>
                {announcement.footer}
              </Typography.Text>
            )}
            <Button type="primary" onClick={onClose} style={{ marginLeft: 'auto' }}>
              {t('announcements.overlay.close')}
            </Button>
          </div>
        }
      >
        <div className="announcement-content" dangerouslySetInnerHTML={{ __html: html }} />
      </Modal>
    </AntdProvider>
  );
}
