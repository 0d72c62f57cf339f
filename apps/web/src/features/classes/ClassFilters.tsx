import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Segmented } from 'antd';
import { orgNameLimits } from '@platform/contract';
import { FilterBar, SearchFilter, SelectFilter } from '../../shared/ui/Filters';
import type { FilterBarProps } from '../../shared/usePaging';
import { majorsQueryOptions } from '../org/api';
import type { ClassPageQuery } from './api';
import { majorOptionGroups } from './ClassEditor';

export type ClassFilter = Pick<ClassPageQuery, 'name' | 'grade' | 'majorId' | 'archived'>;

/** The filter bar of the class table: name, grade, major, and classes in use or archived. */
export function ClassFilters({ value, set }: FilterBarProps<ClassFilter>) {
  const { t } = useTranslation();
  const majors = useQuery(majorsQueryOptions());

  return (
    <FilterBar>
      <Segmented<'in-use' | 'archived'>
        value={value.archived ? 'archived' : 'in-use'}
        onChange={(v) => set('archived', v === 'archived' ? 'true' : undefined)}
        options={[
          { value: 'in-use', label: t('classes.filters.inUse') },
          { value: 'archived', label: t('classes.filters.archived') },
        ]}
      />
      <SearchFilter
        placeholder={t('classes.placeholders.searchName')}
        maxLength={orgNameLimits.max}
        width={200}
        onSearch={(name) => set('name', name)}
      />
      <SearchFilter
        placeholder={t('classes.placeholders.filterGrade')}
        maxLength={4}
        width={140}
        onSearch={(grade) => set('grade', grade)}
      />
      <SelectFilter<string>
        placeholder={t('classes.placeholders.allMajors')}
        width={200}
        value={value.majorId}
        onChange={(v) => set('majorId', v)}
        options={majorOptionGroups(majors.data ?? [])}
        showSearch={{ optionFilterProp: 'label' }}
      />
    </FilterBar>
  );
}
