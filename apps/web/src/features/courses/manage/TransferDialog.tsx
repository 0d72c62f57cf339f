import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { courseTransferSchema, type CourseSummary } from '@platform/contract';
import { useSchemaDialog } from '../../../shared/dialogForm';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { teacherPageQueryOptions } from '../../teachers/api';
import { courseTransferMutationOptions } from './api';

type Field = 'teacherId';
const fields: readonly Field[] = ['teacherId'];

/** Gives a course of the school to another teacher of the school, chosen by name. */
export function TransferDialog({
  course,
  onClose,
}: {
  course: CourseSummary;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const teachers = useQuery(
    teacherPageQueryOptions({
      pageNum: 1,
      pageSize: 50,
      ...(name ? { name } : {}),
    }),
  );
  const teacherRule = t('courses.manage.rules.teacher');
  const { dialog, rules } = useSchemaDialog({
    schema: courseTransferSchema,
    fields,
    messages: { teacherId: { required: teacherRule, invalid_format: teacherRule } },
    fieldOfErrorKey: { 'courses.teacher_not_found': 'teacherId' },
    mutation: courseTransferMutationOptions(),
    body: (values: { teacherId: string }) => ({ id: course.id, teacherId: values.teacherId }),
    saved: t('courses.manage.done.transferred'),
    onClose,
  });
  const options = (teachers.data?.records ?? [])
    .filter((teacher) => teacher.id !== course.authorId)
    .map((teacher) => ({
      value: teacher.id,
      label: teacher.phone ? `${teacher.name} (${teacher.phone})` : teacher.name,
    }));

  return (
    <FormDialog
      {...dialog}
      name={`course-transfer-${course.id}`}
      title={t('courses.manage.titles.transfer', { name: course.name })}
      okText={t('courses.manage.actions.ok')}
      cancelText={t('courses.manage.actions.cancel')}
      initialValues={{}}
    >
      <Form.Item
        name="teacherId"
        label={t('courses.manage.fields.teacher')}
        required
        rules={rules('teacherId')}
      >
        <Select
          aria-label={t('courses.manage.fields.teacher')}
          showSearch={{ filterOption: false, onSearch: (text) => setName(text.trim()) }}
          loading={teachers.isFetching}
          placeholder={t('courses.manage.placeholders.teacher')}
          options={options}
        />
      </Form.Item>
    </FormDialog>
  );
}
