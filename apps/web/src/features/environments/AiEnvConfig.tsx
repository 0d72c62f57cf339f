import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from 'antd';
import type { Environment } from '@platform/contract';
import { RowAction } from '../../shared/ui/RowActions';
import { useEnvColumns } from './envColumns';
import { EnvPageTable } from './EnvPageTable';
import { AiResourceDialog } from './AiResourceDialog';
import { GpuNote } from './GpuNote';

const jupyter = { experimentKind: '3' } as const;

/** AI environment configuration: Jupyter environments and their default resources. */
export function AiEnvConfig() {
  const { t } = useTranslation();
  const columns = useEnvColumns();
  const [editing, setEditing] = useState<Environment | null>(null);

  return (
    <Card title={t('environments.titles.ai')}>
      <GpuNote />
      <EnvPageTable
        fixed={jupyter}
        filters={['name', 'state', 'label']}
        columns={[
          columns.code,
          columns.name,
          columns.state,
          columns.resources,
          columns.runnable,
          columns.updatedAt,
          {
            key: 'actions',
            title: t('environments.fields.actions'),
            render: (_, env) => (
              <RowAction onClick={() => setEditing(env)}>
                {t('environments.actions.editResources')}
              </RowAction>
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
