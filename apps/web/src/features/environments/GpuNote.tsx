import { useTranslation } from 'react-i18next';
import { Alert } from 'antd';
import { jupyterDefaults } from '@platform/contract';

/** What GPU values mean on this host: students ask for them, nothing is allocated. */
export function GpuNote() {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('environments.ai.gpuNote', {
        gpuCount: jupyterDefaults.gpuCount,
        gpuMemory: jupyterDefaults.gpuMemory,
      })}
    />
  );
}
