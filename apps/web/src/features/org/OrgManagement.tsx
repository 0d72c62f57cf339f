import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Switch, Tag, Tree, Typography } from 'antd';
import type { TreeDataNode } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Department, Major, OrgTreeDepartment } from '@platform/contract';
import { toast } from '../../shared/toast';
import { EmptyState, LoadFailed, LoadingState } from '../../shared/ui/PageStates';
import { ConfirmAction, RowAction } from '../../shared/ui/RowActions';
import { useCan } from '../../shared/permissions/useCan';
import {
  departmentDeleteMutationOptions,
  majorDeleteMutationOptions,
  orgTreeQueryOptions,
} from './api';
import { DepartmentEditor } from './DepartmentEditor';
import { MajorEditor } from './MajorEditor';

type Editing =
  | { kind: 'department'; department?: Department }
  | { kind: 'major'; major?: Major; departmentId?: string };

/**
 * The school's organization (admin/organization): departments → majors → classes, each class
 * under each of its majors. Departments and majors are added, edited and deleted in dialogs;
 * a refused delete shows the server's reason.
 */
export function OrgManagement() {
  const { t } = useTranslation();
  const can = useCan();
  const editable = can('org.edit');
  const [archived, setArchived] = useState(false);
  const tree = useQuery(orgTreeQueryOptions(archived));
  const [editing, setEditing] = useState<Editing | null>(null);
  // Nodes are open unless the user closed them, so added departments and majors show at once.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const removeDepartment = useMutation(departmentDeleteMutationOptions());
  const removeMajor = useMutation(majorDeleteMutationOptions());
  const busy = removeDepartment.isPending || removeMajor.isPending;
  // Failed deletes are toasted by the request layer with the server's message.
  const deleted = () => toast.success(t('org.done.deleted'));

  const action = (label: string, onClick: () => void) => (
    <RowAction disabled={busy} onClick={onClick}>
      {label}
    </RowAction>
  );
  const deleteAction = (title: string, onConfirm: () => void) => (
    <ConfirmAction
      title={title}
      okText={t('org.actions.ok')}
      cancelText={t('org.actions.cancel')}
      onConfirm={onConfirm}
      disabled={busy}
    >
      {t('org.actions.delete')}
    </ConfirmAction>
  );
  const row = (label: ReactNode, actions?: ReactNode) => (
    <Space size="small" wrap>
      {label}
      {editable && actions}
    </Space>
  );

  const nodesOf = (departments: OrgTreeDepartment[]): TreeDataNode[] =>
    departments.map((d) => ({
      key: `department:${d.id}`,
      title: row(
        <Typography.Text strong>{d.name}</Typography.Text>,
        <>
          {action(t('org.actions.addMajor'), () =>
            setEditing({ kind: 'major', departmentId: d.id }),
          )}
          {action(t('org.actions.edit'), () => setEditing({ kind: 'department', department: d }))}
          {deleteAction(t('org.confirm.deleteDepartment', { name: d.name }), () =>
            removeDepartment.mutate(d.id, { onSuccess: deleted }),
          )}
        </>,
      ),
      children: d.majors.map((m) => ({
        key: `major:${m.id}`,
        title: row(
          <span>{m.name}</span>,
          <>
            {action(t('org.actions.edit'), () => setEditing({ kind: 'major', major: m }))}
            {deleteAction(t('org.confirm.deleteMajor', { name: m.name }), () =>
              removeMajor.mutate(m.id, { onSuccess: deleted }),
            )}
          </>,
        ),
        children: m.classes.map((c) => ({
          key: `class:${m.id}:${c.id}`,
          isLeaf: true,
          title: row(
            <>
              <span>
                {c.grade
                  ? t('org.values.classWithGrade', { name: c.name, grade: c.grade })
                  : c.name}
              </span>
              <Typography.Text type="secondary">
                {t('org.values.studentsOf', { count: c.studentCount })}
              </Typography.Text>
              {c.archived && <Tag>{t('org.values.archived')}</Tag>}
            </>,
          ),
        })),
      })),
    }));

  let body: ReactNode;
  if (tree.isPending) body = <LoadingState />;
  else if (tree.isError)
    body = <LoadFailed error={tree.error} onRetry={() => void tree.refetch()} />;
  else if (tree.data.length === 0) body = <EmptyState />;
  else {
    const branches = tree.data.flatMap((d) => [
      `department:${d.id}`,
      ...d.majors.map((m) => `major:${m.id}`),
    ]);
    body = (
      <Tree
        blockNode
        selectable={false}
        treeData={nodesOf(tree.data)}
        expandedKeys={branches.filter((k) => !collapsed.has(k))}
        onExpand={(keys) => {
          const open = new Set(keys.map(String));
          setCollapsed(new Set(branches.filter((k) => !open.has(k))));
        }}
      />
    );
  }

  return (
    <Card
      title={t('org.titles.org')}
      extra={
        <Space>
          <Space size="small">
            <Switch
              size="small"
              checked={archived}
              onChange={setArchived}
              aria-label={t('org.filters.showArchived')}
            />
            <span>{t('org.filters.showArchived')}</span>
          </Space>
          {editable && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ kind: 'department' })}
            >
              {t('org.actions.addDepartment')}
            </Button>
          )}
        </Space>
      }
    >
      {body}
      {editing?.kind === 'department' && (
        <DepartmentEditor department={editing.department} onClose={() => setEditing(null)} />
      )}
      {editing?.kind === 'major' && (
        <MajorEditor
          departments={tree.data ?? []}
          major={editing.major}
          departmentId={editing.departmentId}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
