import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Radio, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  idSchema,
  studentSaveSchema,
  type StudentDetail,
  type StudentSave,
} from '@platform/contract';
import { toast } from '../../shared/toast';
import { LoadFailed, LoadingState } from '../../shared/ui/PageStates';
import { zodRules } from '../../shared/zodForm';
import {
  failureText,
  requestFieldErrors,
  studentPaths,
  useAreaNavigate,
  useBack,
  useSexOptions,
} from './accountParts';
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
  const [params] = useSearchParams();
  const id = params.get('id');
  const valid = id !== null && idSchema.safeParse(id).success;
  const student = useQuery({ ...studentQueryOptions(id ?? ''), enabled: valid });
  if (!valid) return <StudentForm />;
  if (student.isPending) return <LoadingState />;
  if (student.isError)
    return <LoadFailed error={student.error} onRetry={() => void student.refetch()} />;
  return <StudentForm key={student.data.id} student={student.data} />;
}

function StudentForm({ student }: { student?: StudentDetail }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StudentSave>();
  const save = useMutation(studentSaveMutationOptions());
  const go = useAreaNavigate();
  const back = useBack(studentPaths.list);
  const sexOptions = useSexOptions();
  const rulesOf = (field: Field) => zodRules(studentSaveSchema, field, fields);

  const submit = (values: StudentSave) => {
    const parsed = studentSaveSchema.safeParse({
      ...values,
      phone: values.phone ?? '',
      password: values.password ?? '',
      ...(student ? { id: student.id } : {}),
    });
    if (!parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t(student ? 'students.done.saved' : 'students.done.added'));
        go(studentPaths.list);
      },
      onError: (error) => {
        form.setFields(requestFieldErrors(error, fields, fieldOfErrorKey));
        toast.error(failureText(t, student ? 'update' : 'add', error));
      },
    });
  };

  return (
    <Card
      title={t(student ? 'students.titles.edit' : 'students.titles.add')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={back}>
          {t('students.actions.back')}
        </Button>
      }
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
                sex: student.sex === 1 || student.sex === 2 ? student.sex : undefined,
                classId: student.classId ?? undefined,
                phone: student.phone ?? '',
                password: '',
              }
            : { stuNo: '', name: '', phone: '', password: '' }
        }
        disabled={save.isPending}
        onFinish={submit}
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
        <Form.Item name="sex" label={t('students.fields.sex')} required rules={rulesOf('sex')}>
          <Radio.Group options={sexOptions} />
        </Form.Item>
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
        <Form.Item
          name="password"
          label={t('students.fields.password')}
          rules={rulesOf('password')}
          extra={t(student ? 'students.hints.passwordEdit' : 'students.hints.passwordAdd')}
        >
          <Input.Password maxLength={20} autoComplete="new-password" />
        </Form.Item>
        <Form.Item label={null}>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('students.actions.save')}
            </Button>
            <Button onClick={back}>{t('students.actions.cancel')}</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
