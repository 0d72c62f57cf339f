import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Space, Tag, type TableColumnType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Script } from '@platform/contract';
import { FilterBar, SearchFilter, SelectFilter } from '../../shared/ui/Filters';
import { QueryTable } from '../../shared/ui/QueryTable';
import { RowAction } from '../../shared/ui/RowActions';
import { toast } from '../../shared/toast';
import { usePaging } from '../../shared/usePaging';
import { formatTime } from '../../shared/dates';
import {
  envOptionsQueryOptions,
  scriptPageQueryOptions,
  scriptRemoveMutationOptions,
  scriptsByLabelQueryOptions,
} from './api';
import { RemoveLink } from './RemoveLink';
import { ScriptEditor } from './ScriptEditor';

interface ScriptTableProps {
  /** Only the scripts of this environment (no environment filter then). */
  envId?: string | undefined;
  /** Without add, edit and remove. */
  readOnly?: boolean;
}

const pre = { whiteSpace: 'pre-wrap', margin: 0 } as const;

/**
 * Experiment scripts: server-paged (script/list, by environment and name), or all scripts of a
 * label (script/label/{label}) filtered here by environment and name.
 */
export function ScriptTable({ envId: fixedEnvId, readOnly = false }: ScriptTableProps) {
  const { t } = useTranslation();
  const [envFilter, setEnvFilter] = useState<string>();
  const [name, setName] = useState<string>();
  const [label, setLabel] = useState<string>();
  const [editing, setEditing] = useState<{ script?: Script } | null>(null);
  const totalText = (total: number) => t('environments.total', { total });
  const { paging, pagination, reset } = usePaging(totalText);
  const envId = fixedEnvId ?? envFilter;
  const paged = useQuery({
    ...scriptPageQueryOptions({ ...paging, envId, name }),
    enabled: !label,
  });
  const byLabel = useQuery({ ...scriptsByLabelQueryOptions(label ?? ''), enabled: Boolean(label) });
  const options = useQuery({ ...envOptionsQueryOptions(), enabled: !fixedEnvId });
  const remove = useMutation(scriptRemoveMutationOptions());
  const current = label ? byLabel : paged;
  const rows = label
    ? (byLabel.data ?? []).filter(
        (s) => (!envId || s.envId === envId) && (!name || s.name.includes(name)),
      )
    : (paged.data?.records ?? []);
  const filter =
    <V,>(set: (v: V | undefined) => void) =>
    (v: V | null | undefined) => {
      set(v ?? undefined);
      reset();
    };

  const columns: TableColumnType<Script>[] = [
    { key: 'name', dataIndex: 'name', title: t('environments.script.name') },
    {
      key: 'label',
      dataIndex: 'label',
      title: t('environments.script.label'),
      render: (v: string) => <Tag>{v}</Tag>,
    },
    ...(fixedEnvId
      ? []
      : [{ key: 'envName', dataIndex: 'envName', title: t('environments.script.env') }]),
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('environments.script.createdAt'),
      render: (v: string) => formatTime(v),
    },
    ...(readOnly
      ? []
      : [
          {
            key: 'actions',
            title: t('environments.fields.actions'),
            render: (_: unknown, script: Script) => (
              <Space size={0}>
                <RowAction onClick={() => setEditing({ script })}>
                  {t('environments.actions.edit')}
                </RowAction>
                <RemoveLink
                  confirm={t('environments.confirm.removeScript', { name: script.name })}
                  disabled={remove.isPending}
                  onConfirm={() =>
                    remove.mutate(script.id, {
                      onSuccess: () => toast.success(t('environments.done.removed')),
                    })
                  }
                />
              </Space>
            ),
          },
        ]),
  ];

  return (
    <>
      <FilterBar>
        {!fixedEnvId && (
          <SelectFilter<string>
            placeholder={t('environments.placeholders.allEnvs')}
            showSearch
            optionFilterProp="label"
            width={220}
            value={envFilter}
            onChange={filter(setEnvFilter)}
            options={(options.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          />
        )}
        <SearchFilter
          placeholder={t('environments.placeholders.searchName')}
          maxLength={100}
          width={200}
          onSearch={filter(setName)}
        />
        <SearchFilter
          placeholder={t('environments.placeholders.searchLabel')}
          maxLength={20}
          width={200}
          onSearch={filter(setLabel)}
        />
        {!readOnly && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('environments.actions.add')}
          </Button>
        )}
      </FilterBar>
      <QueryTable<Script>
        query={current}
        dataSource={rows}
        columns={columns}
        // A label's scripts come in one list and are paged here.
        pagination={label ? { showTotal: totalText } : pagination(paged.data?.total)}
        expandable={{
          rowExpandable: (s) => Boolean(s.instructions),
          expandedRowRender: (s) => <p style={pre}>{s.instructions}</p>,
        }}
      />
      {editing && (
        <ScriptEditor
          key={editing.script?.id ?? 'new'}
          script={editing.script}
          envId={fixedEnvId}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
