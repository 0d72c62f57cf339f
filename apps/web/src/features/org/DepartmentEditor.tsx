import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal } from 'antd';
import {
  departmentSaveSchema,
  maxInteger,
  orgNameLimits,
  type Department,
  type DepartmentSave,
} from '@platform/contract';
import { toast } from '../../shared/toast';
import type { FieldMessages } from '../../shared/zodForm';
import { departmentSaveMutationOptions } from './api';
import { rulesOf, saveErrors, submitDialog, textMessages } from '../../shared/dialogForm';

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
  const [form] = Form.useForm<{ name: string; sort: number | null }>();
  const save = useMutation(departmentSaveMutationOptions());

  const messages = useMemo<Record<DepartmentField, FieldMessages>>(
    () => ({
      name: textMessages(t('org.rules.orgName'), t('org.rules.noEdgeSpaces')),
      sort: {},
    }),
    [t],
  );
  const rules = rulesOf(departmentSaveSchema, departmentFields, messages);

  const submit = () =>
    submitDialog<{ name: string; sort: number | null }>({
      form,
      save: (values) =>
        save.mutateAsync({
          ...(department ? { id: department.id } : {}),
          name: values.name,
          sort: values.sort ?? 0,
        } satisfies DepartmentSave),
      done: () => {
        toast.success(t(department ? 'org.done.updated' : 'org.done.added'));
        onClose();
      },
      errors: (error) =>
        saveErrors(error, departmentFields, messages, { 'org.department_name_taken': 'name' }),
    });

  return (
    <Modal
      open
      title={
        department
          ? t('org.titles.editDepartment', { name: department.name })
          : t('org.titles.addDepartment')
      }
      okText={t('org.actions.save')}
      cancelText={t('org.actions.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        name={department ? `department-edit-${department.id}` : 'department-add'}
        layout="vertical"
        initialValues={{ name: department?.name ?? '', sort: department?.sort ?? 0 }}
        disabled={save.isPending}
      >
        <Form.Item
          name="name"
          label={t('org.fields.departmentName')}
          required
          rules={rules('name')}
        >
          <Input
            placeholder={t('org.placeholders.departmentName')}
            maxLength={orgNameLimits.max + 10}
          />
        </Form.Item>
        <Form.Item
          name="sort"
          label={t('org.fields.sort')}
          extra={t('org.hints.sort')}
          rules={rules('sort')}
        >
          <InputNumber min={0} max={maxInteger} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
