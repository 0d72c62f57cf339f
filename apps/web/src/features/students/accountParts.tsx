import { useTranslation } from 'react-i18next';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import {
  Form,
  Input,
  Popconfirm,
  Radio,
  Switch,
  Tag,
  type FormInstance,
  type FormRule,
  type TableColumnsType,
} from 'antd';
import type { TFunction } from 'i18next';
import { accountStatuses, type AccountStatus } from '@platform/contract';
import { saveErrors } from '../../shared/dialogForm';
import { toast } from '../../shared/toast';
import { SelectFilter } from '../../shared/ui/Filters';
import { formatTime } from '../../shared/dates';
import { setFieldErrors } from '../../shared/zodForm';

/** Pieces the teacher and student screens share: status, gender, forms, failures, paths. */

/** The gender of an account form, male or female. */
export function SexItem({ label, rules }: { label: string; rules: FormRule[] }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="sex" label={label} required rules={rules}>
      <Radio.Group
        options={[
          { value: 1, label: t('students.account.sex.male') },
          { value: 2, label: t('students.account.sex.female') },
        ]}
      />
    </Form.Item>
  );
}

/** A saved gender as the form holds it: an unknown one is left unchosen. */
export function sexValue(sex: number | null): 1 | 2 | undefined {
  return sex === 1 || sex === 2 ? sex : undefined;
}

/** The password of an account form, which may stay empty; `hint` says what happens then. */
export function PasswordItem({
  label,
  rules,
  hint,
}: {
  label: string;
  rules: FormRule[];
  hint: string;
}) {
  return (
    <Form.Item name="password" label={label} rules={rules} extra={hint}>
      <Input.Password maxLength={20} autoComplete="new-password" />
    </Form.Item>
  );
}

interface AccountSaveOptions<B, D, F extends string> {
  form: FormInstance;
  /** The contract's schema of the body. */
  schema: { safeParse: (values: unknown) => { success: true; data: B } | { success: false } };
  mutation: UseMutationOptions<D, Error, B>;
  fields: readonly F[];
  /** Business refusals that concern one input: the server's message goes on it. */
  fieldOfErrorKey: Partial<Record<string, NoInfer<F>>>;
  /** Whether the account exists (an update) or is added. */
  editing: boolean;
  /** Toasted after a save, before `done`. */
  saved: string;
  done: () => void;
}

/**
 * Saves an account form: the values the contract's schema accepts are sent; a refusal lands on
 * the fields and is toasted as "Failed to add/update: reason".
 */
export function useAccountSave<B, D, F extends string>(options: AccountSaveOptions<B, D, F>) {
  const { t } = useTranslation();
  const save = useMutation(options.mutation);
  const { form, fields, fieldOfErrorKey } = options;
  const submit = (values: unknown) => {
    const parsed = options.schema.safeParse(values);
    if (!parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(options.saved);
        options.done();
      },
      onError: (error) => {
        setFieldErrors(form, saveErrors(error, fields, {}, fieldOfErrorKey));
        toast.error(failureText(t, options.editing ? 'update' : 'add', error));
      },
    });
  };
  return { submit, saving: save.isPending };
}

export const studentPaths = {
  list: 'school/students',
  add: 'school/students/add',
  edit: 'school/students/edit',
  detail: 'school/students/detail',
  newAccount: 'school/students/new-account',
} as const;

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
  const { t } = useTranslation();
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
      render: (iso: string) => formatTime(iso),
    },
  ];
}
