import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, InputNumber } from 'antd';
import { billingLimits, limitSaveSchema, type Account, type LimitSave } from '@platform/contract';
import { toast } from '../../shared/toast';
import { bodyRules, type FieldMessages } from '../../shared/zodForm';
import { saveErrors, useSaveDialog } from '../../shared/dialogForm';
import { FormDialog } from '../../shared/ui/FormDialog';
import { limitSaveMutationOptions } from './api';
import { fenOf, useFailureText, yuanInputOf } from './format';

const fields = ['spendLimitFen', 'studentDailyHours'] as const;
type Field = (typeof fields)[number];

interface LimitValues {
  /** In yuan; sent as fen. Empty: no limit. */
  spendLimitFen?: number | null;
  /** Empty: no limit. */
  studentDailyHours?: number | null;
}

/**
 * Limit setting of a school (`account/limit`): its monthly spending limit and the lab hours a
 * student may use a day; an empty field leaves that limit off.
 */
export function LimitDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const { t } = useTranslation();
  const failure = useFailureText();

  const messages = useMemo((): Record<Field, FieldMessages> => {
    const spend = t('billing.rules.spendLimit');
    const hours = t('billing.rules.dailyHours');
    return {
      spendLimitFen: { invalid_format: spend, invalid_value: spend },
      studentDailyHours: { invalid_format: hours, invalid_value: hours },
    };
  }, [t]);

  const bodyOf = (values: LimitValues): LimitSave => ({
    schoolId: account.schoolId,
    spendLimitFen: fenOf(values.spendLimitFen) ?? null,
    studentDailyHours: values.studentDailyHours ?? null,
  });
  const rules = (field: Field) => bodyRules(limitSaveSchema, bodyOf, field, messages[field]);

  const dialog = useSaveDialog({
    mutation: limitSaveMutationOptions(),
    body: bodyOf,
    saved: t('billing.done.limitsSaved'),
    onClose,
    errors: (error) => {
      toast.error(failure('save', error));
      return saveErrors(error, fields, messages);
    },
  });

  return (
    <FormDialog<LimitValues>
      {...dialog}
      name={`limit-${account.schoolId}`}
      title={t('billing.titles.limit', { name: account.schoolName })}
      okText={t('billing.actions.save')}
      cancelText={t('billing.actions.cancel')}
      initialValues={{
        spendLimitFen: account.spendLimitFen === null ? null : yuanInputOf(account.spendLimitFen),
        studentDailyHours: account.studentDailyHours,
      }}
    >
      <Form.Item
        name="spendLimitFen"
        label={t('billing.fields.spendLimitYuan')}
        rules={rules('spendLimitFen')}
      >
        <InputNumber<number>
          min={0}
          precision={2}
          placeholder={t('billing.placeholders.noLimit')}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item
        name="studentDailyHours"
        label={t('billing.fields.dailyHoursLimit')}
        rules={rules('studentDailyHours')}
      >
        <InputNumber<number>
          step={billingLimits.dailyHoursMin}
          precision={1}
          placeholder={t('billing.placeholders.noLimit')}
          style={{ width: '100%' }}
        />
      </Form.Item>
    </FormDialog>
  );
}
