import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import {
  majorSaveSchema,
  maxInteger,
  orgNameLimits,
  type Department,
  type Major,
  type MajorSave,
} from '@platform/contract';
import { toast } from '../../shared/toast';
import type { FieldMessages } from '../../shared/zodForm';
import { majorSaveMutationOptions } from './api';
import { rulesOf, saveErrors, submitDialog, textMessages } from '../../shared/dialogForm';

type MajorField = 'departmentId' | 'name' | 'sort';
const majorFields: readonly MajorField[] = ['departmentId', 'name', 'sort'];

interface MajorEditorProps {
  departments: Department[];
  /** The major to edit; none adds one (in `departmentId` when given). */
  major?: Major | undefined;
  departmentId?: string | undefined;
  onClose: () => void;
}

interface MajorFormValues {
  departmentId: string | undefined;
  name: string;
  sort: number | null;
}

/** Adds or edits a major of a department (`org/major/saveOrUpdate`). */
export function MajorEditor({ departments, major, departmentId, onClose }: MajorEditorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MajorFormValues>();
  const save = useMutation(majorSaveMutationOptions());

  const messages = useMemo<Record<MajorField, FieldMessages>>(() => {
    const department = t('org.rules.department');
    return {
      departmentId: { required: department, invalid_value: department, invalid_format: department },
      name: textMessages(t('org.rules.orgName'), t('org.rules.noEdgeSpaces')),
      sort: {},
    };
  }, [t]);
  const rules = rulesOf(majorSaveSchema, majorFields, messages);

  const submit = () =>
    submitDialog<MajorFormValues>({
      form,
      save: (values) =>
        save.mutateAsync({
          ...(major ? { id: major.id } : {}),
          departmentId: values.departmentId ?? '',
          name: values.name,
          sort: values.sort ?? 0,
        } satisfies MajorSave),
      done: () => {
        toast.success(t(major ? 'org.done.updated' : 'org.done.added'));
        onClose();
      },
      errors: (error) =>
        saveErrors(error, majorFields, messages, {
          'org.major_name_taken': 'name',
          'org.department_not_found': 'departmentId',
        }),
    });

  return (
    <Modal
      open
      title={major ? t('org.titles.editMajor', { name: major.name }) : t('org.titles.addMajor')}
      okText={t('org.actions.save')}
      cancelText={t('org.actions.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        name={major ? `major-edit-${major.id}` : 'major-add'}
        layout="vertical"
        initialValues={{
          departmentId: major?.departmentId ?? departmentId,
          name: major?.name ?? '',
          sort: major?.sort ?? 0,
        }}
        disabled={save.isPending}
      >
        <Form.Item
          name="departmentId"
          label={t('org.fields.department')}
          required
          rules={rules('departmentId')}
        >
          <Select
            placeholder={t('org.placeholders.department')}
            options={departments.map((d) => ({ value: d.id, label: d.name }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item name="name" label={t('org.fields.majorName')} required rules={rules('name')}>
          <Input placeholder={t('org.placeholders.majorName')} maxLength={orgNameLimits.max + 10} />
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
