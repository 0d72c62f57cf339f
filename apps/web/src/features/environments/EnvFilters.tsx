import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { FilterBar, SearchFilter, SelectFilter } from '../../shared/ui/Filters';
import type { FilterBarProps } from '../../shared/usePaging';
import { envLabelsQueryOptions, type EnvPageQuery } from './api';
import { useEnvEnums } from './enums';

export type EnvFilter = Pick<EnvPageQuery, 'name' | 'type' | 'state' | 'experimentKind' | 'label'>;

type FilterField = keyof EnvFilter;
const allFilters: readonly FilterField[] = ['name', 'type', 'state', 'experimentKind', 'label'];

interface EnvFiltersProps extends FilterBarProps<EnvFilter> {
  /** Which filters to offer (default: all). */
  fields?: readonly FilterField[];
}

/** The filter bar of environment tables: name, type, state, experiment kind and label. */
export function EnvFilters({ value, set, fields = allFilters }: EnvFiltersProps) {
  const { t } = useTranslation();
  const enums = useEnvEnums();
  const labels = useQuery({ ...envLabelsQueryOptions(), enabled: fields.includes('label') });
  const select = <K extends 'type' | 'state' | 'experimentKind' | 'label'>(
    key: K,
    placeholder: string,
    options: { value: NonNullable<EnvFilter[K]>; label: string }[],
  ) =>
    fields.includes(key) && (
      <SelectFilter<NonNullable<EnvFilter[K]>>
        placeholder={placeholder}
        showSearch={key === 'label'}
        width={170}
        value={value[key] as NonNullable<EnvFilter[K]> | undefined}
        onChange={(v) => set(key, v)}
        options={options}
      />
    );

  return (
    <FilterBar>
      {fields.includes('name') && (
        <SearchFilter
          placeholder={t('environments.placeholders.searchName')}
          maxLength={100}
          width={220}
          onSearch={(name) => set('name', name)}
        />
      )}
      {select('type', t('environments.placeholders.allTypes'), enums.type)}
      {select('state', t('environments.placeholders.allStates'), enums.state)}
      {select('experimentKind', t('environments.placeholders.allKinds'), enums.experimentKind)}
      {select(
        'label',
        t('environments.placeholders.allLabels'),
        (labels.data ?? []).map((l) => ({ value: l, label: l })),
      )}
    </FilterBar>
  );
}
