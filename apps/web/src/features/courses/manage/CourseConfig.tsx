import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  localized,
  orderChapters,
  orderSteps,
  type CourseEdit,
  type CourseSave,
} from '@platform/contract';
import { apiLanguage } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { BackButton } from '../../../shared/ui/BackButton';
import { EmptyState } from '../../../shared/ui/PageStates';
import { RecordPage } from '../../../shared/ui/RecordPage';
import { RowAction } from '../../../shared/ui/RowActions';
import { failureText } from '../../students/accountParts';
import {
  chapterDeleteMutationOptions,
  courseEditQueryOptions,
  courseSaveMutationOptions,
  courseSelfStudyMutationOptions,
  stepDeleteMutationOptions,
} from './api';
import { ChapterDialog } from './ChapterDialog';
import { useCoursePaths } from './coursePaths';
import { DeleteAction, MissingCourse } from './courseParts';
import { EnvironmentDialog, type CourseEnv } from './EnvironmentDialog';
import { StepDialog } from './StepDialog';
import { storedStepType } from './stepForm';

type Chapter = CourseEdit['chapters'][number];
type Step = Chapter['steps'][number];

/** The name the course order reads: the Chinese one, else the English one (decision 0021). */
const orderName = (item: { name: { zh?: string; en?: string } }) =>
  item.name.zh || item.name.en || '';

/** The course as `course/saveOrUpdate` takes it, with other environments. */
export function courseBodyOf(course: CourseEdit, envIds: string[]): CourseSave {
  return {
    id: course.id,
    name: course.names,
    difficulty: course.difficulty,
    specialty: course.specialty,
    ...(course.overviews ? { overview: course.overviews } : {}),
    ...(course.descriptions ? { description: course.descriptions } : {}),
    coverFileId: course.coverFileId,
    envIds,
  };
}

/**
 * The course configuration (…/config?id=): the course's environments, its chapters and their
 * steps with each type's editor, and opening it for self-study.
 */
export function CourseConfig() {
  const { t } = useTranslation();
  return (
    <RecordPage
      optionsOf={courseEditQueryOptions}
      missing={<MissingCourse title={t('courses.manage.titles.config')} />}
    >
      {(c) => <ConfigView course={c} />}
    </RecordPage>
  );
}

type StepEditing = { chapter: Chapter; step?: Step };

