import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select, Typography } from 'antd';
import type { CenterDetail } from '@platform/contract';
import { BackButton } from '../../shared/ui/BackButton';
import { EmptyState } from '../../shared/ui/PageStates';
import { EnvironmentGate } from './EnvironmentGate';
import { useEnvPath } from './useEnvironment';
import { useLabRuntime } from './useLabRuntime';
import { LabToolbar } from './LabToolbar';
import { LabPanels } from './LabPanels';
import './environment.css';

function ExperimentView({ detail }: { detail: CenterDetail }) {
  const { t } = useTranslation();
  const pathOf = useEnvPath();
  const runtime = useLabRuntime(detail.id, detail.containerIds);
  const [scriptId, setScriptId] = useState(detail.scripts[0]?.id);
  const script = detail.scripts.find((s) => s.id === scriptId);

  return (
    <div className="env-experiment">
      <header className="env-experiment__bar">
        <BackButton fallback={pathOf('detail', detail.id)}>{t('labs.back')}</BackButton>
        <Typography.Title level={4} className="env-experiment__title">
          {detail.name}
        </Typography.Title>
        <LabToolbar detail={detail} runtime={runtime} expScriptId={scriptId} withCost />
      </header>
      <div className="env-experiment__body">
        <aside className="env-experiment__guide" aria-label={t('labs.experiment.guide')}>
          {detail.scripts.length > 0 && (
            <Select
              aria-label={t('labs.experiment.script')}
              className="env-experiment__script"
              value={scriptId}
              onChange={setScriptId}
              options={detail.scripts.map((s) => ({ value: s.id, label: s.name }))}
            />
          )}
          {script?.instructions ? (
            <div className="env-plain-text">{script.instructions}</div>
          ) : (
            <EmptyState description={t('labs.experiment.noInstructions')} />
          )}
        </aside>
        <section className="env-experiment__lab" aria-label={t('labs.experiment.lab')}>
          <LabPanels name={detail.name} snapshot={runtime.snapshot} />
        </section>
      </div>
    </div>
  );
}

/**
 * The experiment screen (full screen: the layout hides header and side menu on /experiment):
 * the script's instructions on the left, the lab on the right, the lab's toolbar above.
 */
export function EnvExperiment() {
  return <EnvironmentGate>{(detail) => <ExperimentView detail={detail} />}</EnvironmentGate>;
}
