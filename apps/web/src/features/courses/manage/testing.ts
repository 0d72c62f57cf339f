import type { CourseEdit, CourseSummary } from '@platform/contract';

/** Test data of the course screens. */

export function sampleCourse(partial: Partial<CourseSummary> = {}): CourseSummary {
  return {
    id: '701',
    name: 'MQTT 与传感器',
    overview: '用 MQTT 连接传感器',
    difficulty: 'entry',
    specialty: 'iot',
    coverUrl: null,
    schoolId: '11',
    authorId: '301',
    authorName: '王老师',
    reviewStatus: 0,
    selfStudy: false,
    chapterCount: 2,
    stepCount: 5,
    purchasedUntil: null,
    editable: true,
    updatedAt: '2026-03-01T08:00:00.000Z',
    ...partial,
  };
}

export function sampleCourseEdit(partial: Partial<CourseEdit> = {}): CourseEdit {
  return {
    ...sampleCourse(),
    names: { zh: 'MQTT 与传感器', en: 'MQTT and sensors' },
    overviews: { zh: '用 MQTT 连接传感器' },
    descriptions: null,
    coverFileId: null,
    envIds: [],
    environments: [],
    chapters: [],
    ...partial,
  };
}
