import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { LinkType, MenuType, type MenuAdminNode } from '@platform/contract';
import { apiLanguage } from '../../shared/i18n';
import { toast } from '../../shared/toast';
import { EmptyState, LoadFailed, LoadingState } from '../../shared/ui/PageStates';
import { actionsColumn, ConfirmAction, RowAction } from '../../shared/ui/RowActions';
import { useCan } from '../../shared/permissions/useCan';
import { menuAdminTreeQueryOptions, menuDeleteMutationOptions } from './api';
import { MenuEditor } from './MenuEditor';
import { menuNameOf } from './menuForm';

/** A tree table row: antd shows an expander only for rows whose children are a non-empty list. */
type Row = Omit<MenuAdminNode, 'children'> & { node: MenuAdminNode; children?: Row[] };

function rowsOf(nodes: readonly MenuAdminNode[]): Row[] {
  return nodes.map((node) => ({
    ...node,
    node,
    children: node.children.length ? rowsOf(node.children) : undefined,
  }));
}

function idsWithChildren(nodes: readonly MenuAdminNode[]): string[] {
  return nodes.flatMap((n) => (n.children.length ? [n.id, ...idsWithChildren(n.children)] : []));
}

type Editing = { node?: MenuAdminNode; parent?: MenuAdminNode };

/** Menu management: every entry of the web application as a tree, with add, edit and delete. */
export function MenuManagement() {
  const { t } = useTranslation();
  const lang = apiLanguage();
  const can = useCan();
  const editable = can('menu.edit');
  const tree = useQuery(menuAdminTreeQueryOptions());
  const remove = useMutation(menuDeleteMutationOptions());
  const [editing, setEditing] = useState<Editing | null>(null);
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const rows = useMemo(() => rowsOf(tree.data ?? []), [tree.data]);
  const allExpandable = useMemo(() => idsWithChildren(tree.data ?? []), [tree.data]);

  const columns: TableColumnsType<Row> = [
    {
      key: 'name',
      title: t('system.columns.name'),
      render: (_, row) => menuNameOf(row, lang),
    },
    {
      key: 'url',
      dataIndex: 'url',
      title: t('system.columns.url'),
      render: (url: string) => (url ? <Typography.Text code>{url}</Typography.Text> : null),
    },
    {
      key: 'type',
      title: t('system.columns.type'),
      width: 80,
      render: (_, row) =>
        row.type === MenuType.BUTTON ? (
          <Tag color="orange">{t('system.types.2')}</Tag>
        ) : (
          <Tag color="blue">{t('system.types.1')}</Tag>
        ),
    },
    {
      key: 'permission',
      title: t('system.columns.permission'),
      render: (_, row) => row.permission ?? '',
    },
    { key: 'sort', dataIndex: 'sort', title: t('system.columns.sort'), width: 70 },
    {
      key: 'hidden',
      title: t('system.columns.hidden'),
      width: 70,
      render: (_, row) => (row.hidden ? <Tag>{t('system.yes')}</Tag> : t('system.no')),
    },
    {
      key: 'linkType',
      title: t('system.columns.linkType'),
      render: (_, row) =>
        row.type === MenuType.BUTTON
          ? ''
          : row.linkType === LinkType.EXTERNAL
            ? `${t('system.linkTypes.2')}${row.linkValue ? `: ${row.linkValue}` : ''}`
            : t('system.linkTypes.1'),
    },
  ];
  if (editable) {
    columns.push(
      actionsColumn<Row>(
        t('system.columns.actions'),
        (row) => (
          <>
            {row.type === MenuType.MENU && (
              <RowAction onClick={() => setEditing({ parent: row.node })}>
                {t('system.actions.addChild')}
              </RowAction>
            )}
            <RowAction onClick={() => setEditing({ node: row.node })}>
              {t('system.actions.edit')}
            </RowAction>
            <ConfirmAction
              title={t('system.confirm.delete', { name: menuNameOf(row, lang) })}
              okText={t('system.confirm.ok')}
              cancelText={t('system.confirm.cancel')}
              // A refusal (children, own access) is toasted by the request layer.
              onConfirm={() =>
                remove.mutate(row.id, { onSuccess: () => toast.success(t('system.done.deleted')) })
              }
              disabled={remove.isPending}
            >
              {t('system.actions.delete')}
            </ConfirmAction>
          </>
        ),
        { wrap: true },
      ),
    );
  }

  let body;
  if (tree.isPending) body = <LoadingState />;
  else if (tree.isError)
    body = <LoadFailed error={tree.error} onRetry={() => void tree.refetch()} />;
  else if (rows.length === 0) body = <EmptyState description={t('system.empty.menus')} />;
  else
    body = (
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowKeys: expanded ?? allExpandable,
          onExpandedRowsChange: (keys) => setExpanded(keys),
        }}
      />
    );

  return (
    <Card
      title={t('system.titles.menus')}
      extra={
        <Space>
          <Button onClick={() => setExpanded(allExpandable)}>
            {t('system.actions.expandAll')}
          </Button>
          <Button onClick={() => setExpanded([])}>{t('system.actions.collapseAll')}</Button>
          <Button
            icon={<ReloadOutlined />}
            loading={tree.isFetching && !tree.isPending}
            onClick={() => void tree.refetch()}
          >
            {t('system.actions.refresh')}
          </Button>
          {editable && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              {t('system.actions.addTop')}
            </Button>
          )}
        </Space>
      }
    >
      {body}
      {editing && tree.data && (
        <MenuEditor
          key={editing.node?.id ?? `new-${editing.parent?.id ?? 'top'}`}
          tree={tree.data}
          node={editing.node}
          parent={editing.parent}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
