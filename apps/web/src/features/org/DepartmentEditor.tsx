import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input } from 'antd';
import {
  departmentSaveSchema,
  orgNameLimits,
  type Department,
  type DepartmentSave,
} from '@platform/contract';
import type { FieldMessages } from '../../shared/zodForm';
import { FormDialog } from '../../shared/ui/FormDialog';
import { textMessages, useSchemaDialog } from '../../shared/dialogForm';
import { departmentSaveMutationOptions } from './api';
import { SortItem } from './SortItem';

type DepartmentField = 'name' | 'sort';
const departmentFields: readonly DepartmentField[] = ['name', 'sort'];

interface DepartmentEditorProps {
  /** The department to edit; none adds one. */
  department?: Department | undefined;
  onClose: () => void;
}

/** Adds or edits a department (`org/department/saveOrUpdate`). */
export function DepartmentEditor({ department, onClose }: DepartmentEditorProps) {
  const { t } = useTranslation();
  const messages = useMemo<Record<DepartmentField, FieldMessages>>(
    () => ({
      name: textMessages(t('org.rules.orgName'), t('org.rules.noEdgeSpaces')),
      sort: {},
    }),
    [t],
  );
  const { dialog, rules } = useSchemaDialog({
    schema: departmentSaveSchema,
    fields: departmentFields,
    messages,
    fieldOfErrorKey: { 'org.department_name_taken': 'name' },
    mutation: departmentSaveMutationOptions(),
    body: (values: { name: string; sort: number | null }): DepartmentSave => ({
      ...(department ? { id: department.id } : {}),
      name: values.name,
      sort: values.sort ?? 0,
    }),
    saved: t(department ? 'org.done.updated' : 'org.done.added'),
    onClose,
  });

  return (
    <FormDialog
      {...dialog}
      name={department ? `department-edit-${department.id}` : 'department-add'}
      title={
        department
          ? t('org.titles.editDepartment', { name: department.name })
          : t('org.titles.addDepartment')
      }
      okText={t('org.actions.save')}
      cancelText={t('org.actions.cancel')}
      initialValues={{ name: department?.name ?? '', sort: department?.sort ?? 0 }}
    >
      <Form.Item name="name" label={t('org.fields.departmentName')} required rules={rules('name')}>
        <Input
          placeholder={t('org.placeholders.departmentName')}
          maxLength={orgNameLimits.max + 10}
        />
      </Form.Item>
      <SortItem rules={rules('sort')} />
    </FormDialog>
  );
}
