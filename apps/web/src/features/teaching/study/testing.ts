import {
  coursesApi,
  pathOf,
  type OwnTask,
  type OwnTaskDetail,
  type RemainTime,
  type ReportInfo,
  type TaskStudyStep,
} from '@platform/contract';
import { paragraph, studyStep } from '../../courses/study/testing';

/** Test data of the students' task pages. */

/** Where the course's resource of the sample task is; the task answers it signed. */
export const resourcePath = pathOf(coursesApi.file.path, { courseId: '11', fileId: 'res00001' });

export function ownTask(partial: Partial<OwnTask> = {}): OwnTask {
  return {
    id: '501',
    teachingTaskId: '401',
    name: 'MQTT 实训',
    taskType: 0,
    courseId: '11',
    courseName: 'MQTT 与传感器',
    coverUrl: null,
    teacherName: '王老师',
    taskStatus: 'ongoing',
    status: 'not_submitted',
    markStatus: 'unmarked',
    reportStatus: 'none',
    isReport: true,
    progress: 25,
    score: null,
    startAt: '2026-03-01T08:00:00.000Z',
    endAt: '2026-03-08T08:00:00.000Z',
    timeType: 'range',
    durationMinutes: null,
    usedSeconds: 600,
    remainSeconds: 3_600,
    ...partial,
  };
}

export function ownTaskDetail(partial: Partial<OwnTaskDetail> = {}): OwnTaskDetail {
  return {
    ...ownTask(),
    requirements: '完成传感器实验并提交实验报告',
    comment: '',
    contentHeld: null,
    autoScore: 8,
    autoMax: 20,
    scoresIssued: false,
    timeUp: false,
    chapterDTOS: [
      {
        id: '21',
        name: '第1章 认识 MQTT',
        chapterSteps: [
          { id: '701', name: '1-1 MQTT 是什么', type: 'document', completed: true, score: null },
          { id: '704', name: '1-2 发布消息', type: 'training', completed: false, score: null },
        ],
        chapterStepList: [
          { id: '701', name: '1-1 MQTT 是什么' },
          { id: '704', name: '1-2 发布消息' },
        ],
      },
      {
        id: '22',
        name: '第2章 总结',
        chapterSteps: [
          { id: '705', name: '2-1 实验报告', type: 'report', completed: false, score: null },
        ],
        chapterStepList: [{ id: '705', name: '2-1 实验报告' }],
      },
    ],
    environmentDTOS: [
      {
        id: '1',
        expEnvId: '1',
        code: 'smart-home',
        name: '智能家居仿真',
        kind: 'SIMULATION',
        expEnvScriptId: null,
        experimentEnvPlugs: [],
      },
    ],
    resources: [
      {
        id: '91',
        name: '讲义.zip',
        size: 2048,
        contentType: 'application/zip',
        createdAt: '2026-01-01T00:00:00.000Z',
        url: `${resourcePath}?e=1&s=signature`,
      },
    ],
    ...partial,
  };
}

export function taskStep(partial: Partial<TaskStudyStep> = {}): TaskStudyStep {
  return {
    ...studyStep(),
    studentTaskId: '501',
    checks: [],
    hiddenChecks: { count: 0, score: 0 },
    lastCheck: null,
    locked: false,
    ...partial,
  };
}

export function remain(partial: Partial<RemainTime> = {}): RemainTime {
  return {
    remainSeconds: 3_600,
    running: partial.remainSeconds !== null,
    deadline: '2026-03-08T08:00:00.000Z',
    timeUp: false,
    serverTime: '2026-03-01T09:00:00.000Z',
    ...partial,
  };
}

export function reportInfo(partial: Partial<ReportInfo> = {}): ReportInfo {
  return {
    studentTaskId: '501',
    teachingTaskId: '401',
    taskName: 'MQTT 实训',
    courseName: 'MQTT 与传感器',
    status: 'draft',
    length: 6,
    savedAt: '2026-03-01T09:00:00.000Z',
    submittedAt: null,
    score: null,
    content: paragraph('传感器接线'),
    revision: 3,
    comment: '',
    editable: true,
    instructions: paragraph('写出实验步骤和结果'),
    ...partial,
  };
}
