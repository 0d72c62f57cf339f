import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card } from 'antd';
import { jupyterDefaults, type Environment } from '@platform/contract';
import { useEnvColumns } from './envColumns';
import { useEnvPage } from './useEnvPage';
import { EnvPageTable } from './EnvPageTable';
import { EnvFilters } from './EnvFilters';
import { AiResourceDialog } from './AiResourceDialog';

const jupyter = { experimentKind: '3' } as const;

/** AI environment configuration: Jupyter environments and their default resources. */
export function AiEnvConfig() {
  const { t } = useTranslation();
  const { filter, setFilter, page, pagination } = useEnvPage(jupyter);
  const columns = useEnvColumns();
  const [editing, setEditing] = useState<Environment | null>(null);

  return (
    <Card title={t('envAdmin.titles.ai')}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('envAdmin.ai.gpuNote', {
          gpuCount: jupyterDefaults.gpuCount,
          gpuMemory: jupyterDefaults.gpuMemory,
        })}
      />
      <EnvFilters value={filter} onChange={setFilter} fields={['name', 'state', 'label']} />
      <EnvPageTable
        page={page}
        pagination={pagination}
        columns={[
          columns.code,
          columns.name,
          columns.state,
          columns.resources,
          columns.runnable,
          columns.updatedAt,
          {
            key: 'actions',
            title: t('envAdmin.fields.actions'),
            render: (_, env) => (
              <Button type="link" size="small" onClick={() => setEditing(env)}>
                {t('envAdmin.actions.editResources')}
              </Button>
            ),
          },
        ]}
      />
      {editing && (
        <AiResourceDialog key={editing.id} env={editing} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}
