import { useTranslation } from 'react-i18next';
import type { ServiceStatus } from '@platform/contract';
import { FilterBar, SearchFilter, SelectFilter } from '../../shared/ui/Filters';
import type { FilterBarProps } from '../../shared/usePaging';
import type { CustomerFilter } from './api';
import { CollegeSelect } from './CollegeSelect';
import { useCustomerEnums } from './customerFormat';

type FilterField = keyof CustomerFilter;
const allFilters: readonly FilterField[] = ['name', 'kind', 'collegeId', 'status'];

interface CustomerFiltersProps extends FilterBarProps<CustomerFilter> {
  /** Which filters to offer (default: all). */
  fields?: readonly FilterField[];
}

/** The filter bar of customer tables: name, kind, linked school and service status. */
export function CustomerFilters({ value, set, fields = allFilters }: CustomerFiltersProps) {
  const { t } = useTranslation();
  const enums = useCustomerEnums();
  return (
    <FilterBar>
      {fields.includes('name') && (
        <SearchFilter
          placeholder={t('customers.placeholders.searchName')}
          maxLength={50}
          width={220}
          onSearch={(name) => set('name', name)}
        />
      )}
      {fields.includes('kind') && (
        <SelectFilter<number>
          placeholder={t('customers.placeholders.allKinds')}
          width={150}
          value={value.kind}
          onChange={(v) => set('kind', v)}
          options={enums.kinds}
        />
      )}
      {fields.includes('collegeId') && (
        <CollegeSelect
          placeholder={t('customers.placeholders.allColleges')}
          style={{ width: 220 }}
          value={value.collegeId}
          onChange={(v) => set('collegeId', v)}
        />
      )}
      {fields.includes('status') && (
        <SelectFilter<ServiceStatus>
          placeholder={t('customers.placeholders.allStatuses')}
          width={150}
          value={value.status}
          onChange={(v) => set('status', v)}
          options={enums.statuses}
        />
      )}
    </FilterBar>
  );
}
