import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { classOptionsQueryOptions } from './api';

type ClassSelectProps = Omit<SelectProps<string>, 'options' | 'loading'> & {
  /** Offer archived classes too (filters); forms offer only classes that take students. */
  withArchived?: boolean;
  /** A class offered even when archived: the one a student is in now. */
  keep?: string | null | undefined;
};

/** The school's classes (classes/list), for filters and student forms. */
export function ClassSelect({ withArchived = false, keep, ...props }: ClassSelectProps) {
  const { t } = useTranslation();
  const classes = useQuery(classOptionsQueryOptions());
  const options = (classes.data ?? [])
    .filter((c) => withArchived || !c.archived || c.id === keep)
    .map((c) => ({
      value: c.id,
      label: c.archived ? t('students.hints.archivedOption', { name: c.name }) : c.name,
    }));
  return (
    <Select<string>
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('students.placeholders.select')}
      loading={classes.isPending}
      options={options}
      {...props}
    />
  );
}
