import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spin, Tooltip } from 'antd';
import { CloseOutlined, RobotOutlined } from '@ant-design/icons';

/** The chat frame address: the configured chat url with agentCode, token and viewmode=headless. */
export function aiChatSrc(chatUrl: string, agentCode: string | null, token: string | null): string {
  const url = new URL(chatUrl, window.location.origin);
  if (agentCode) url.searchParams.set('agentCode', agentCode);
  if (token) url.searchParams.set('token', token);
  url.searchParams.set('viewmode', 'headless');
  return url.toString();
}

interface AiHelperProps {
  chatUrl: string;
  agentCode: string | null;
  token: string | null;
}

/** The header's AI helper: a button toggling a side panel with the chat frame. */
export function AiHelper({ chatUrl, agentCode, token }: AiHelperProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The frame is created on first open and then kept, so the chat survives closing the panel.
  const [mounted, setMounted] = useState(false);
  const src = aiChatSrc(chatUrl, agentCode, token);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const loading = loadedSrc !== src;

  return (
    <>
      <Tooltip title={t('layout.aiHelper')}>
        <Button
          type={open ? 'primary' : 'text'}
          shape="circle"
          icon={<RobotOutlined />}
          aria-label={t('layout.aiHelper')}
          aria-expanded={open}
          aria-controls="ai-helper-panel"
          onClick={() => {
            setMounted(true);
            setOpen((v) => !v);
          }}
        />
      </Tooltip>
      {mounted && (
        <section
          id="ai-helper-panel"
          className="ai-helper"
          aria-label={t('layout.aiHelperPanel')}
          hidden={!open}
        >
          <header className="ai-helper__head">
            <span>{t('layout.aiHelper')}</span>
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t('layout.closeAiHelper')}
              onClick={() => setOpen(false)}
            />
          </header>
          <div className="ai-helper__body">
            {loading && (
              <div className="ai-helper__loading" role="status">
                <Spin />
                <span>{t('layout.aiLoading')}</span>
              </div>
            )}
            <iframe
              className="ai-helper__frame"
              title={t('layout.aiHelperPanel')}
              src={src}
              onLoad={() => setLoadedSrc(src)}
            />
          </div>
        </section>
      )}
    </>
  );
}
