import { useTranslation } from 'react-i18next';
import { Card } from 'antd';
import { ScriptTable } from './ScriptTable';

/** Experiment scripts of every environment (environment-admin/scripts). */
export function EnvScriptList() {
  const { t } = useTranslation();
  return (
    <Card title={t('environments.titles.scripts')}>
      <ScriptTable />
    </Card>
  );
}
