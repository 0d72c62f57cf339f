import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Input, Segmented, Select, Space } from 'antd';
import { orgNameLimits } from '@platform/contract';
import { majorsQueryOptions } from '../org/api';
import type { ClassPageQuery } from './api';
import { majorOptionGroups } from './ClassEditor';

export type ClassFilter = Pick<ClassPageQuery, 'name' | 'grade' | 'majorId' | 'archived'>;

interface ClassFiltersProps {
  value: ClassFilter;
  onChange: (next: ClassFilter) => void;
}

/** The filter bar of the class table: name, grade, major, and classes in use or archived. */
export function ClassFilters({ value, onChange }: ClassFiltersProps) {
  const { t } = useTranslation();
  const majors = useQuery(majorsQueryOptions());
  const set = <K extends keyof ClassFilter>(key: K, v: ClassFilter[K] | null) =>
    onChange({ ...value, [key]: v ?? undefined });

  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Segmented<'in-use' | 'archived'>
        value={value.archived ? 'archived' : 'in-use'}
        onChange={(v) => set('archived', v === 'archived' ? 'true' : undefined)}
        options={[
          { value: 'in-use', label: t('classes.filters.inUse') },
          { value: 'archived', label: t('classes.filters.archived') },
        ]}
      />
      <Input.Search
        aria-label={t('classes.placeholders.searchName')}
        placeholder={t('classes.placeholders.searchName')}
        allowClear
        maxLength={orgNameLimits.max}
        style={{ width: 200 }}
        onSearch={(name) => set('name', name.trim() || undefined)}
      />
      <Input.Search
        aria-label={t('classes.placeholders.filterGrade')}
        placeholder={t('classes.placeholders.filterGrade')}
        allowClear
        maxLength={4}
        style={{ width: 140 }}
        onSearch={(grade) => set('grade', grade.trim() || undefined)}
      />
      <Select<string>
        aria-label={t('classes.placeholders.allMajors')}
        placeholder={t('classes.placeholders.allMajors')}
        allowClear
        style={{ width: 200 }}
        value={value.majorId}
        onChange={(v) => set('majorId', v)}
        options={majorOptionGroups(majors.data ?? [])}
        showSearch={{ optionFilterProp: 'label' }}
      />
    </Space>
  );
}
