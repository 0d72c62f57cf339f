import type { TFunction } from 'i18next';
import {
  formatMessage,
  teachingLimits,
  type TaskDetail,
  type TaskKind,
  type TimeType,
} from '@platform/contract';
import { dateTimeInputOf, instantOfInput } from '../../../shared/dates';
import { apiLanguage } from '../../../shared/i18n';
import { isRequestError } from '../../../shared/request';
import type { FieldErrors } from '../../../shared/dialogForm';
import { fieldErrorText, type FieldMessages } from '../../../shared/zodForm';
import type { StudentChoice } from './selects';

/** The task form's values, the body they make, their texts and a refused save's errors. */

export const targets = ['class', 'students'] as const;
export type Target = (typeof targets)[number];

export interface TaskValues {
  name?: string;
  kind?: TaskKind;
  courseId?: string;
  stepIds?: string[];
  target: Target;
  classId?: string;
  studentIds?: StudentChoice[];
  timeType: TimeType;
  durationMinutes?: number | null;
  /** `DateTimeField` values (`YYYY-MM-DDTHH:mm`). */
  startAt?: string;
  endAt?: string;
  envIds?: string[];
  resourceIds?: string[];
  requirements?: string;
}

/** The body of `teaching/task/saveOrUpdate` the values stand for (without the id). */
export function toBody(values: unknown) {
  const v = values as TaskValues;
  return {
    name: v.name ?? '',
    kind: v.kind,
    courseId: v.courseId ?? '',
    stepIds: v.stepIds ?? [],
    ...(v.target === 'students'
      ? { studentIds: (v.studentIds ?? []).map((s) => s.value) }
      : { classId: v.classId }),
    timeType: v.timeType,
    ...(v.timeType === 'duration'
      ? { durationMinutes: v.durationMinutes ?? undefined }
      : { startAt: instantOfInput(v.startAt), endAt: instantOfInput(v.endAt) }),
    envIds: v.envIds ?? [],
    resourceIds: v.resourceIds ?? [],
    requirements: v.requirements ?? '',
  };
}

export function initialValues(task: TaskDetail | undefined): TaskValues {
  if (!task) return { target: 'class', timeType: 'duration', kind: 'practice' };
  const chosen = new Set(task.studentIds);
  return {
    name: task.name,
    kind: task.kind,
    courseId: task.courseId,
    stepIds: task.stepIds,
    target: task.classId ? 'class' : 'students',
    ...(task.classId ? { classId: task.classId } : {}),
    studentIds: task.students
      .filter((s) => chosen.has(s.studentId))
      .map((s) => ({ value: s.studentId, label: `${s.studentName} (${s.username})` })),
    timeType: task.timeType,
    durationMinutes: task.durationMinutes,
    startAt: dateTimeInputOf(task.startAt),
    endAt: dateTimeInputOf(task.endAt),
    envIds: task.envIds,
    resourceIds: task.resourceIds,
    requirements: task.requirements,
  };
}

export type TaskField =
  | 'name'
  | 'kind'
  | 'courseId'
  | 'stepIds'
  | 'classId'
  | 'studentIds'
  | 'durationMinutes'
  | 'startAt'
  | 'endAt'
  | 'envIds'
  | 'resourceIds'
  | 'requirements';

/** The texts of each field's errors. */
export function taskMessages(t: TFunction): Record<TaskField, FieldMessages> {
  const all = (text: string): FieldMessages => ({
    required: text,
    invalid_format: text,
    invalid_value: text,
  });
  const name = t('teaching.manage.rules.name', {
    min: teachingLimits.nameMin,
    max: teachingLimits.nameMax,
  });
  const spaces = t('teaching.manage.rules.noEdgeSpaces');
  const duration = t('teaching.manage.rules.duration');
  return {
    name: { required: name, too_short: name, too_long: name, invalid_format: spaces },
    kind: all(t('teaching.manage.rules.kind')),
    courseId: all(t('teaching.manage.rules.course')),
    stepIds: {
      required: t('teaching.manage.rules.steps'),
      too_long: t('teaching.manage.rules.tooManySteps', { max: teachingLimits.stepsMax }),
    },
    classId: all(t('teaching.manage.rules.class')),
    studentIds: {
      ...all(t('teaching.manage.rules.students')),
      too_long: formatMessage('teaching.too_many_students', apiLanguage(), {
        max: teachingLimits.studentsMax,
      }),
    },
    durationMinutes: {
      required: t('teaching.manage.rules.durationRequired'),
      invalid_format: duration,
      invalid_value: duration,
      above_limit: t('teaching.manage.rules.durationMax', {
        max: teachingLimits.durationMaxMinutes,
      }),
    },
    startAt: {
      required: t('teaching.manage.rules.startRequired'),
      invalid_format: t('teaching.manage.rules.dateFormat'),
    },
    endAt: {
      required: t('teaching.manage.rules.endRequired'),
      invalid_format: t('teaching.manage.rules.dateFormat'),
      invalid_value: t('teaching.manage.rules.endAfterStart'),
      above_limit: t('teaching.manage.rules.rangeMax'),
    },
    envIds: {},
    resourceIds: {},
    requirements: {
      too_long: t('teaching.manage.rules.requirements', { max: teachingLimits.requirementsMax }),
      invalid_format: spaces,
    },
  };
}

/** Refusals that concern one field, by their error key. */
const fieldOfErrorKey: Partial<Record<string, TaskField>> = {
  'teaching.students_required': 'classId',
  'teaching.class_not_found': 'classId',
  'teaching.student_not_found': 'studentIds',
  'teaching.student_has_work': 'studentIds',
  'teaching.too_many_students': 'studentIds',
  'teaching.step_not_in_course': 'stepIds',
  'teaching.steps_locked': 'stepIds',
  'teaching.env_not_in_course': 'envIds',
  'teaching.resource_not_in_course': 'resourceIds',
};

/**
 * A refused save's errors on the form's fields: the server's field codes in the form's words,
 * and a refusal about one field on it. Who the task is for is one field on screen: the class,
 * or the chosen students.
 */
export function taskSaveErrors(
  error: unknown,
  target: Target,
  messages: Record<TaskField, FieldMessages>,
): FieldErrors<TaskField> {
  if (!isRequestError(error)) return [];
  const onScreen = (field: string): TaskField => {
    const name = field.split('.')[0] as TaskField;
    if (name === 'classId' || name === 'studentIds')
      return target === 'class' ? 'classId' : 'studentIds';
    return name;
  };
  const errors: FieldErrors<TaskField> = Object.entries(error.fields ?? {}).map(([field, code]) => {
    const name = onScreen(field);
    return { name, errors: [fieldErrorText(code, messages[name])] };
  });
  const keyed = error.errorKey ? fieldOfErrorKey[error.errorKey] : undefined;
  if (keyed) errors.push({ name: onScreen(keyed), errors: [error.message] });
  return errors;
}
