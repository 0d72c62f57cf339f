import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Space, Typography } from 'antd';
import {
  runnerOf,
  runtimeStates,
  type CenterDetail,
  type ResourceKind,
  type RestartLimit,
} from '@platform/contract';
import { restartLimitQueryOptions } from './api';
import type { LabRuntimeSnapshot } from './labRuntime';
import type { LabRuntimeHandle } from './useLabRuntime';
import { RuntimeStateTag } from './RuntimeStateTag';
import { JupyterStartDialog } from './JupyterResourceForm';
import { CostLine, CostRefusal, useCostPreview } from '../billing/CostPreview';

/** The resource kinds of an environment and of its parts (a combination). */
function kindsOf(detail: CenterDetail): ResourceKind[] {
  return [detail.resourceKind, ...detail.parts.map((p) => p.resourceKind)];
}

/** Jupyter environments (or combinations with a Jupyter part) ask for resources before starting. */
export function needsResourceRequest(detail: CenterDetail): boolean {
  return kindsOf(detail).some((kind) => runnerOf(kind) === 'jupyter');
}

interface LabToolbarProps {
  detail: CenterDetail;
  runtime: LabRuntimeHandle;
  /** The chosen experiment script, sent with the start. */
  expScriptId?: string | undefined;
  /** Shown after the buttons (for example "open in new tab"). */
  extra?: ReactNode;
  /**
   * Shows what the lab costs an hour and what the school has left before it starts; a start the
   * school's account would refuse is not offered.
   */
  withCost?: boolean;
}

/**
 * The lab's state and its Start / Stop / Reset buttons, the starts left today, and what the
 * runtime has to say (busy host, lost network, a failed container, a slow start).
 */
export function LabToolbar({
  detail,
  runtime,
  expScriptId,
  extra,
  withCost = false,
}: LabToolbarProps) {
  const { t } = useTranslation();
  const { snapshot } = runtime;
  const [requesting, setRequesting] = useState(false);
  const limit = useQuery(restartLimitQueryOptions(detail.id));
  const script = expScriptId ? { expScriptId } : {};
  const stopped = snapshot.state === runtimeStates.stopped;
  const cost = useCostPreview(withCost ? { expEnvId: detail.id } : null);
  const refused = Boolean(cost.data?.refusal);
  const noStartsLeft = Boolean(limit.data && limit.data.limit > 0 && startsLeft(limit.data) <= 0);

  const onStart = () => {
    if (needsResourceRequest(detail)) setRequesting(true);
    else void runtime.start(script);
  };

  return (
    <div className="env-toolbar">
      <Space wrap>
        <RuntimeStateTag
          state={snapshot.state}
          stopping={snapshot.stopping}
          stopped={snapshot.stoppedRemotely}
        />
        <Button
          type="primary"
          onClick={onStart}
          disabled={
            !detail.runnable ||
            !stopped ||
            snapshot.starting ||
            snapshot.stopping ||
            refused ||
            noStartsLeft
          }
        >
          {t('labs.start')}
        </Button>
        <Button danger onClick={() => void runtime.stop()} disabled={stopped || snapshot.stopping}>
          {t('labs.stop')}
        </Button>
        {/* Stays enabled while resetting: a click then gets the please-wait message. */}
        <Button onClick={runtime.requestReset} disabled={stopped && !snapshot.resetting}>
          {t('labs.reset')}
        </Button>
        {extra}
        {stopped && <CostLine preview={cost.data} />}
        {limit.data && limit.data.limit > 0 && (
          <Typography.Text type="secondary">
            {t('labs.startsLeft', {
              remaining: startsLeft(limit.data),
              limit: limit.data.limit,
            })}
          </Typography.Text>
        )}
      </Space>
      {stopped && <CostRefusal preview={cost.data} />}
      {stopped && noStartsLeft && limit.data && (
        <Alert
          type="warning"
          showIcon
          title={t('labs.noStartsLeft', { limit: limit.data.limit })}
        />
      )}
      {!detail.runnable && (
        <Alert type="warning" showIcon title={detail.unrunnableReason || t('labs.unrunnable')} />
      )}
      <LabAlerts snapshot={snapshot} hasTerminal={kindsOf(detail).includes('TERMINAL')} />
      {runtime.contextHolder}
      {requesting && (
        <JupyterStartDialog
          envId={detail.id}
          limits={detail.requestLimits}
          expScriptId={expScriptId}
          onCancel={() => setRequesting(false)}
          onSaved={(resources) => {
            setRequesting(false);
            void runtime.start({ ...script, ...resources });
          }}
        />
      )}
    </div>
  );
}

/** The starts left in the last day of an environment with a limit. */
function startsLeft(limit: RestartLimit): number {
  return limit.remaining ?? Math.max(0, limit.limit - limit.used);
}

/** The runtime's messages, each as a short alert. */
function LabAlerts({
  snapshot,
  hasTerminal,
}: {
  snapshot: LabRuntimeSnapshot;
  hasTerminal: boolean;
}) {
  const { t } = useTranslation();
  const statuses = Object.values(snapshot.containers);
  const alerts: { key: string; type: 'info' | 'warning'; text: string; description?: string }[] =
    [];
  if (snapshot.waitingRetry) alerts.push({ key: 'busy', type: 'info', text: t('labs.busy') });
  if (snapshot.connectionLost)
    alerts.push({ key: 'network', type: 'warning', text: t('labs.networkLost') });
  if (statuses.some((s) => s.state === 'Failed'))
    alerts.push({ key: 'failed', type: 'warning', text: t('labs.containerFailed') });
  if (snapshot.slow)
    alerts.push({
      key: 'slow',
      type: 'warning',
      text: hasTerminal ? t('labs.terminalTimeout') : t('labs.slowStart'),
    });
  if (snapshot.stoppedRemotely)
    alerts.push({
      key: 'stopped',
      type: 'info',
      text: t(`labs.stopReasons.${snapshot.stopReason ?? 'unknown'}`),
      description: t('labs.stoppedRemotely'),
    });
  for (const message of new Set(statuses.map((s) => s.message).filter(Boolean)))
    alerts.push({ key: `m-${message}`, type: 'info', text: String(message) });
  for (const warning of new Set(statuses.map((s) => s.warning).filter(Boolean)))
    alerts.push({ key: `w-${warning}`, type: 'warning', text: String(warning) });
  if (!alerts.length) return null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {alerts.map((a) => (
        <Alert key={a.key} type={a.type} showIcon title={a.text} description={a.description} />
      ))}
    </Space>
  );
}
