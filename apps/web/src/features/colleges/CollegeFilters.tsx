import { useTranslation } from 'react-i18next';
import { Input, Select, Space } from 'antd';
import { rootRegionId } from '@platform/contract';
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
    <Space wrap style={{ marginBottom: 16 }}>
      <Input.Search
        aria-label={t('colleges.placeholders.searchName')}
        placeholder={t('colleges.placeholders.searchName')}
        allowClear
        maxLength={50}
        style={{ width: 220 }}
        onSearch={(name) => set({ name: name.trim() || undefined })}
      />
      <Select<number>
        aria-label={t('colleges.placeholders.allTypes')}
        placeholder={t('colleges.placeholders.allTypes')}
        allowClear
        style={{ width: 180 }}
        value={value.type}
        onChange={(type) => set({ type: type ?? undefined })}
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
      <Select<'true' | 'false'>
        aria-label={t('colleges.placeholders.allStates')}
        placeholder={t('colleges.placeholders.allStates')}
        allowClear
        style={{ width: 130 }}
        value={value.enabled}
        onChange={(enabled) => set({ enabled: enabled ?? undefined })}
        options={[
          { value: 'true', label: t('colleges.state.enabled') },
          { value: 'false', label: t('colleges.state.disabled') },
        ]}
      />
    </Space>
  );
}
