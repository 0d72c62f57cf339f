import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Form, InputNumber, Modal } from 'antd';
import { collegeTotalUserSchema, limits, maxInteger, type College } from '@platform/contract';
import { toast } from '../../shared/toast';
import { zodRules } from '../../shared/zodForm';
import { collegeTotalUserMutationOptions } from './api';
import { requestFieldErrors } from './collegeForm';

const fields = ['totalUser'] as const;
const schema = collegeTotalUserSchema.pick({ totalUser: true });

/** Changes a school's maximum of student accounts (school/updateTotalUser, form encoded). */
export function TotalUserDialog({ college, onClose }: { college: College; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ totalUser: number | null }>();
  const update = useMutation(collegeTotalUserMutationOptions());

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    try {
      await update.mutateAsync({
        collegeId: college.id,
        totalUser: form.getFieldValue('totalUser') ?? 0,
      });
      toast.success(t('colleges.done.totalUser'));
      onClose();
    } catch (error) {
      form.setFields(requestFieldErrors(error, fields));
    }
  };

  return (
    <Modal
      open
      width={limits.dialogWidth}
      title={t('colleges.titles.totalUser', { name: college.name })}
      okText={t('colleges.actions.save')}
      cancelText={t('colleges.actions.cancel')}
      confirmLoading={update.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        name={`college-total-user-${college.id}`}
        layout="vertical"
        initialValues={{ totalUser: college.maxStudents }}
        disabled={update.isPending}
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
      </Form>
    </Modal>
  );
}
