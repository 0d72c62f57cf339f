import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal, Radio, Select } from 'antd';
import {
  teacherRoles,
  teacherSaveSchema,
  type Teacher,
  type TeacherSave,
} from '@platform/contract';
import { toast } from '../../shared/toast';
import { zodRules } from '../../shared/zodForm';
import { failureText, requestFieldErrors, useSexOptions } from '../students/accountParts';
import { teacherSaveMutationOptions } from './api';

type Field = 'name' | 'sex' | 'role' | 'phone' | 'password';
const fields: readonly Field[] = ['name', 'sex', 'role', 'phone', 'password'];

interface TeacherDialogProps {
  /** The teacher to edit; none adds one. */
  teacher?: Teacher | undefined;
  onClose: () => void;
}

/** Adds or edits a teacher (teachers/saveOrUpdate; with an id it updates). */
export function TeacherDialog({ teacher, onClose }: TeacherDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TeacherSave>();
  const save = useMutation(teacherSaveMutationOptions());
  const sexOptions = useSexOptions();
  const rulesOf = (field: Field) => zodRules(teacherSaveSchema, field, fields);

  const submit = async () => {
    let values: TeacherSave;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const parsed = teacherSaveSchema.safeParse({
      ...values,
      password: values.password ?? '',
      ...(teacher ? { id: teacher.id } : {}),
    });
    if (!parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t(teacher ? 'teachers.done.saved' : 'teachers.done.added'));
        onClose();
      },
      onError: (error) => {
        form.setFields(
          requestFieldErrors(error, fields, {
            'teachers.phone_taken': 'phone',
            'teachers.self_role': 'role',
          }),
        );
        toast.error(failureText(t, teacher ? 'update' : 'add', error));
      },
    });
  };

  return (
    <Modal
      open
      title={teacher ? t('teachers.dialog.edit', { name: teacher.name }) : t('teachers.dialog.add')}
      okText={t('teachers.actions.save')}
      cancelText={t('teachers.actions.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      width={560}
    >
      <Form<TeacherSave>
        form={form}
        name={teacher ? `teacher-edit-${teacher.id}` : 'teacher-add'}
        layout="vertical"
        initialValues={
          teacher
            ? {
                name: teacher.name,
                sex: teacher.sex === 1 || teacher.sex === 2 ? teacher.sex : undefined,
                role: teacher.role,
                phone: teacher.phone ?? '',
                password: '',
              }
            : { name: '', role: 'teacher', phone: '', password: '' }
        }
        disabled={save.isPending}
      >
        <Form.Item name="name" label={t('teachers.fields.name')} required rules={rulesOf('name')}>
          <Input maxLength={30} placeholder={t('teachers.placeholders.nameInput')} />
        </Form.Item>
        <Form.Item name="sex" label={t('teachers.fields.sex')} required rules={rulesOf('sex')}>
          <Radio.Group options={sexOptions} />
        </Form.Item>
        <Form.Item name="role" label={t('teachers.fields.role')} required rules={rulesOf('role')}>
          <Select
            aria-label={t('teachers.fields.role')}
            placeholder={t('teachers.placeholders.select')}
            options={teacherRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('teachers.fields.phone')}
          required
          rules={rulesOf('phone')}
          extra={t('teachers.hints.phoneLogin')}
        >
          <Input maxLength={11} placeholder={t('teachers.placeholders.phoneInput')} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('teachers.fields.password')}
          rules={rulesOf('password')}
          extra={t(teacher ? 'teachers.hints.passwordEdit' : 'teachers.hints.passwordAdd')}
        >
          <Input.Password maxLength={20} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
