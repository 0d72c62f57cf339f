import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Typography } from 'antd';
import type { CostPreview, CostPreviewQuery } from '@platform/contract';
import { yuanOf } from '../../shared/money';
import { formatTime } from '../../shared/dates';
import { costPreviewQueryOptions } from './api';

/** The cost preview of a lab before it starts (management spec §9, decision 0030). */

/** The preview of a lab of these sizes; none while `query` is null. */
export function useCostPreview(query: CostPreviewQuery | null) {
  return useQuery({
    ...costPreviewQueryOptions(query ?? { expEnvId: '' }),
    enabled: query !== null,
  });
}

/** `value` once it has stayed the same for `ms` (compared as JSON). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const json = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(json) as T), ms);
    return () => clearTimeout(timer);
  }, [json, ms]);
  return settled;
}

/**
 * The price an hour and what pays for it: an untimed package until its end, the package hours
 * left, or the balance and the hours it lasts. Nothing for a school that is not charged.
 */
export function CostLine({ preview }: { preview: CostPreview | undefined }) {
  const { t, i18n } = useTranslation();
  if (!preview?.metered) return null;
  const yuan = (fen: number) => yuanOf(fen, i18n.language);
  const parts: string[] = [
    preview.fenPerHour > 0
      ? t('environment.cost.perHour', { amount: yuan(preview.fenPerHour) })
      : t('environment.cost.noPrice'),
  ];
  if (preview.untimedUntil)
    parts.push(t('environment.cost.untimed', { date: formatTime(preview.untimedUntil) }));
  else {
    if (preview.packageSeconds > 0)
      parts.push(
        t('environment.cost.package', {
          hours: Math.round((preview.packageSeconds / 3600) * 10) / 10,
        }),
      );
    parts.push(
      preview.hoursLeft === null
        ? t('environment.cost.balance', { amount: yuan(preview.totalFen) })
        : t('environment.cost.balanceHours', {
            amount: yuan(preview.totalFen),
            hours: Math.floor(preview.hoursLeft * 10) / 10,
          }),
    );
  }
  return (
    <Typography.Text type="secondary" className="env-cost" aria-label={t('environment.cost.label')}>
      {parts.join(' · ')}
    </Typography.Text>
  );
}

/** Why the lab would not start now, in the server's words. */
export function CostRefusal({ preview }: { preview: CostPreview | undefined }) {
  if (!preview?.refusal) return null;
  return <Alert type="warning" showIcon title={preview.refusal} />;
}
