import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space } from 'antd';
import { studentSaveSchema, type StudentDetail, type StudentSave } from '@platform/contract';
import { QueryStates } from '../../shared/ui/PageStates';
import { BackButton } from '../../shared/ui/BackButton';
import { zodRules } from '../../shared/zodForm';
import { useAreaNavigate, useBack, useIdParam } from '../../shared/areaNavigation';
import { PasswordItem, SexItem, sexValue, studentPaths, useAccountSave } from './accountParts';
import { studentQueryOptions, studentSaveMutationOptions } from './api';
import { ClassSelect } from './ClassSelect';

type Field = 'stuNo' | 'name' | 'sex' | 'classId' | 'phone' | 'password';
const fields: readonly Field[] = ['stuNo', 'name', 'sex', 'classId', 'phone', 'password'];

/** Business refusals that concern one input: the server's message goes on it. */
const fieldOfErrorKey: Partial<Record<string, Field>> = {
  'students.stu_no_exists': 'stuNo',
  'students.stu_no_taken': 'stuNo',
  'students.class_archived': 'classId',
  'students.class_not_found': 'classId',
};

const layout = { labelCol: { flex: '120px' }, wrapperCol: { flex: '1' } } as const;

/** Add (school/students/add) or edit (school/students/edit?id=) a student. */
export function StudentEdit() {
  const id = useIdParam();
  const student = useQuery({ ...studentQueryOptions(id ?? ''), enabled: id !== null });
  if (id === null) return <StudentForm />;
  return <QueryStates query={student}>{(s) => <StudentForm key={s.id} student={s} />}</QueryStates>;
}

function StudentForm({ student }: { student?: StudentDetail }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StudentSave>();
  const go = useAreaNavigate();
  const back = useBack(studentPaths.list);
  const { submit, saving } = useAccountSave({
    form,
    schema: studentSaveSchema,
    mutation: studentSaveMutationOptions(),
    fields,
    fieldOfErrorKey,
    editing: Boolean(student),
    saved: t(student ? 'students.done.saved' : 'students.done.added'),
    done: () => go(studentPaths.list),
  });
  const rulesOf = (field: Field) => zodRules(studentSaveSchema, field, fields);

  return (
    <Card
      title={t(student ? 'students.titles.edit' : 'students.titles.add')}
      extra={<BackButton fallback={studentPaths.list}>{t('students.actions.back')}</BackButton>}
    >
      <Form<StudentSave>
        form={form}
        name={student ? `student-edit-${student.id}` : 'student-add'}
        {...layout}
        style={{ maxWidth: 640 }}
        initialValues={
          student
            ? {
                stuNo: student.stuNo ?? '',
                name: student.name,
                sex: sexValue(student.sex),
                classId: student.classId ?? undefined,
                phone: student.phone ?? '',
                password: '',
              }
            : { stuNo: '', name: '', phone: '', password: '' }
        }
        disabled={saving}
        onFinish={(values) =>
          submit({
            ...values,
            phone: values.phone ?? '',
            password: values.password ?? '',
            ...(student ? { id: student.id } : {}),
          })
        }
      >
        <Form.Item
          name="stuNo"
          label={t('students.fields.stuNo')}
          required
          rules={rulesOf('stuNo')}
          extra={t('students.hints.stuNo')}
        >
          <Input maxLength={30} placeholder={t('students.placeholders.stuNoInput')} />
        </Form.Item>
        <Form.Item name="name" label={t('students.fields.name')} required rules={rulesOf('name')}>
          <Input maxLength={30} placeholder={t('students.placeholders.nameInput')} />
        </Form.Item>
        <SexItem label={t('students.fields.sex')} rules={rulesOf('sex')} />
        <Form.Item
          name="classId"
          label={t('students.fields.class')}
          required
          rules={rulesOf('classId')}
        >
          <ClassSelect keep={student?.classId} aria-label={t('students.fields.class')} />
        </Form.Item>
        <Form.Item name="phone" label={t('students.fields.phone')} rules={rulesOf('phone')}>
          <Input maxLength={11} placeholder={t('students.placeholders.phoneInput')} />
        </Form.Item>
        <PasswordItem
          label={t('students.fields.password')}
          rules={rulesOf('password')}
          hint={t(student ? 'students.hints.passwordEdit' : 'students.hints.passwordAdd')}
        />
        <Form.Item label={null}>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('students.actions.save')}
            </Button>
            <Button onClick={back}>{t('students.actions.cancel')}</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
