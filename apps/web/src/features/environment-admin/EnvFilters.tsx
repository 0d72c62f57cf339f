import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Select, Space } from 'antd';
import { envLabelsQueryOptions } from './api';
import { useEnvEnums } from './enums';
import { FilterSearch } from './FilterSearch';
import type { EnvFilter } from './useEnvPage';

type FilterField = keyof EnvFilter;
const allFilters: readonly FilterField[] = ['name', 'type', 'state', 'experimentKind', 'label'];

interface EnvFiltersProps {
  value: EnvFilter;
  onChange: (next: EnvFilter) => void;
  /** Which filters to offer (default: all). */
  fields?: readonly FilterField[];
}

/** The filter bar of environment tables: name, type, state, experiment kind and label. */
export function EnvFilters({ value, onChange, fields = allFilters }: EnvFiltersProps) {
  const { t } = useTranslation();
  const enums = useEnvEnums();
  const labels = useQuery({ ...envLabelsQueryOptions(), enabled: fields.includes('label') });
  const set = <K extends FilterField>(key: K, v: EnvFilter[K] | null | undefined) =>
    onChange({ ...value, [key]: v ?? undefined });
  const select = <K extends 'type' | 'state' | 'experimentKind' | 'label'>(
    key: K,
    placeholder: string,
    options: { value: NonNullable<EnvFilter[K]>; label: string }[],
  ) =>
    fields.includes(key) && (
      <Select<NonNullable<EnvFilter[K]>>
        aria-label={placeholder}
        placeholder={placeholder}
        allowClear
        showSearch={key === 'label'}
        style={{ width: 170 }}
        value={value[key] as NonNullable<EnvFilter[K]> | undefined}
        onChange={(v) => set(key, v)}
        options={options}
      />
    );

  return (
    <Space wrap style={{ marginBottom: 16 }}>
      {fields.includes('name') && (
        <FilterSearch
          placeholder={t('envAdmin.placeholders.searchName')}
          maxLength={100}
          width={220}
          onSearch={(name) => set('name', name)}
        />
      )}
      {select('type', t('envAdmin.placeholders.allTypes'), enums.type)}
      {select('state', t('envAdmin.placeholders.allStates'), enums.state)}
      {select('experimentKind', t('envAdmin.placeholders.allKinds'), enums.experimentKind)}
      {select(
        'label',
        t('envAdmin.placeholders.allLabels'),
        (labels.data ?? []).map((l) => ({ value: l, label: l })),
      )}
    </Space>
  );
}
