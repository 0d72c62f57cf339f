import { useTranslation } from 'react-i18next';
import { trialLimits, type ProductDirection, type TrialStatus } from '@platform/contract';
import { DateRangeFilter, type DateRange } from '../../shared/ui/DateRangeFilter';
import { FilterBar, SearchFilter, SelectFilter } from '../../shared/ui/Filters';
import type { TrialFilter } from './api';
import { useTrialOptions } from './trialFormat';

interface TrialFiltersProps {
  filter: TrialFilter;
  set: <N extends keyof TrialFilter>(name: N, value: TrialFilter[N] | undefined) => void;
  range: DateRange;
  setRange: (range: DateRange) => void;
  /** What is wrong with the range, if anything. */
  rangeError: string | null;
}

/** The trial list's filters: a keyword, the status, the direction and when they applied. */
export function TrialFilters({ filter, set, range, setRange, rangeError }: TrialFiltersProps) {
  const { t } = useTranslation();
  const options = useTrialOptions();
  return (
    <FilterBar>
      <SearchFilter
        placeholder={t('trials.placeholders.keyword')}
        maxLength={trialLimits.collegeNameMax}
        width={240}
        onSearch={(keyword) => set('keyword', keyword)}
      />
      <SelectFilter<TrialStatus>
        placeholder={t('trials.placeholders.allStatuses')}
        width={140}
        value={filter.status}
        onChange={(status) => set('status', status)}
        options={options.statuses}
      />
      <SelectFilter<ProductDirection>
        placeholder={t('trials.placeholders.allDirections')}
        width={180}
        value={filter.productDirection}
        onChange={(direction) => set('productDirection', direction)}
        options={options.directions}
      />
      <DateRangeFilter
        id="trials"
        labels={{
          from: t('trials.fields.from'),
          to: t('trials.fields.to'),
          reset: t('trials.actions.reset'),
        }}
        value={range}
        onChange={setRange}
        error={rangeError}
      />
    </FilterBar>
  );
}
