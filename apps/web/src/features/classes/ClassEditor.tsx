import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import {
  classSaveSchema,
  orgNameLimits,
  type ClassRecord,
  type ClassSave,
  type MajorOption,
} from '@platform/contract';
import type { FieldMessages } from '../../shared/zodForm';
import { FormDialog } from '../../shared/ui/FormDialog';
import { textMessages, useSchemaDialog } from '../../shared/dialogForm';
import { majorsQueryOptions } from '../org/api';
import { classSaveMutationOptions } from './api';

type ClassField = 'name' | 'grade' | 'majorIds';
const classFields: readonly ClassField[] = ['name', 'grade', 'majorIds'];

interface ClassFormValues {
  name: string;
  grade: string;
  majorIds: string[];
}

/** The school's majors grouped by department, as select options. */
export function majorOptionGroups(majors: MajorOption[]) {
  const groups = new Map<string, { label: string; options: { value: string; label: string }[] }>();
  for (const m of majors) {
    const group = groups.get(m.departmentId) ?? { label: m.departmentName, options: [] };
    group.options.push({ value: m.id, label: m.name });
    groups.set(m.departmentId, group);
  }
  return [...groups.values()];
}

interface ClassEditorProps {
  /** The class to edit; none adds one. */
  record?: ClassRecord | undefined;
  onClose: () => void;
}

/** Adds or edits a class: name, grade and at least one suitable major (`classes/saveOrUpdate`). */
export function ClassEditor({ record, onClose }: ClassEditorProps) {
  const { t } = useTranslation();
  const majors = useQuery(majorsQueryOptions());
  const messages = useMemo<Record<ClassField, FieldMessages>>(() => {
    const grade = t('classes.rules.grade');
    const majorsText = t('classes.rules.majors');
    return {
      name: textMessages(t('classes.rules.orgName'), t('classes.rules.noEdgeSpaces')),
      grade: { required: grade, invalid_format: grade },
      majorIds: { required: majorsText, invalid_format: majorsText, invalid_value: majorsText },
    };
  }, [t]);
  const { dialog, rules } = useSchemaDialog({
    schema: classSaveSchema,
    fields: classFields,
    messages,
    fieldOfErrorKey: {
      'classes.name_taken': 'name',
      'org.major_not_found': 'majorIds',
    },
    mutation: classSaveMutationOptions(),
    body: (values: ClassFormValues): ClassSave => ({
      ...(record ? { id: record.id } : {}),
      name: values.name,
      grade: values.grade,
      majorIds: values.majorIds,
    }),
    saved: t(record ? 'classes.done.updated' : 'classes.done.added'),
    onClose,
  });

  return (
    <FormDialog
      {...dialog}
      name={record ? `class-edit-${record.id}` : 'class-add'}
      title={
        record ? t('classes.titles.editClass', { name: record.name }) : t('classes.titles.addClass')
      }
      okText={t('classes.actions.save')}
      cancelText={t('classes.actions.cancel')}
      initialValues={{
        name: record?.name ?? '',
        grade: record?.grade ?? '',
        majorIds: record?.majors.map((m) => m.id) ?? [],
      }}
    >
      <Form.Item name="name" label={t('classes.fields.className')} required rules={rules('name')}>
        <Input
          placeholder={t('classes.placeholders.className')}
          maxLength={orgNameLimits.max + 10}
        />
      </Form.Item>
      <Form.Item
        name="grade"
        label={t('classes.fields.grade')}
        required
        extra={t('classes.hints.grade')}
        rules={rules('grade')}
      >
        <Input placeholder={t('classes.placeholders.grade')} maxLength={4} inputMode="numeric" />
      </Form.Item>
      <Form.Item
        name="majorIds"
        label={t('classes.fields.majors')}
        required
        rules={rules('majorIds')}
      >
        <Select
          mode="multiple"
          placeholder={t('classes.placeholders.majors')}
          loading={majors.isPending}
          options={majorOptionGroups(majors.data ?? [])}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
    </FormDialog>
  );
}
