import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Typography } from 'antd';
import type { CostPreview, CostPreviewQuery } from '@platform/contract';
import { yuanOf } from '../../shared/money';
import { formatTime } from '../../shared/dates';
import { costPreviewQueryOptions } from './api';

/** The cost of a lab before it starts, shown on the lab's screens (management spec §9, decision 0030). */

/** The preview of a lab of these sizes; none while `query` is null. */
export function useCostPreview(query: CostPreviewQuery | null) {
  return useQuery({
    ...costPreviewQueryOptions(query ?? { expEnvId: '' }),
    enabled: query !== null,
  });
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
      ? t('billing.preview.perHour', { amount: yuan(preview.fenPerHour) })
      : t('billing.preview.noPrice'),
  ];
  if (preview.untimedUntil)
    parts.push(t('billing.preview.untimed', { date: formatTime(preview.untimedUntil) }));
  else {
    if (preview.packageSeconds > 0)
      parts.push(
        t('billing.preview.package', {
          hours: Math.round((preview.packageSeconds / 3600) * 10) / 10,
        }),
      );
    parts.push(
      preview.hoursLeft === null
        ? t('billing.preview.balance', { amount: yuan(preview.totalFen) })
        : t('billing.preview.balanceHours', {
            amount: yuan(preview.totalFen),
            hours: Math.floor(preview.hoursLeft * 10) / 10,
          }),
    );
  }
  return (
    <Typography.Text
      type="secondary"
      className="billing-cost"
      aria-label={t('billing.preview.label')}
    >
      {parts.join(' · ')}
    </Typography.Text>
  );
}

/** Why the lab would not start now, in the server's words. */
export function CostRefusal({ preview }: { preview: CostPreview | undefined }) {
  if (!preview?.refusal) return null;
  return <Alert type="warning" showIcon title={preview.refusal} />;
}
