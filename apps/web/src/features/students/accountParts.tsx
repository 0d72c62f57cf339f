import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { Popconfirm, Switch, Tag, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { accountStatuses, type AccountStatus } from '@platform/contract';
import { isRequestError } from '../../shared/request';
import { toast } from '../../shared/toast';
import { fieldErrorText } from '../../shared/zodForm';
import { areaPath, splitAreaPath } from '../../shared/permissions/menuRoutes';
import { SelectFilter } from '../../shared/ui/Filters';

/** Pieces the teacher and student screens share: status, gender, failures, navigation. */

/** The gender choices of account forms. */
export function useSexOptions() {
  const { t } = useTranslation();
  return [
    { value: 1, label: t('students.account.sex.male') },
    { value: 2, label: t('students.account.sex.female') },
  ];
}

export const studentPaths = {
  list: 'school/students',
  add: 'school/students/add',
  edit: 'school/students/edit',
  detail: 'school/students/detail',
  newAccount: 'school/students/new-account',
} as const;

/** Navigation to a path of the signed-in area, keeping the current school prefix. */
export function useAreaNavigate() {
  const navigate = useNavigate();
  const { prefix } = splitAreaPath(useLocation().pathname);
  return (path: string, search = '') => void navigate(`${areaPath(prefix, path)}${search}`);
}

/** Back to where the user came from, or to `fallback` when the page was opened directly. */
export function useBack(fallback: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const go = useAreaNavigate();
  return () => (location.key === 'default' ? go(fallback) : void navigate(-1));
}

const statusColors: Record<AccountStatus, string> = {
  normal: 'success',
  deactivated: 'default',
  expired: 'warning',
};

export function StatusTag({ status }: { status: AccountStatus }) {
  const { t } = useTranslation();
  return <Tag color={statusColors[status]}>{t(`students.account.status.${status}`)}</Tag>;
}

interface StatusFilterProps {
  width: number;
  value: AccountStatus | undefined;
  onChange: (status: AccountStatus | undefined) => void;
}

/** The account status filter of an account table. */
export function StatusFilter({ width, value, onChange }: StatusFilterProps) {
  const { t } = useTranslation();
  return (
    <SelectFilter<AccountStatus>
      placeholder={t('students.account.allStatuses')}
      width={width}
      value={value}
      onChange={onChange}
      options={accountStatuses.map((status) => ({
        value: status,
        label: t(`students.account.status.${status}`),
      }))}
    />
  );
}

export function sexText(t: TFunction, sex: number | null | undefined): string {
  if (sex === 1) return t('students.account.sex.male');
  if (sex === 2) return t('students.account.sex.female');
  return t('students.account.none');
}

export function formatTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(language, { hour12: false });
}

interface EnableSwitchProps {
  name: string;
  enabled: boolean;
  pending: boolean;
  onChange: (enabled: boolean) => void;
}

/** The enabled switch of an account row; turning it either way asks first. */
export function EnableSwitch({ name, enabled, pending, onChange }: EnableSwitchProps) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t(enabled ? 'students.account.confirmDisable' : 'students.account.confirmEnable', {
        name,
      })}
      okText={t('students.account.ok')}
      cancelText={t('students.account.cancel')}
      okButtonProps={enabled ? { danger: true } : {}}
      onConfirm={() => onChange(!enabled)}
    >
      <Switch
        checked={enabled}
        loading={pending}
        aria-label={t(enabled ? 'students.account.disable' : 'students.account.enable')}
        checkedChildren={t('students.account.enable')}
        unCheckedChildren={t('students.account.disable')}
      />
    </Popconfirm>
  );
}

export type FailedAction = 'add' | 'update' | 'delete' | 'operation';

/** A failure in the words of spec §8, with the server's reason: "Failed to add: …". */
export function failureText(t: TFunction, action: FailedAction, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return t(`students.account.failed.${action}`, { reason });
}

export interface FieldError<F extends string> {
  name: F;
  errors: string[];
}

/**
 * A failed save's errors on the form's inputs. A business refusal that concerns one input (a
 * number in use, an archived class) shows the server's message on it.
 */
export function requestFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  fieldOfErrorKey: Partial<Record<string, NoInfer<F>>> = {},
): FieldError<F>[] {
  if (!isRequestError(error)) return [];
  const byKey = error.errorKey ? fieldOfErrorKey[error.errorKey] : undefined;
  const out: FieldError<F>[] = [];
  for (const name of fields) {
    if (name === byKey) out.push({ name, errors: [error.message] });
    else if (error.fields?.[name] !== undefined)
      out.push({ name, errors: [fieldErrorText(error.fields[name] ?? '')] });
  }
  return out;
}

interface AccountRow {
  id: string;
  name: string;
  status: AccountStatus;
  enabled: boolean;
  createdAt: string;
}

/**
 * The status, enable switch (with `canEnable`) and creation-time columns of an account table,
 * with the enable call behind the switch.
 */
export function useAccountStateColumns<T extends AccountRow, R>(
  enableOptions: UseMutationOptions<R, Error, { id: string; enabled: boolean }>,
  canEnable: boolean,
  fields: 'students.fields' | 'teachers.fields',
): TableColumnsType<T> {
  const { t, i18n } = useTranslation();
  const enable = useMutation(enableOptions);
  const setEnabled = (account: T, enabled: boolean) =>
    enable.mutate(
      { id: account.id, enabled },
      {
        onSuccess: () =>
          toast.success(t(enabled ? 'students.account.enabled' : 'students.account.disabled')),
        onError: (error) => toast.error(failureText(t, 'update', error)),
      },
    );
  return [
    {
      key: 'status',
      dataIndex: 'status',
      title: t(`${fields}.status`),
      render: (status: AccountStatus) => <StatusTag status={status} />,
    },
    ...(canEnable
      ? [
          {
            key: 'enabled',
            title: t(`${fields}.enabled`),
            render: (_: unknown, account: T) => (
              <EnableSwitch
                name={account.name}
                enabled={account.enabled}
                pending={enable.isPending && enable.variables?.id === account.id}
                onChange={(enabled) => setEnabled(account, enabled)}
              />
            ),
          },
        ]
      : []),
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t(`${fields}.createdAt`),
      render: (iso: string) => formatTime(iso, i18n.language),
    },
  ];
}
