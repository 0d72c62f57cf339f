import { useTranslation } from 'react-i18next';
import { Form, Input, Select } from 'antd';
import {
  teacherRoles,
  teacherSaveSchema,
  type Teacher,
  type TeacherSave,
} from '@platform/contract';
import { zodRules } from '../../shared/zodForm';
import { FormDialog } from '../../shared/ui/FormDialog';
import { PasswordItem, SexItem, sexValue, useAccountSave } from '../students/accountParts';
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
  const { submit, saving } = useAccountSave({
    form,
    schema: teacherSaveSchema,
    mutation: teacherSaveMutationOptions(),
    fields,
    fieldOfErrorKey: {
      'teachers.phone_taken': 'phone',
      'teachers.self_role': 'role',
    },
    editing: Boolean(teacher),
    saved: t(teacher ? 'teachers.done.saved' : 'teachers.done.added'),
    done: onClose,
  });
  const rulesOf = (field: Field) => zodRules(teacherSaveSchema, field, fields);

  const save = async () => {
    let values: TeacherSave;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    submit({
      ...values,
      password: values.password ?? '',
      ...(teacher ? { id: teacher.id } : {}),
    });
  };

  return (
    <FormDialog
      form={form}
      saving={saving}
      onOk={save}
      onClose={onClose}
      width={560}
      name={teacher ? `teacher-edit-${teacher.id}` : 'teacher-add'}
      title={teacher ? t('teachers.dialog.edit', { name: teacher.name }) : t('teachers.dialog.add')}
      okText={t('teachers.actions.save')}
      cancelText={t('teachers.actions.cancel')}
      initialValues={
        teacher
          ? {
              name: teacher.name,
              sex: sexValue(teacher.sex),
              role: teacher.role,
              phone: teacher.phone ?? '',
              password: '',
            }
          : { name: '', role: 'teacher', phone: '', password: '' }
      }
    >
      <Form.Item name="name" label={t('teachers.fields.name')} required rules={rulesOf('name')}>
        <Input maxLength={30} placeholder={t('teachers.placeholders.nameInput')} />
      </Form.Item>
      <SexItem label={t('teachers.fields.sex')} rules={rulesOf('sex')} />
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
      <PasswordItem
        label={t('teachers.fields.password')}
        rules={rulesOf('password')}
        hint={t(teacher ? 'teachers.hints.passwordEdit' : 'teachers.hints.passwordAdd')}
      />
    </FormDialog>
  );
}
