import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select, Space } from 'antd';
import type { CenterDetail } from '@platform/contract';
import { EmptyState, LoadFailed, LoadingState } from '../../shared/ui/PageStates';
import { EnvironmentGate } from './EnvironmentGate';
import { EnvScreenCard } from './EnvScreenCard';
import { useLabRuntime } from './useLabRuntime';
import { useRunningContainers } from './useRunningContainers';
import { LabToolbar } from './LabToolbar';
import { FileBrowser, labFileSource } from './FileBrowser';
import './environment.css';

function WorkspaceView({ detail }: { detail: CenterDetail }) {
  const { t } = useTranslation();
  const runtime = useLabRuntime(detail.id, detail.containerIds);
  const running = useRunningContainers(runtime.snapshot);
  const [chosen, setChosen] = useState<string | null>(null);
  const container = running.containers.find((c) => c.id === chosen) ?? running.containers[0];

  let files;
  if (running.status === 'idle') files = <EmptyState description={t('labs.notStarted')} />;
  else if (running.status === 'pending') files = <LoadingState />;
  else if (running.status === 'error')
    files = <LoadFailed error={running.error} onRetry={running.refetch} />;
  else if (!container) files = <EmptyState description={t('labs.noLab')} />;
  else
    files = (
      <Space orientation="vertical" style={{ width: '100%' }}>
        {running.containers.length > 1 && (
          <Select
            aria-label={t('labs.workspace.container')}
            value={container.id}
            onChange={setChosen}
            style={{ minWidth: 240 }}
            options={running.containers.map((c) => ({ value: c.id, label: c.name }))}
          />
        )}
        <FileBrowser key={container.id} source={labFileSource(container.id)} />
      </Space>
    );

  return (
    <EnvScreenCard detail={detail} screen={t('labs.workspace.title')}>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <LabToolbar detail={detail} runtime={runtime} />
        {files}
      </Space>
    </EnvScreenCard>
  );
}

/** The lab's files: browse, upload and download. */
export function EnvWorkspace() {
  return <EnvironmentGate>{(detail) => <WorkspaceView detail={detail} />}</EnvironmentGate>;
}
