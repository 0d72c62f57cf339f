import { useEffect, useMemo, useState } from 'react';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Row, Select, Space, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import {
  courseSaveSchema,
  courseTextLimits,
  formatMessage,
  type CourseDifficulty,
  type CourseEdit as CourseEditData,
  type CourseSpecialty,
  type CourseSummary,
} from '@platform/contract';
import type { RichDocument } from '@platform/rich-text';
import { useBack, useIdParam } from '../../../shared/areaNavigation';
import { apiLanguage } from '../../../shared/i18n';
import { isRequestError } from '../../../shared/request';
import { toast } from '../../../shared/toast';
import { BackButton } from '../../../shared/ui/BackButton';
import { QueryStates } from '../../../shared/ui/PageStates';
import {
  setFieldErrors,
  serverPathErrors,
  zodPathRules,
  type FieldMessages,
} from '../../../shared/zodForm';
import { failureText } from '../../students/accountParts';
import {
  courseDeleteMutationOptions,
  courseEditQueryOptions,
  courseSaveMutationOptions,
  uploadCourseFile,
} from './api';
import { CourseCover } from './courseParts';
import { useCoursePaths } from './coursePaths';
import { EnvironmentDialog, type CourseEnv } from './EnvironmentDialog';
import { acceptOf, fileProblem, useImageUpload } from './files';
import {
  BilingualDocItem,
  BilingualItems,
  bilingualMessages,
  useCourseOptions,
  type FormCheck,
} from './formParts';

type Bilingual = { zh?: string; en?: string };

interface CourseValues {
  name?: Bilingual;
  difficulty?: CourseDifficulty;
  specialty?: CourseSpecialty;
  overview?: Bilingual;
  description?: { zh?: RichDocument; en?: RichDocument };
}

const toBody = (values: unknown) => {
  const v = values as CourseValues;
  return {
    name: v.name ?? {},
    difficulty: v.difficulty,
    specialty: v.specialty,
    overview: v.overview,
    description: v.description ?? {},
  };
};
type CourseBody = z.output<typeof courseSaveSchema>;
const check: FormCheck = { schema: courseSaveSchema, toBody };

/** The cover as the form holds it: unchanged, a new file to send, or removed. */
type CoverChange = { file: File; preview: string } | 'removed' | null;

/** Add (…/add) or edit (…/edit?id=) the basics of a course of the school. */
export function CourseEdit() {
  const id = useIdParam();
  const course = useQuery({ ...courseEditQueryOptions(id ?? ''), enabled: id !== null });
  if (id === null) return <CourseForm />;
  return <QueryStates query={course}>{(c) => <CourseForm key={c.id} course={c} />}</QueryStates>;
}