function ConfigView({ course }: { course: CourseEdit }) {
  const { t } = useTranslation();
  const paths = useCoursePaths();
  const lang = apiLanguage();
  const [chapterEditing, setChapterEditing] = useState<{ chapter?: Chapter } | null>(null);
  const [stepEditing, setStepEditing] = useState<StepEditing | null>(null);
  const [choosingEnvs, setChoosingEnvs] = useState(false);
  const saveCourse = useMutation(courseSaveMutationOptions());
  const selfStudy = useMutation(courseSelfStudyMutationOptions());
  const deleteChapter = useMutation(chapterDeleteMutationOptions());
  const deleteStep = useMutation(stepDeleteMutationOptions());
  const name = localized(course.names, lang);

  const saveEnvs = (envs: CourseEnv[]) =>
    saveCourse
      .mutateAsync(
        courseBodyOf(
          course,
          envs.map((env) => env.id),
        ),
      )
      .then(
        () => toast.success(t('courses.manage.done.environmentsSaved')),
        (error: unknown) => {
          toast.error(failureText(t, 'update', error));
          throw error;
        },
      );

  const openSelfStudy = (open: boolean) =>
    selfStudy.mutate(
      { id: course.id, open },
      {
        onSuccess: () =>
          toast.success(
            t(open ? 'courses.manage.done.selfStudyOpened' : 'courses.manage.done.selfStudyClosed'),
          ),
      },
    );

  const chapters = orderChapters(course.chapters, orderName);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('courses.manage.titles.configOf', { name })}
        extra={
          <Space wrap>
            <Button icon={<EditOutlined />} onClick={() => paths.to('edit', course.id)}>
              {t('courses.manage.actions.editBasics')}
            </Button>
            <BackButton fallback={paths.list}>{t('courses.manage.actions.back')}</BackButton>
          </Space>
        }
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Typography.Text strong>{t('courses.manage.fields.environments')}</Typography.Text>
            {course.environments.length === 0 ? (
              <Typography.Text type="secondary">
                {t('courses.manage.hints.noEnvironments')}
              </Typography.Text>
            ) : (
              course.environments.map((env) => <Tag key={env.id}>{env.name}</Tag>)
            )}
            <Button size="small" onClick={() => setChoosingEnvs(true)}>
              {t('courses.manage.actions.chooseEnvironments')}
            </Button>
          </Space>
          <Space wrap>
            <Typography.Text strong>{t('courses.manage.fields.selfStudy')}</Typography.Text>
            <Tooltip title={t('courses.manage.hints.selfStudyHint')}>
              <Switch
                aria-label={t('courses.manage.fields.selfStudy')}
                checked={selfStudy.isPending ? selfStudy.variables.open : course.selfStudy}
                loading={selfStudy.isPending}
                onChange={openSelfStudy}
              />
            </Tooltip>
          </Space>
        </Space>
      </Card>
      <Card
        title={t('courses.manage.titles.outline')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setChapterEditing({})}>
            {t('courses.manage.actions.addChapter')}
          </Button>
        }
      >
        {chapters.length === 0 && <EmptyState description={t('courses.manage.hints.noChapters')} />}
        {chapters.map((chapter) => {
          const chapterName = localized(chapter.name, lang);
          return (
            <Card
              key={chapter.id}
              size="small"
              className="course-chapter"
              title={chapterName}
              extra={
                <Space size={0} wrap>
                  <RowAction onClick={() => setStepEditing({ chapter })}>
                    {t('courses.manage.actions.addStep')}
                  </RowAction>
                  <RowAction onClick={() => setChapterEditing({ chapter })}>
                    {t('courses.manage.actions.edit')}
                  </RowAction>
                  <DeleteAction
                    title={t('courses.manage.confirm.deleteChapter', { name: chapterName })}
                    run={() => deleteChapter.mutateAsync(chapter.id)}
                    done={t('courses.manage.done.chapterDeleted')}
                  />
                </Space>
              }
            >
              {chapter.description && localized(chapter.description, lang) && (
                <Typography.Paragraph type="secondary">
                  {localized(chapter.description, lang)}
                </Typography.Paragraph>
              )}
              {chapter.steps.length === 0 && (
                <Typography.Text type="secondary">
                  {t('courses.manage.hints.noSteps')}
                </Typography.Text>
              )}
              {orderSteps(chapter.steps, orderName).map((step) => {
                const stepName = localized(step.name, lang);
                return (
                  <div key={step.id} className="course-step">
                    <Tag>{t(`courses.manage.stepType.${storedStepType(step.content)}`)}</Tag>
                    <span className="course-step__name">{stepName}</span>
                    <Space size={0}>
                      <RowAction onClick={() => setStepEditing({ chapter, step })}>
                        {t('courses.manage.actions.edit')}
                      </RowAction>
                      <DeleteAction
                        title={t('courses.manage.confirm.deleteStep', { name: stepName })}
                        run={() => deleteStep.mutateAsync(step.id)}
                        done={t('courses.manage.done.stepDeleted')}
                      />
                    </Space>
                  </div>
                );
              })}
            </Card>
          );
        })}
      </Card>
      {chapterEditing && (
        <ChapterDialog
          key={chapterEditing.chapter?.id ?? 'new'}
          courseId={course.id}
          chapter={chapterEditing.chapter}
          onClose={() => setChapterEditing(null)}
        />
      )}
      {stepEditing && (
        <StepDialog
          key={stepEditing.step?.id ?? `new-${stepEditing.chapter.id}`}
          course={course}
          chapter={{ id: stepEditing.chapter.id, name: localized(stepEditing.chapter.name, lang) }}
          step={stepEditing.step}
          onAddEnvironment={() => setChoosingEnvs(true)}
          onClose={() => setStepEditing(null)}
        />
      )}
      {choosingEnvs && (
        <EnvironmentDialog
          value={course.environments}
          onOk={saveEnvs}
          onClose={() => setChoosingEnvs(false)}
        />
      )}
    </Space>
  );
}
