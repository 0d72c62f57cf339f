import { useTranslation } from 'react-i18next';
import { Form, InputNumber } from 'antd';
import { collegeTotalUserSchema, limits, maxInteger, type College } from '@platform/contract';
import { zodRules } from '../../shared/zodForm';
import { useSaveDialog } from '../../shared/dialogForm';
import { FormDialog } from '../../shared/ui/FormDialog';
import { collegeTotalUserMutationOptions } from './api';
import { requestFieldErrors } from './collegeForm';

const fields = ['totalUser'] as const;
const schema = collegeTotalUserSchema.pick({ totalUser: true });

/** Changes a school's maximum of student accounts (school/updateTotalUser, form encoded). */
export function TotalUserDialog({ college, onClose }: { college: College; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useSaveDialog({
    mutation: collegeTotalUserMutationOptions(),
    body: (values: { totalUser: number | null }) => ({
      collegeId: college.id,
      totalUser: values.totalUser ?? 0,
    }),
    saved: t('colleges.done.totalUser'),
    onClose,
    errors: (error) => requestFieldErrors(error, fields),
  });

  return (
    <FormDialog
      {...dialog}
      width={limits.dialogWidth}
      name={`college-total-user-${college.id}`}
      title={t('colleges.titles.totalUser', { name: college.name })}
      okText={t('colleges.actions.save')}
      cancelText={t('colleges.actions.cancel')}
      initialValues={{ totalUser: college.maxStudents }}
    >
      <Form.Item
        name="totalUser"
        label={t('colleges.fields.totalUser')}
        required
        rules={zodRules(schema, 'totalUser', fields)}
        extra={t('colleges.hints.totalUser', { count: college.studentCount })}
      >
        <InputNumber min={0} max={maxInteger} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}
