import type { StudentCourseCard, StudentCourseInfo, StudyStep } from '@platform/contract';

/** Test data of the students' course pages. */

/** A one-paragraph rich-text document. */
export function paragraph(text: string) {
  return { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] };
}

/** What a course card and the course info have alike. */
const course = {
  id: '11',
  name: 'MQTT 与传感器',
  overview: '从发布订阅到传感器数据',
  difficulty: 'entry',
  specialty: 'iot',
  coverUrl: null,
  selfStudy: true,
} satisfies Partial<StudentCourseInfo>;

export function courseCard(partial: Partial<StudentCourseCard> = {}): StudentCourseCard {
  return { ...course, chapterCount: 3, stepCount: 9, progress: null, ...partial };
}

export function courseInfo(partial: Partial<StudentCourseInfo> = {}): StudentCourseInfo {
  return {
    ...course,
    schoolId: '1',
    authorId: '2',
    authorName: '王老师',
    chapterCount: 2,
    stepCount: 4,
    updatedAt: '2026-01-01T00:00:00.000Z',
    description: paragraph('本课程介绍 MQTT 协议'),
    environments: [{ id: '1', name: '智能家居仿真', kind: 'SIMULATION' }],
    resources: [
      {
        id: '91',
        name: '讲义.zip',
        size: 2048,
        contentType: 'application/zip',
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    ],
    chapters: [
      {
        id: '21',
        name: '第1章 认识 MQTT',
        description: '协议基础',
        steps: [
          { id: '701', name: '1-1 MQTT 是什么', type: 'document', completed: true, score: null },
          { id: '702', name: '1-2 协议视频', type: 'video', completed: false, score: null },
        ],
      },
      {
        id: '22',
        name: '第2章 动手实验',
        description: '',
        steps: [
          { id: '703', name: '2-1 小测验', type: 'exercises', completed: true, score: 8 },
          { id: '704', name: '2-2 发布消息', type: 'training', completed: false, score: null },
        ],
      },
    ],
    progress: { done: 2, total: 4, percent: 50, score: 8, lastStudiedAt: null },
    ...partial,
  };
}

export function studyStep(partial: Partial<StudyStep> = {}): StudyStep {
  return {
    id: '701',
    courseId: '11',
    chapterId: '21',
    name: '1-1 MQTT 是什么',
    type: 'document',
    doc: paragraph('MQTT 是一种轻量的发布订阅协议'),
    file: null,
    questions: null,
    env: null,
    commands: [],
    progress: {
      videoSeconds: null,
      completed: false,
      score: null,
      answers: null,
      results: null,
      withheld: null,
    },
    previousStepId: null,
    nextStepId: '702',
    ...partial,
  };
}
