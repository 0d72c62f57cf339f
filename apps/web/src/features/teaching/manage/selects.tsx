import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { coursePageQueryOptions } from '../../courses/manage/api';
import { studentPageQueryOptions } from '../../students/api';

/** Courses and students chosen by name, searched on the server. */

const searchSize = 50;

type CourseSelectProps = Omit<SelectProps<string>, 'options' | 'loading' | 'showSearch'> & {
  /** The course chosen already, offered even when the search does not find it. */
  current?: { id: string; name: string } | undefined;
};

/** A course of the caller's course centre (course/page), searched by name. */
export function CourseSelect({ current, ...props }: CourseSelectProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const courses = useQuery(
    coursePageQueryOptions({ pageNum: 1, pageSize: searchSize, ...(name ? { name } : {}) }),
  );
  const options = (courses.data?.records ?? []).map((c) => ({ value: c.id, label: c.name }));
  if (current && !options.some((o) => o.value === current.id))
    options.unshift({ value: current.id, label: current.name });
  return (
    <Select<string>
      showSearch={{ filterOption: false, onSearch: (text) => setName(text.trim()) }}
      loading={courses.isFetching}
      placeholder={t('teaching.manage.placeholders.course')}
      options={options}
      {...props}
    />
  );
}

/** A chosen student as the picker holds it: the id and what is shown. */
export interface StudentChoice {
  value: string;
  label: string;
}

type StudentPickerProps = Omit<
  SelectProps<StudentChoice[]>,
  'options' | 'loading' | 'showSearch' | 'mode' | 'labelInValue'
>;

/** Students of the school (students/page), searched by name; several may be chosen. */
export function StudentPicker(props: StudentPickerProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const students = useQuery(
    studentPageQueryOptions({ pageNum: 1, pageSize: searchSize, ...(name ? { name } : {}) }),
  );
  const options = (students.data?.records ?? []).map((s) => ({
    value: s.id,
    label: s.className ? `${s.name} (${s.username}, ${s.className})` : `${s.name} (${s.username})`,
  }));
  return (
    <Select<StudentChoice[]>
      mode="multiple"
      labelInValue
      showSearch={{ filterOption: false, onSearch: (text) => setName(text.trim()) }}
      loading={students.isFetching}
      placeholder={t('teaching.manage.placeholders.students')}
      options={options}
      {...props}
    />
  );
}
