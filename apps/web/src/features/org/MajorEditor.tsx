import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input, Select } from 'antd';
import {
  majorSaveSchema,
  orgNameLimits,
  type Department,
  type Major,
  type MajorSave,
} from '@platform/contract';
import type { FieldMessages } from '../../shared/zodForm';
import { FormDialog } from '../../shared/ui/FormDialog';
import { textMessages, useSchemaDialog } from '../../shared/dialogForm';
import { majorSaveMutationOptions } from './api';
import { SortItem } from './SortItem';

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
  const messages = useMemo<Record<MajorField, FieldMessages>>(() => {
    const department = t('org.rules.department');
    return {
      departmentId: { required: department, invalid_value: department, invalid_format: department },
      name: textMessages(t('org.rules.orgName'), t('org.rules.noEdgeSpaces')),
      sort: {},
    };
  }, [t]);
  const { dialog, rules } = useSchemaDialog({
    schema: majorSaveSchema,
    fields: majorFields,
    messages,
    fieldOfErrorKey: {
      'org.major_name_taken': 'name',
      'org.department_not_found': 'departmentId',
    },
    mutation: majorSaveMutationOptions(),
    body: (values: MajorFormValues): MajorSave => ({
      ...(major ? { id: major.id } : {}),
      departmentId: values.departmentId ?? '',
      name: values.name,
      sort: values.sort ?? 0,
    }),
    saved: t(major ? 'org.done.updated' : 'org.done.added'),
    onClose,
  });

  return (
    <FormDialog
      {...dialog}
      name={major ? `major-edit-${major.id}` : 'major-add'}
      title={major ? t('org.titles.editMajor', { name: major.name }) : t('org.titles.addMajor')}
      okText={t('org.actions.save')}
      cancelText={t('org.actions.cancel')}
      initialValues={{
        departmentId: major?.departmentId ?? departmentId,
        name: major?.name ?? '',
        sort: major?.sort ?? 0,
      }}
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
      <SortItem rules={rules('sort')} />
    </FormDialog>
  );
}
