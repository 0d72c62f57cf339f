import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Result, Spin, Tabs } from 'antd';
import {
  labPasteMessage,
  runtimeStates,
  type Container,
  type ResourceKind,
} from '@platform/contract';
import { EmptyState, LoadFailed, LoadingState } from '../../shared/ui/PageStates';
import type { LabRuntimeSnapshot } from './labRuntime';
import { useElementWidth } from '../layout/useElementWidth';
import { useRunningContainers } from './useRunningContainers';
import { LabFrame, OpenInNewTabButton } from './LabFrame';

interface LabPanelsProps {
  /** The environment's name: the title of the frames. */
  name: string;
  snapshot: LabRuntimeSnapshot;
  /** Shows only the containers of this service type (the terminal screen). */
  only?: ResourceKind;
}

/** What the lab area says until the lab runs. */
function NotRunning({ snapshot }: { snapshot: LabRuntimeSnapshot }) {
  const { t } = useTranslation();
  if (snapshot.stopping) {
    return (
      <div className="env-lab-placeholder" role="status">
        <Spin />
        <p>{t('labs.containerStates.Stopping')}</p>
      </div>
    );
  }
  if (snapshot.state === runtimeStates.starting || snapshot.starting || snapshot.resetting) {
    return (
      <div className="env-lab-placeholder" role="status">
        <Spin />
        <p>{t('labs.pleaseWait')}</p>
      </div>
    );
  }
  return <Result status="info" title={t('labs.notStarted')} />;
}

/** A lab pane narrower than this is hard to use (a terminal of under 40 columns). */
const paneMinWidth = 340;
const paneGap = 12;

/**
 * The running lab: one frame; for a combination environment (for example the simulation panel
 * and the terminal) every container side by side where the width allows, so the student watches
 * both at once, else tabs. Each has "open in new tab". Every frame is loaded, so a command sent to
 * the lab reaches its terminal, whose tab then shows.
 */
export function LabPanels({ name, snapshot, only }: LabPanelsProps) {
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  return (
    <div ref={box} className="env-lab-tabs-box">
      <LabContent name={name} snapshot={snapshot} only={only} width={width} />
    </div>
  );
}

function LabContent({ name, snapshot, only, width }: LabPanelsProps & { width: number | null }) {
  const { t } = useTranslation();
  const running = useRunningContainers(snapshot);
  const [active, setActive] = useState<string | null>(null);
  const panes = useRef<HTMLDivElement>(null);
  const terminalId = useRef<string | null>(null);
  useEffect(() => {
    const el = panes.current;
    if (!el) return;
    const showTerminal = () => {
      if (terminalId.current) setActive(terminalId.current);
    };
    el.addEventListener(labPasteMessage, showTerminal);
    return () => el.removeEventListener(labPasteMessage, showTerminal);
  });
  if (running.status === 'idle') return <NotRunning snapshot={snapshot} />;
  if (running.status === 'pending') return <LoadingState />;
  if (running.status === 'error')
    return <LoadFailed error={running.error} onRetry={running.refetch} />;
  const containers = only
    ? running.containers.filter((c) => c.serviceType === only)
    : running.containers;
  const [first] = containers;
  if (!first) return <EmptyState description={t(only ? 'labs.noTerminal' : 'labs.noLab')} />;
  const shown = containers.find((c) => c.id === active) ?? first;
  terminalId.current = containers.find((c) => c.serviceType === 'TERMINAL')?.id ?? null;
  const title = (c: Container) => (containers.length > 1 ? `${name} - ${c.name}` : name);
  const label = (c: Container) => c.name || c.serviceType;
  const sideBySide =
    containers.length > 1 &&
    width !== null &&
    width >= containers.length * paneMinWidth + (containers.length - 1) * paneGap;
  if (sideBySide) {
    return (
      <div ref={panes} className="env-lab-panes" style={{ gap: paneGap }}>
        {containers.map((c) => (
          <section key={c.id} className="env-lab-pane" aria-label={label(c)}>
            <div className="env-lab-pane__bar">
              <span className="env-lab-pane__name">{label(c)}</span>
              <OpenInNewTabButton containerId={c.id} />
            </div>
            <LabFrame container={c} title={title(c)} />
          </section>
        ))}
      </div>
    );
  }
  return (
    <div ref={panes} className="env-lab-tabs-box">
      <Tabs
        className="env-lab-tabs"
        activeKey={shown.id}
        onChange={setActive}
        tabBarExtraContent={<OpenInNewTabButton containerId={shown.id} />}
        items={containers.map((c) => ({
          key: c.id,
          label: label(c),
          forceRender: true,
          children: <LabFrame container={c} title={title(c)} />,
        }))}
      />
    </div>
  );
}
