import { useTranslation } from 'react-i18next';
import type { CenterDetail } from '@platform/contract';
import { EnvironmentGate } from './EnvironmentGate';
import { EnvScreenCard } from './EnvScreenCard';
import { useLabRuntime } from './useLabRuntime';
import { LabToolbar } from './LabToolbar';
import { LabPanels } from './LabPanels';
import './environment.css';

function TerminalView({ detail }: { detail: CenterDetail }) {
  const { t } = useTranslation();
  const runtime = useLabRuntime(detail.id, detail.containerIds);
  return (
    <EnvScreenCard detail={detail} screen={t('labs.terminal.title')}>
      <LabToolbar detail={detail} runtime={runtime} />
      <div className="env-terminal">
        <LabPanels name={detail.name} snapshot={runtime.snapshot} only="TERMINAL" />
      </div>
    </EnvScreenCard>
  );
}

/** The environment's terminal, large in the page. */
export function EnvTerminal() {
  return <EnvironmentGate>{(detail) => <TerminalView detail={detail} />}</EnvironmentGate>;
}
