import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { openWithValues, type Container } from '@platform/contract';
import { LoadFailed, LoadingState } from '../../shared/ui/PageStates';
import { ticketMutationOptions, ticketQueryOptions } from './api';
import { frameLoadedAttribute } from './frameLoaded';

/**
 * Opens a lab in a new tab with a fresh single-use ticket. The tab is opened at the click (so
 * no popup blocker stops it) and sent to the ticket's address once it arrives.
 */
export function OpenInNewTabButton({ containerId }: { containerId: string }) {
  const { t } = useTranslation();
  const ticket = useMutation(ticketMutationOptions());
  const open = () => {
    const tab = window.open('', '_blank');
    ticket.mutate(containerId, {
      onSuccess: ({ url }) => {
        if (!tab) {
          window.open(url, '_blank', 'noopener');
          return;
        }
        tab.opener = null;
        tab.location.href = url;
      },
      onError: () => tab?.close(),
    });
  };
  return (
    <Button onClick={open} disabled={ticket.isPending}>
      {t('labs.openNewTab')}
    </Button>
  );
}

/**
 * One lab container: in a frame on the lab's own origin through a fresh ticket (open-with 1), or
 * a button that opens it in a new tab (open-with 2). Lab addresses are never built here.
 */
export function LabFrame({ container, title }: { container: Container; title: string }) {
  const { t } = useTranslation();
  const [nonce, setNonce] = useState(0);
  const inFrame = container.openWith !== openWithValues.newTab;
  const ticket = useQuery({ ...ticketQueryOptions(container.id, nonce), enabled: inFrame });
  if (!inFrame) {
    return (
      <Result
        status="info"
        title={t('labs.opensInNewTab')}
        extra={<OpenInNewTabButton containerId={container.id} />}
      />
    );
  }
  if (ticket.isPending) return <LoadingState />;
  if (ticket.isError)
    return <LoadFailed error={ticket.error} onRetry={() => setNonce(nonce + 1)} />;
  const origin = ticket.data.embedOrigin;
  if (origin !== window.location.origin) {
    const here = `${origin}${window.location.pathname}${window.location.search}`;
    return (
      <Result
        status="warning"
        title={t('labs.otherAddress', { origin })}
        subTitle={t('labs.otherAddressHint')}
        extra={
          <Button type="primary" href={here}>
            {t('labs.goToPlatformAddress', { origin })}
          </Button>
        }
      />
    );
  }
  return (
    <iframe
      key={nonce}
      className="env-lab-frame"
      title={title}
      src={ticket.data.url}
      allow="clipboard-read; clipboard-write; fullscreen"
      onLoad={(event) => event.currentTarget.setAttribute(frameLoadedAttribute, '')}
    />
  );
}
