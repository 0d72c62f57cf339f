import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import {
  adjustmentKinds,
  chargingItems,
  courseSpecialties,
  orderTypes,
  packageEffects,
  packageStackings,
  packageStatuses,
  packageTypes,
  settlements,
  type ChargingItem,
  type PackageStatus,
} from '@platform/contract';
import { yuanOf } from '../../shared/money';

/** Money, units and names of the money screens. */

/** Fen of an amount in yuan as a form holds it; none when empty, NaN when not a number. */
export function fenOf(yuan: number | string | null | undefined): number | undefined {
  if (yuan === null || yuan === undefined || yuan === '') return undefined;
  const value = Number(yuan);
  return Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
}

/** Yuan of an amount in fen, as a form's number input holds it. */
export const yuanInputOf = (fen: number) => fen / 100;

/** Hours of a number of seconds, to at most two decimals. */
export const hoursOf = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

/**
 * A fresh key that makes one submission idempotent: 32 hex digits. `getRandomValues` works on
 * plain-http addresses too, where `randomUUID` does not.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The first moment of the local month `months` after the instant, on the same day and time. */
export function addMonths(iso: string, months: number): string {
  const d = new Date(iso);
  const day = d.getDate();
  d.setDate(1);
  d.setMonth(d.getMonth() + months);
  const last = new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate();
  d.setDate(Math.min(day, last));
  return d.toISOString();
}

export interface Option<V> {
  value: V;
  label: string;
}

/** Amounts, counts and units in the reader's language. */
export function useMoney() {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const amount = (fen: number) => yuanOf(fen, i18n.language);
    const yuan = (fen: number) => t('billing.values.yuan', { amount: amount(fen) });
    const unit = (item: ChargingItem) => t(`billing.unit.${item}`);
    const perUnit = (fen: number, item: ChargingItem) =>
      t('billing.values.perUnit', { price: amount(fen), unit: unit(item) });
    const hours = (seconds: number) => t('billing.values.hours', { hours: hoursOf(seconds) });
    /** A change of a balance, with its sign. */
    const signed = (fen: number) => (fen > 0 ? `+${amount(fen)}` : amount(fen));
    const count = (n: number) => n.toLocaleString(i18n.language);
    return { amount, yuan, unit, perUnit, hours, signed, count };
  }, [t, i18n.language]);
}

/** The values of an account that the index and the account's page show alike. */
export function useAccountValues() {
  const { t } = useTranslation();
  const money = useMoney();
  return {
    metered: (metered: boolean) =>
      metered ? (
        <Tag color="green">{t('billing.values.metered')}</Tag>
      ) : (
        <Tag>{t('billing.values.unmetered')}</Tag>
      ),
    spendLimit: (fen: number | null) =>
      fen === null ? t('billing.values.unlimited') : money.yuan(fen),
    dailyHours: (hours: number | null) =>
      hours === null ? t('billing.values.unlimited') : t('billing.values.hoursPerDay', { hours }),
  };
}

/** Translated names and select options of the money enums. */
export function useBillingEnums() {
  const { t } = useTranslation();
  return useMemo(() => {
    const options = <V extends string>(values: readonly V[], name: (v: V) => string) =>
      values.map((value): Option<V> => ({ value, label: name(value) }));
    return {
      items: options(chargingItems, (v) => t(`billing.item.${v}`)),
      packageTypes: options(packageTypes, (v) => t(`billing.packageType.${v}`)),
      packageStatuses: options(packageStatuses, (v) => t(`billing.packageStatus.${v}`)),
      stackings: options(packageStackings, (v) => t(`billing.stacking.${v}`)),
      effects: options(packageEffects, (v) => t(`billing.effect.${v}`)),
      orderTypes: options(orderTypes, (v) => t(`billing.orderType.${v}`)),
      settlements: options(settlements, (v) => t(`billing.settlement.${v}`)),
      majors: options(courseSpecialties, (v) => t(`billing.major.${v}`)),
      adjustKinds: options(adjustmentKinds, (v) => t(`billing.adjustKind.${v}`)),
    };
  }, [t]);
}

const statusColors: Record<PackageStatus, string> = {
  effective: 'green',
  ineffective: 'default',
  invalid: 'red',
};

export function PackageStatusTag({ status }: { status: PackageStatus }) {
  const { t } = useTranslation();
  return <Tag color={statusColors[status]}>{t(`billing.packageStatus.${status}`)}</Tag>;
}

/** Tags of the majors a package or order opens. */
export function MajorTags({ majors }: { majors: readonly (typeof courseSpecialties)[number][] }) {
  const { t } = useTranslation();
  return (
    <span className="billing-tags">
      {majors.map((m) => (
        <Tag key={m}>{t(`billing.major.${m}`)}</Tag>
      ))}
    </span>
  );
}

type Failure =
  | 'packages'
  | 'prices'
  | 'recharge'
  | 'order'
  | 'usage'
  | 'accounts'
  | 'account'
  | 'ledger'
  | 'overview'
  | 'save'
  | 'add'
  | 'update'
  | 'withdraw';

/** The spec's failure text ("Failed to get usage details") with the server's reason after it. */
export function useFailureText() {
  const { t } = useTranslation();
  return (what: Failure, error: unknown) => {
    const text = t(`billing.failed.${what}`);
    const reason = error instanceof Error ? error.message : '';
    return reason ? t('billing.failedWith', { what: text, reason }) : text;
  };
}