function CourseForm({ course }: { course?: CourseEditData }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CourseValues>();
  const paths = useCoursePaths();
  const back = useBack(paths.list);
  const uploadImage = useImageUpload(course?.id ?? '');
  const { difficulties, specialties } = useCourseOptions();
  const save = useMutation(courseSaveMutationOptions());
  const remove = useMutation(courseDeleteMutationOptions());
  const [saving, setSaving] = useState(false);
  const [envs, setEnvs] = useState<CourseEnv[]>(course?.environments ?? []);
  const [choosingEnvs, setChoosingEnvs] = useState(false);
  const [cover, setCover] = useState<CoverChange>(null);
  const [coverError, setCoverError] = useState<string | null>(null);

  const preview = cover && cover !== 'removed' ? cover.preview : null;
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const messages = useMemo(() => {
    const select = (text: string): FieldMessages => ({
      required: text,
      invalid_value: text,
    });
    return {
      name: bilingualMessages(
        t,
        t('courses.manage.rules.name'),
        t('courses.manage.rules.nameRequired'),
      ),
      overview: bilingualMessages(t, t('courses.manage.rules.overview')),
      difficulty: select(t('courses.manage.rules.difficulty')),
      specialty: select(t('courses.manage.rules.specialty')),
    };
  }, [t]);

  const chooseCover = (file: File) => {
    const problem = fileProblem(file, 'cover');
    if (problem) {
      setCoverError(
        formatMessage(
          problem === 'type' ? 'courses.cover_type' : 'courses.cover_too_large',
          apiLanguage(),
        ),
      );
      return;
    }
    setCoverError(null);
    setCover({ file, preview: URL.createObjectURL(file) });
  };

  /** Sends the chosen cover of a saved course; answers its file id. */
  const sendCover = async (courseId: string, file: File) =>
    (await uploadCourseFile(file, { courseId, kind: 'cover' }, { quiet: true })).fileId;

  const refused = (error: unknown, action: 'add' | 'update') => {
    if (isRequestError(error)) {
      setFieldErrors(form, serverPathErrors(error.fields));
      if (error.errorKey?.startsWith('courses.cover')) setCoverError(error.message);
    }
    toast.error(failureText(t, action, error));
  };

  /** Runs once the form's own checks have passed. */
  const submit = async () => {
    const parsed = courseSaveSchema.safeParse({
      ...toBody(form.getFieldsValue(true)),
      envIds: envs.map((env) => env.id),
    });
    if (!parsed.success) return;
    const body = parsed.data;
    setSaving(true);
    try {
      if (course) await update(course, body);
      else await add(body);
    } finally {
      setSaving(false);
    }
  };

  const update = async (c: CourseEditData, body: CourseBody) => {
    try {
      let coverFileId = c.coverFileId;
      if (cover === 'removed') coverFileId = null;
      else if (cover) coverFileId = await sendCover(c.id, cover.file);
      await save.mutateAsync({ ...body, id: c.id, coverFileId });
    } catch (error) {
      refused(error, 'update');
      return;
    }
    toast.success(t('courses.manage.done.saved'));
    back();
  };

  /** Takes back a course just created whose cover failed, so that nothing half-made is kept. */
  const withdraw = async (courseId: string) => {
    try {
      await remove.mutateAsync(courseId);
      return true;
    } catch {
      return false;
    }
  };

  const add = async (body: CourseBody) => {
    let created: CourseSummary;
    try {
      created = await save.mutateAsync(body);
    } catch (error) {
      refused(error, 'add');
      return;
    }
    if (cover && cover !== 'removed') {
      try {
        const coverFileId = await sendCover(created.id, cover.file);
        await save.mutateAsync({ ...body, id: created.id, coverFileId });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (!(await withdraw(created.id))) {
          toast.error(t('courses.manage.failed.coverKept', { reason }));
          paths.to('edit', created.id);
          return;
        }
        setCoverError(reason);
        toast.error(t('courses.manage.failed.cover', { reason }));
        return;
      }
    }
    toast.success(t('courses.manage.done.added'));
    paths.to('config', created.id);
  };

  const shownCover = cover === 'removed' ? null : (preview ?? course?.coverUrl ?? null);

  return (
    <Card
      title={t(course ? 'courses.manage.titles.edit' : 'courses.manage.titles.add')}
      extra={<BackButton fallback={paths.list}>{t('courses.manage.actions.back')}</BackButton>}
    >
      <Form<CourseValues>
        form={form}
        name={course ? `course-edit-${course.id}` : 'course-add'}
        layout="vertical"
        style={{ maxWidth: 960 }}
        disabled={saving}
        initialValues={{
          name: course?.names ?? {},
          difficulty: course?.difficulty,
          specialty: course?.specialty,
          overview: course?.overviews ?? {},
          description: (course?.descriptions ?? {}) as CourseValues['description'],
        }}
        onFinish={() => void submit()}
      >
        <Typography.Paragraph type="secondary">
          {t('courses.manage.hints.bilingual')}
        </Typography.Paragraph>
        <BilingualItems
          name={['name']}
          path={['name']}
          label={t('courses.manage.fields.name')}
          check={check}
          messages={messages.name}
          maxLength={25}
          required
        />
        <Row gutter={16}>
          {(
            [
              ['difficulty', difficulties],
              ['specialty', specialties],
            ] as const
          ).map(([field, options]) => (
            <Col key={field} xs={24} md={12}>
              <Form.Item
                name={field}
                label={t(`courses.manage.fields.${field}`)}
                required
                rules={zodPathRules(courseSaveSchema, [field], {
                  toBody,
                  overrides: messages[field],
                })}
              >
                <Select
                  aria-label={t(`courses.manage.fields.${field}`)}
                  placeholder={t('courses.manage.placeholders.select')}
                  options={[...options]}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Form.Item
          label={t('courses.manage.fields.cover')}
          extra={t('courses.manage.hints.cover')}
          validateStatus={coverError ? 'error' : undefined}
          help={coverError ?? undefined}
        >
          <Space align="start" wrap>
            <CourseCover url={shownCover} name={t('courses.manage.fields.cover')} size="thumb" />
            <Upload
              accept={acceptOf.cover}
              showUploadList={false}
              beforeUpload={(file) => {
                chooseCover(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>{t('courses.manage.actions.chooseCover')}</Button>
            </Upload>
            {shownCover && (
              <Button onClick={() => setCover('removed')}>
                {t('courses.manage.actions.removeCover')}
              </Button>
            )}
          </Space>
        </Form.Item>
        <BilingualItems
          name={['overview']}
          path={['overview']}
          label={t('courses.manage.fields.overview')}
          check={check}
          messages={messages.overview}
          maxLength={courseTextLimits.overviewMax}
          rows={3}
        />
        <BilingualDocItem
          name={['description']}
          label={t('courses.manage.fields.description')}
          onUploadImage={course ? uploadImage : undefined}
        />
        <Form.Item label={t('courses.manage.fields.environments')}>
          <Space wrap>
            {envs.map((env) => (
              <Tag
                key={env.id}
                closable
                onClose={() => setEnvs((list) => list.filter((e) => e.id !== env.id))}
              >
                {env.name}
              </Tag>
            ))}
            <Button onClick={() => setChoosingEnvs(true)}>
              {t('courses.manage.actions.chooseEnvironments')}
            </Button>
          </Space>
        </Form.Item>
        <Form.Item label={null}>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('courses.manage.actions.save')}
            </Button>
            <Button onClick={back}>{t('courses.manage.actions.cancel')}</Button>
          </Space>
        </Form.Item>
      </Form>
      {choosingEnvs && (
        <EnvironmentDialog value={envs} onOk={setEnvs} onClose={() => setChoosingEnvs(false)} />
      )}
    </Card>
  );
}
