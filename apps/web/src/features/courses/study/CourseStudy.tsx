import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Drawer, Space, Tag, Typography } from 'antd';
import {
  CheckCircleFilled,
  LeftOutlined,
  RightOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { formatMessage, labStepTypes, type StudyStep } from '@platform/contract';
import { useIdParam } from '../../../shared/areaNavigation';
import { apiLanguage } from '../../../shared/i18n';
import { EmptyState, LoadingState, QueryStates } from '../../../shared/ui/PageStates';
import { useElementWidth } from '../../layout/useElementWidth';
import { courseInfoQueryOptions, studyStepQueryOptions, useContentLang } from './api';
import { CourseOutline } from './CourseOutline';
import { useCourseHref, useCourseNavigate } from './navigation';
import { SelfStudyReport } from './SelfStudyReport';
import { StepContent } from './StepViews';
import './courses-study.css';

/** From this width the outline stays beside the step (except beside a lab); below it, a drawer. */
const outlineBesideWidth = 960;

const isLab = (step: StudyStep) => (labStepTypes as readonly string[]).includes(step.type);

function StepNavigation({ step }: { step: StudyStep }) {
  const { t } = useTranslation();
  const open = useCourseNavigate();
  return (
    <nav className="cs-study__nav">
      <Button
        icon={<LeftOutlined />}
        disabled={!step.previousStepId}
        title={step.previousStepId ? undefined : t('courses.study.study.first')}
        onClick={() => step.previousStepId && open('study', step.previousStepId)}
      >
        {t('courses.study.actions.previous')}
      </Button>
      <Button
        type="primary"
        disabled={!step.nextStepId}
        title={step.nextStepId ? undefined : t('courses.study.study.last')}
        onClick={() => step.nextStepId && open('study', step.nextStepId)}
      >
        {t('courses.study.actions.next')}
        <RightOutlined />
      </Button>
    </nav>
  );
}

function StudyView({ step }: { step: StudyStep }) {
  const { t } = useTranslation();
  const lang = useContentLang();
  const href = useCourseHref();
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const info = useQuery(courseInfoQueryOptions(step.courseId, lang));
  const beside = !isLab(step) && width !== null && width >= outlineBesideWidth;
  const outline = info.data ? (
    <CourseOutline
      chapters={info.data.chapters}
      currentStepId={step.id}
      onOpen={() => setDrawerOpen(false)}
    />
  ) : (
    <LoadingState />
  );
  const courseName = info.data?.name ?? '';
  /** A task of the student whose scores are not issued uses these questions (decision 0040). */
  const heldByTask = step.progress.withheld !== null;

  return (
    <div ref={box} className={`cs-study${beside ? ' cs-study--beside' : ''}`}>
      {beside && (
        <aside className="cs-study__outline">
          <Typography.Title level={5} className="cs-study__course">
            <Link to={href('info', step.courseId)}>{courseName}</Link>
          </Typography.Title>
          {outline}
        </aside>
      )}
      <Card
        className="cs-study__main"
        title={
          <div className="cs-study__title">
            {!beside && courseName && (
              <Link className="cs-study__course-link" to={href('info', step.courseId)}>
                {courseName}
              </Link>
            )}
            <Space wrap size={8}>
              <Typography.Title level={4} className="cs-study__name">
                {step.name}
              </Typography.Title>
              <Tag>{t(`courses.study.stepTypes.${step.type}`)}</Tag>
              {step.progress.completed && (
                <Tag color="success" icon={<CheckCircleFilled />}>
                  {t('courses.study.study.completed')}
                </Tag>
              )}
            </Space>
          </div>
        }
        extra={
          !beside && (
            <Button icon={<UnorderedListOutlined />} onClick={() => setDrawerOpen(true)}>
              {t('courses.study.actions.outline')}
            </Button>
          )
        }
      >
        <div className="cs-study__content">
          {heldByTask && step.progress.answers === null && (
            <Alert
              type="warning"
              showIcon
              className="cs-study__held"
              title={formatMessage('courses.answer_held_by_task', apiLanguage())}
            />
          )}
          <StepContent
            key={step.id}
            step={step}
            locked={heldByTask}
            reportEditor={<SelfStudyReport stepId={step.id} />}
          />
        </div>
        <StepNavigation step={step} />
      </Card>
      {!beside && (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement="left"
          title={courseName || t('courses.study.actions.outline')}
        >
          {outline}
        </Drawer>
      )}
    </div>
  );
}

/**
 * Studying one step (`?id=` of the step): its content by type, previous and next step, and the
 * course outline beside it on a wide screen or in a drawer.
 */
export function CourseStudy() {
  const { t } = useTranslation();
  const id = useIdParam();
  const lang = useContentLang();
  const step = useQuery(studyStepQueryOptions(id, lang));
  if (!id)
    return (
      <Card>
        <EmptyState description={t('courses.study.study.missingId')} />
      </Card>
    );
  return <QueryStates query={step}>{(data) => <StudyView step={data} />}</QueryStates>;
}
