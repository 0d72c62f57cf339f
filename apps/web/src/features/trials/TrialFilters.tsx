import { useTranslation } from 'react-i18next';
import { Button, Form, Input } from 'antd';
import { trialLimits, type ProductDirection, type TrialStatus } from '@platform/contract';
import { FilterBar, SearchFilter, SelectFilter } from '../../shared/ui/Filters';
import type { TrialFilter } from './api';
import { useTrialOptions } from './trialFormat';

/** The dates a range filter holds, as date inputs hold them (YYYY-MM-DD); empty for none. */
export interface DateRange {
  from: string;
  to: string;
}

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
      <Form layout="inline" component="div">
        <Form.Item label={t('trials.fields.from')} htmlFor="trials-from">
          <Input
            id="trials-from"
            type="date"
            value={range.from}
            onChange={(e) => setRange({ ...range, from: e.target.value })}
          />
        </Form.Item>
        <Form.Item
          label={t('trials.fields.to')}
          htmlFor="trials-to"
          validateStatus={rangeError ? 'error' : undefined}
          help={rangeError}
        >
          <Input
            id="trials-to"
            type="date"
            value={range.to}
            onChange={(e) => setRange({ ...range, to: e.target.value })}
          />
        </Form.Item>
      </Form>
      {(range.from || range.to) && (
        <Button onClick={() => setRange({ from: '', to: '' })}>{t('trials.actions.reset')}</Button>
      )}
    </FilterBar>
  );
}
