import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../shared/ui/PageStates';
import { EnvironmentGate } from './EnvironmentGate';
import { EnvScreenCard } from './EnvScreenCard';
import './environment.css';

/** The environment's operating manual: plain text, line breaks kept, never HTML. */
export function EnvManual() {
  const { t } = useTranslation();
  return (
    <EnvironmentGate>
      {(detail) => (
        <EnvScreenCard detail={detail} screen={t('labs.manual.title')}>
          {detail.manual ? (
            <div className="env-plain-text">{detail.manual}</div>
          ) : (
            <EmptyState description={t('labs.manual.empty')} />
          )}
        </EnvScreenCard>
      )}
    </EnvironmentGate>
  );
}
