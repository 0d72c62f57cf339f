import { useTranslation } from 'react-i18next';
import { Input, Select, Space } from 'antd';
import type { ServiceStatus } from '@platform/contract';
import type { CustomerFilter } from './api';
import { CollegeSelect } from './CollegeSelect';
import { useCustomerEnums } from './customerFormat';

type FilterField = keyof CustomerFilter;
const allFilters: readonly FilterField[] = ['name', 'kind', 'collegeId', 'status'];

interface CustomerFiltersProps {
  value: CustomerFilter;
  onChange: (next: CustomerFilter) => void;
  /** Which filters to offer (default: all). */
  fields?: readonly FilterField[];
}

/** The filter bar of customer tables: name, kind, linked school and service status. */
export function CustomerFilters({ value, onChange, fields = allFilters }: CustomerFiltersProps) {
  const { t } = useTranslation();
  const enums = useCustomerEnums();
  const set = <K extends FilterField>(key: K, v: CustomerFilter[K] | null | undefined) =>
    onChange({ ...value, [key]: v ?? undefined });
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      {fields.includes('name') && (
        <Input.Search
          aria-label={t('customers.placeholders.searchName')}
          placeholder={t('customers.placeholders.searchName')}
          allowClear
          maxLength={50}
          style={{ width: 220 }}
          onSearch={(name) => set('name', name.trim() || undefined)}
        />
      )}
      {fields.includes('kind') && (
        <Select<number>
          aria-label={t('customers.placeholders.allKinds')}
          placeholder={t('customers.placeholders.allKinds')}
          allowClear
          style={{ width: 150 }}
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
        <Select<ServiceStatus>
          aria-label={t('customers.placeholders.allStatuses')}
          placeholder={t('customers.placeholders.allStatuses')}
          allowClear
          style={{ width: 150 }}
          value={value.status}
          onChange={(v) => set('status', v)}
          options={enums.statuses}
        />
      )}
    </Space>
  );
}
