import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Environment } from '@platform/contract';
import { useEnvColumns } from './envColumns';
import { EnvPageTable } from './EnvPageTable';
import { EnvRowActions } from './EnvRowActions';
import { EnvEditor } from './EnvEditor';

interface EnvTableProps {
  /** Only the environments the caller created (env/page/list?mine=true). */
  mine?: boolean;
}

/** Environment configurations: a server-paged, filtered table with add, edit and row actions. */
export function EnvTable({ mine = false }: EnvTableProps) {
  const { t } = useTranslation();
  const columns = useEnvColumns();
  // null: closed; { env: undefined }: adding.
  const [editing, setEditing] = useState<{ env?: Environment } | null>(null);

  return (
    <Card
      title={t(mine ? 'environments.titles.mine' : 'environments.titles.configs')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          {t('environments.actions.add')}
        </Button>
      }
    >
      <EnvPageTable
        fixed={mine ? { mine: 'true' } : {}}
        columns={[
          columns.code,
          columns.name,
          columns.type,
          columns.experimentKind,
          columns.resourceKind,
          columns.state,
          columns.hidden,
          columns.openWith,
          columns.labels,
          columns.runnable,
          columns.updatedAt,
          {
            key: 'actions',
            title: t('environments.fields.actions'),
            fixed: 'right',
            render: (_, env) => <EnvRowActions env={env} onEdit={(e) => setEditing({ env: e })} />,
          },
        ]}
      />
      {editing && (
        <EnvEditor
          key={editing.env?.id ?? 'new'}
          env={editing.env}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
