import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import {
  productDirections,
  smsKinds,
  trialStatuses,
  type SmsKind,
  type TrialStatus,
} from '@platform/contract';

/** Names and tags of trial statuses, product directions, subjects and message kinds. */

const statusColors: Record<TrialStatus, string> = { applying: 'orange', processed: 'green' };

export function TrialStatusTag({ status }: { status: TrialStatus }) {
  const { t } = useTranslation();
  return <Tag color={statusColors[status]}>{t(`trials.status.${status}`)}</Tag>;
}

export function SmsKindTag({ kind }: { kind: SmsKind }) {
  const { t } = useTranslation();
  return (
    <Tag color={kind === 'verification_code' ? 'blue' : 'purple'}>{t(`trials.kind.${kind}`)}</Tag>
  );
}

/** Select options of the statuses, directions and message kinds, in the user's language. */
export function useTrialOptions() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      statuses: trialStatuses.map((s) => ({ value: s, label: t(`trials.status.${s}`) })),
      directions: productDirections.map((d) => ({
        value: d,
        label: t(`trials.direction.${d}`),
      })),
      kinds: smsKinds.map((k) => ({ value: k, label: t(`trials.kind.${k}`) })),
    }),
    [t],
  );
}
