import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Tag, type TableColumnType } from 'antd';
import {
  customerKindValues,
  serviceStatuses,
  type Customer,
  type CustomerKind,
  type ServiceStatus,
} from '@platform/contract';

/** Names, tags, shared columns and day bounds of customers, in the browser's time zone. */

const isDate = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date);

/** The first instant of a local date; '' when there is no date. */
export function startOfDay(date: string | undefined): string {
  if (!date || !isDate(date)) return date ?? '';
  return new Date(`${date}T00:00:00`).toISOString();
}

/** The last instant of a local date; '' when there is no date. */
export function endOfDay(date: string | undefined): string {
  if (!date || !isDate(date)) return date ?? '';
  return new Date(`${date}T23:59:59.999`).toISOString();
}

const statusColors: Record<ServiceStatus, string> = {
  active: 'green',
  expired: 'red',
  not_started: 'blue',
};

export function StatusTag({ status }: { status: ServiceStatus }) {
  const { t } = useTranslation();
  return <Tag color={statusColors[status]}>{t(`customers.status.${status}`)}</Tag>;
}

export interface Option<V> {
  value: V;
  label: string;
}

/** Translated kind and status names with their select options. */
export function useCustomerEnums() {
  const { t } = useTranslation();
  return useMemo(() => {
    const isKind = (kind: number): kind is CustomerKind =>
      (customerKindValues as readonly number[]).includes(kind);
    const kindName = (kind: number): string =>
      isKind(kind) ? t(`customers.kind.${kind}`) : String(kind);
    const kinds: Option<number>[] = customerKindValues.map((k) => ({
      value: k,
      label: kindName(k),
    }));
    const statuses: Option<ServiceStatus>[] = serviceStatuses.map((s) => ({
      value: s,
      label: t(`customers.status.${s}`),
    }));
    return { kindName, kinds, statuses };
  }, [t]);
}

/** The columns that the customer and service tables share. */
export function useCustomerColumns() {
  const { t } = useTranslation();
  const enums = useCustomerEnums();
  const columns = {
    name: { key: 'name', title: t('customers.fields.name'), dataIndex: 'name' },
    kind: {
      key: 'kind',
      title: t('customers.fields.kind'),
      dataIndex: 'kind',
      render: (kind: number) => enums.kindName(kind),
    },
    college: {
      key: 'college',
      title: t('customers.fields.college'),
      dataIndex: 'collegeName',
      render: (name: string | null) => name ?? '—',
    },
    status: {
      key: 'status',
      title: t('customers.fields.status'),
      dataIndex: 'status',
      render: (status: Customer['status']) => <StatusTag status={status} />,
    },
    remainingDays: {
      key: 'remainingDays',
      title: t('customers.fields.remainingDays'),
      dataIndex: 'remainingDays',
    },
  } satisfies Record<string, TableColumnType<Customer>>;
  return columns;
}

/** The spec's failure text ("Failed to add") with the server's reason after it. */
export function useFailureText() {
  const { t } = useTranslation();
  return (what: 'add' | 'update' | 'delete' | 'query', error: unknown) => {
    const text = t(`customers.failed.${what}`);
    const reason = error instanceof Error ? error.message : '';
    return reason ? t('customers.failedWith', { what: text, reason }) : text;
  };
}
