import { useTranslation } from 'react-i18next';
import { rootRegionId } from '@platform/contract';
import { FilterBar, SearchFilter, SelectFilter } from '../../shared/ui/Filters';
import type { CollegeFilter } from './api';
import { schoolTypeOptions, useLang } from './collegeFormat';
import { RegionSelect } from './RegionSelect';

interface CollegeFiltersProps {
  value: CollegeFilter;
  onChange: (next: CollegeFilter) => void;
}

/** The filter bar of the colleges table: name, type, province and city, state. */
export function CollegeFilters({ value, onChange }: CollegeFiltersProps) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const set = (change: Partial<CollegeFilter>) => onChange({ ...value, ...change });

  return (
    <FilterBar>
      <SearchFilter
        placeholder={t('colleges.placeholders.searchName')}
        maxLength={50}
        width={220}
        onSearch={(name) => set({ name })}
      />
      <SelectFilter<number>
        placeholder={t('colleges.placeholders.allTypes')}
        width={180}
        value={value.type}
        onChange={(type) => set({ type })}
        options={schoolTypeOptions(lang)}
      />
      <RegionSelect
        pid={rootRegionId}
        placeholder={t('colleges.placeholders.allProvinces')}
        style={{ width: 160 }}
        value={value.province}
        // A new province starts its cities over.
        onChange={(province) => set({ province, city: undefined })}
      />
      <RegionSelect
        pid={value.province}
        placeholder={t('colleges.placeholders.allCities')}
        style={{ width: 160 }}
        value={value.city}
        onChange={(city) => set({ city })}
      />
      <SelectFilter<'true' | 'false'>
        placeholder={t('colleges.placeholders.allStates')}
        width={130}
        value={value.enabled}
        onChange={(enabled) => set({ enabled })}
        options={[
          { value: 'true', label: t('colleges.state.enabled') },
          { value: 'false', label: t('colleges.state.disabled') },
        ]}
      />
    </FilterBar>
  );
}
