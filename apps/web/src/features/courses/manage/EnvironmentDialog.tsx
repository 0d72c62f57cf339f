import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Modal, Tag, Typography } from 'antd';
import type { CenterItem } from '@platform/contract';
import { usePaging } from '../../../shared/usePaging';
import { SearchFilter, FilterBar } from '../../../shared/ui/Filters';
import { QueryTable } from '../../../shared/ui/QueryTable';
import { centerPageQueryOptions } from '../../labs/api';

/** An environment of a course: its id and name as shown. */
export interface CourseEnv {
  id: string;
  name: string;
}

interface EnvironmentDialogProps {
  value: readonly CourseEnv[];
  /** Takes the chosen environments; a returned promise keeps OK spinning until it settles. */
  onOk: (envs: CourseEnv[]) => unknown;
  onClose: () => void;
}

/** Chooses a course's lab environments among the enabled environment configurations. */
export function EnvironmentDialog({ value, onOk, onClose }: EnvironmentDialogProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Map<string, CourseEnv>>(
    () => new Map(value.map((env) => [env.id, env])),
  );
  const [name, setName] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const { paging, pagination, reset } = usePaging((total) =>
    t('courses.manage.hints.total', { total }),
  );
  const page = useQuery(centerPageQueryOptions({ ...paging, ...(name ? { name } : {}) }));

  const toggle = (env: CenterItem, on: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      if (on) next.set(env.id, { id: env.id, name: env.name });
      else next.delete(env.id);
      return next;
    });

  const ok = async () => {
    setSaving(true);
    try {
      await onOk([...chosen.values()]);
      onClose();
    } catch {
      // The caller has shown why; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={720}
      title={t('courses.manage.titles.environments')}
      okText={t('courses.manage.actions.ok')}
      cancelText={t('courses.manage.actions.cancel')}
      confirmLoading={saving}
      onOk={() => void ok()}
      onCancel={onClose}
      destroyOnHidden
    >
      <FilterBar>
        <SearchFilter
          placeholder={t('courses.manage.placeholders.envName')}
          maxLength={100}
          width={220}
          onSearch={(text) => {
            setName(text);
            reset();
          }}
        />
      </FilterBar>
      <Typography.Paragraph>
        {t('courses.manage.hints.chosenEnvironments', { count: chosen.size })}{' '}
        {[...chosen.values()].map((env) => (
          <Tag key={env.id} closable onClose={() => setChosen((c) => withoutKey(c, env.id))}>
            {env.name}
          </Tag>
        ))}
      </Typography.Paragraph>
      <QueryTable<CenterItem>
        query={page}
        dataSource={page.data?.records ?? []}
        pagination={pagination(page.data?.total)}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          selectedRowKeys: [...chosen.keys()],
          preserveSelectedRowKeys: true,
          onSelect: (env, on) => toggle(env, on),
          onSelectAll: (on, _rows, changed) => changed.forEach((env) => toggle(env, on)),
          getCheckboxProps: (env) => ({ 'aria-label': env.name }),
        }}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('courses.manage.fields.envName') },
          {
            key: 'labels',
            dataIndex: 'labels',
            title: t('courses.manage.fields.envLabels'),
            render: (labels: string[]) => labels.map((label) => <Tag key={label}>{label}</Tag>),
          },
        ]}
      />
    </Modal>
  );
}

function withoutKey<V>(map: Map<string, V>, key: string): Map<string, V> {
  const next = new Map(map);
  next.delete(key);
  return next;
}
