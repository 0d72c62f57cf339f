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
      title: t('menus.columns.name'),
      render: (_, row) => menuNameOf(row, lang),
    },
    {
      key: 'url',
      dataIndex: 'url',
      title: t('menus.columns.url'),
      render: (url: string) => (url ? <Typography.Text code>{url}</Typography.Text> : null),
    },
    {
      key: 'type',
      title: t('menus.columns.type'),
      width: 80,
      render: (_, row) =>
        row.type === MenuType.BUTTON ? (
          <Tag color="orange">{t('menus.types.2')}</Tag>
        ) : (
          <Tag color="blue">{t('menus.types.1')}</Tag>
        ),
    },
    {
      key: 'permission',
      title: t('menus.columns.permission'),
      render: (_, row) => row.permission ?? '',
    },
    { key: 'sort', dataIndex: 'sort', title: t('menus.columns.sort'), width: 70 },
    {
      key: 'hidden',
      title: t('menus.columns.hidden'),
      width: 70,
      render: (_, row) => (row.hidden ? <Tag>{t('menus.yes')}</Tag> : t('menus.no')),
    },
    {
      key: 'linkType',
      title: t('menus.columns.linkType'),
      render: (_, row) =>
        row.type === MenuType.BUTTON
          ? ''
          : row.linkType === LinkType.EXTERNAL
            ? `${t('menus.linkTypes.2')}${row.linkValue ? `: ${row.linkValue}` : ''}`
            : t('menus.linkTypes.1'),
    },
  ];
  if (editable) {
    columns.push(
      actionsColumn<Row>(
        t('menus.columns.actions'),
        (row) => (
          <>
            {row.type === MenuType.MENU && (
              <RowAction onClick={() => setEditing({ parent: row.node })}>
                {t('menus.actions.addChild')}
              </RowAction>
            )}
            <RowAction onClick={() => setEditing({ node: row.node })}>
              {t('menus.actions.edit')}
            </RowAction>
            <ConfirmAction
              title={t('menus.confirm.delete', { name: menuNameOf(row, lang) })}
              okText={t('menus.confirm.ok')}
              cancelText={t('menus.confirm.cancel')}
              // A refusal (children, own access) is toasted by the request layer.
              onConfirm={() =>
                remove.mutate(row.id, { onSuccess: () => toast.success(t('menus.done.deleted')) })
              }
              disabled={remove.isPending}
            >
              {t('menus.actions.delete')}
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
  else if (rows.length === 0) body = <EmptyState description={t('menus.empty.menus')} />;
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
      title={t('menus.titles.menus')}
      extra={
        <Space>
          <Button onClick={() => setExpanded(allExpandable)}>{t('menus.actions.expandAll')}</Button>
          <Button onClick={() => setExpanded([])}>{t('menus.actions.collapseAll')}</Button>
          <Button
            icon={<ReloadOutlined />}
            loading={tree.isFetching && !tree.isPending}
            onClick={() => void tree.refetch()}
          >
            {t('menus.actions.refresh')}
          </Button>
          {editable && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              {t('menus.actions.addTop')}
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
