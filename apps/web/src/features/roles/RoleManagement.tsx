import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Space, Table, Tag, Tree, Typography } from 'antd';
import type { MenuAdminNode, RoleListItem } from '@platform/contract';
import { apiLanguage } from '../../shared/i18n';
import { roleName } from '../../shared/roleName';
import { toast } from '../../shared/toast';
import { EmptyState, LoadFailed, LoadingState } from '../../shared/ui/PageStates';
import { useCan } from '../../shared/permissions/useCan';
import { menuAdminTreeQueryOptions } from '../menus/api';
import { roleGrantMutationOptions, roleMenusQueryOptions, rolesQueryOptions } from './api';
import {
  grantTreeData,
  indexTree,
  knownGrants,
  sameGrants,
  toggleGrant,
  type GrantTreeNode,
} from './grantTree';

interface RoleGrantsProps {
  role: RoleListItem;
  tree: readonly MenuAdminNode[];
}

/** The checkable tree of every entry, checked where the role is granted. */
function RoleGrants({ role, tree }: RoleGrantsProps) {
  const { t } = useTranslation();
  const lang = apiLanguage();
  const can = useCan();
  const editable = can('role.grant');
  const granted = useQuery(roleMenusQueryOptions(role.id));
  const grant = useMutation(roleGrantMutationOptions());
  const index = useMemo(() => indexTree(tree), [tree]);
  const treeData = useMemo(() => grantTreeData(tree, lang), [tree, lang]);
  const saved = useMemo(() => knownGrants(index, granted.data ?? []), [index, granted.data]);
  const [draft, setDraft] = useState<Set<string> | null>(null);
  const checked = draft ?? saved;
  const dirty = draft !== null && !sameGrants(draft, saved);

  if (granted.isPending) return <LoadingState />;
  if (granted.isError)
    return <LoadFailed error={granted.error} onRetry={() => void granted.refetch()} />;

  const onSave = () =>
    grant.mutate(
      { roleId: role.id, menuIds: [...checked].sort() },
      {
        onSuccess: () => {
          toast.success(t('roles.done.granted'));
          setDraft(null);
        },
      },
    );

  const title = (node: GrantTreeNode) => (
    <Space size={4}>
      <span>{node.title}</span>
      {node.isButton && <Tag color="orange">{t('menus.types.2')}</Tag>}
      {node.permission && <Typography.Text type="secondary">{node.permission}</Typography.Text>}
    </Space>
  );

  return (
    <Card
      title={t('roles.titles.grantsOf', { name: roleName(role, t) })}
      extra={
        editable && (
          <Space>
            {dirty && <Tag color="gold">{t('roles.unsaved')}</Tag>}
            <Button disabled={!dirty || grant.isPending} onClick={() => setDraft(null)}>
              {t('roles.actions.reset')}
            </Button>
            <Button type="primary" disabled={!dirty} loading={grant.isPending} onClick={onSave}>
              {t('roles.actions.saveGrants')}
            </Button>
          </Space>
        )
      }
    >
      <Alert type="info" showIcon title={t('roles.grantHelp')} style={{ marginBottom: 12 }} />
      <Tree<GrantTreeNode>
        checkable
        checkStrictly
        selectable={false}
        defaultExpandAll
        disabled={!editable || grant.isPending}
        treeData={treeData}
        titleRender={title}
        checkedKeys={{ checked: [...checked], halfChecked: [] }}
        onCheck={(_keys, info) =>
          setDraft(toggleGrant(index, checked, String(info.node.key), info.checked))
        }
      />
    </Card>
  );
}

/** Role management: the roles of the web application and the entries granted to each. */
export function RoleManagement() {
  const { t } = useTranslation();
  const roles = useQuery(rolesQueryOptions());
  const tree = useQuery(menuAdminTreeQueryOptions());
  const [roleId, setRoleId] = useState<string | null>(null);
  const selected = roles.data?.find((r) => r.id === roleId);

  let right;
  if (tree.isPending) right = <LoadingState />;
  else if (tree.isError)
    right = <LoadFailed error={tree.error} onRetry={() => void tree.refetch()} />;
  else if (!selected) right = <EmptyState description={t('roles.empty.pickRole')} />;
  else right = <RoleGrants key={selected.id} role={selected} tree={tree.data} />;

  return (
    <Row gutter={16}>
      <Col xs={24} lg={9}>
        <Card title={t('roles.titles.roles')}>
          {roles.isError ? (
            <LoadFailed error={roles.error} onRetry={() => void roles.refetch()} />
          ) : (
            <Table<RoleListItem>
              rowKey="id"
              size="middle"
              loading={roles.isPending}
              dataSource={roles.data ?? []}
              pagination={false}
              locale={{ emptyText: t('roles.empty.roles') }}
              rowSelection={{
                type: 'radio',
                selectedRowKeys: roleId ? [roleId] : [],
                onChange: (keys) => setRoleId(keys[0] === undefined ? null : String(keys[0])),
              }}
              onRow={(role) => ({
                onClick: () => setRoleId(role.id),
                style: { cursor: 'pointer' },
              })}
              columns={[
                {
                  key: 'name',
                  title: t('roles.columns.roleName'),
                  render: (_, role) => roleName(role, t),
                },
                { key: 'code', dataIndex: 'code', title: t('roles.columns.roleCode') },
                {
                  key: 'userCount',
                  dataIndex: 'userCount',
                  title: t('roles.columns.userCount'),
                  width: 90,
                },
              ]}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        {right}
      </Col>
    </Row>
  );
}
