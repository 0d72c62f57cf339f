import type {
  StudentProgress,
  StudentTaskReview,
  TaskDetail,
  TaskSummary,
  TeachingDashboard,
} from '@platform/contract';

/** Test data of the teaching pages. */

export const taskPermissions = [
  'task.add',
  'task.edit',
  'task.delete',
  'task.score',
  'task.archive',
];

export function sampleTask(partial: Partial<TaskSummary> = {}): TaskSummary {
  return {
    id: '501',
    name: 'MQTT 实训一',
    kind: 'practice',
    taskType: 0,
    courseId: '701',
    courseName: 'MQTT 与传感器',
    classId: '41',
    className: '物联网 2301',
    teacherId: '301',
    teacherName: '王老师',
    timeType: 'duration',
    durationMinutes: 90,
    startAt: '2026-03-01T08:00:00.000Z',
    endAt: null,
    status: 'ongoing',
    studentCount: 2,
    submittedCount: 1,
    notSubmittedCount: 1,
    scoredCount: 0,
    scoresIssuedAt: null,
    archivedAt: null,
    createdAt: '2026-03-01T08:00:00.000Z',
    ...partial,
  };
}

export function sampleProgress(partial: Partial<StudentProgress> = {}): StudentProgress {
  return {
    studentTaskId: '601',
    studentId: '201',
    studentName: '张三',
    username: 'student01',
    submitStatus: 'submitted',
    markStatus: 'unmarked',
    reportStatus: 'submitted',
    progress: 50,
    autoScore: 8,
    autoMax: 10,
    score: null,
    startedAt: '2026-03-01T08:10:00.000Z',
    submittedAt: '2026-03-01T09:00:00.000Z',
    usedSeconds: 3000,
    remainSeconds: 2400,
    deadline: null,
    extendedMinutes: 0,
    labRunning: true,
    steps: [
      { stepId: '1001', completed: true, score: 8, checkScore: null, checkMax: 0 },
      { stepId: '1002', completed: false, score: null, checkScore: 5, checkMax: 10 },
    ],
    ...partial,
  };
}

export function sampleTaskDetail(partial: Partial<TaskDetail> = {}): TaskDetail {
  return {
    ...sampleTask(),
    requirements: '完成传感器接线并提交实验报告',
    stepIds: ['1001', '1002'],
    studentIds: ['201', '202'],
    envIds: ['901'],
    resourceIds: [],
    chapters: [
      {
        id: '801',
        name: '第一章 认识 MQTT',
        steps: [
          { id: '1001', name: '1-1 小测', type: 'question' },
          { id: '1002', name: '1-2 连接传感器', type: 'training' },
        ],
      },
    ],
    environments: [{ id: '901', name: '智能家居仿真', kind: 'emulation' }],
    resources: [],
    students: [
      sampleProgress(),
      sampleProgress({
        studentTaskId: '602',
        studentId: '202',
        studentName: '李四',
        username: 'student02',
        submitStatus: 'not_submitted',
        reportStatus: 'draft',
        progress: 0,
        labRunning: false,
      }),
    ],
    ...partial,
  };
}

export function sampleReview(partial: Partial<StudentTaskReview> = {}): StudentTaskReview {
  return {
    progress: sampleProgress(),
    taskId: '501',
    taskName: 'MQTT 实训一',
    kind: 'practice',
    scoresIssued: false,
    comment: '',
    steps: [
      {
        id: '1001',
        name: '1-1 小测',
        type: 'question',
        completed: true,
        questions: [
          {
            stem: 'MQTT 默认端口是？',
            kind: 'single',
            options: ['1883', '8080'],
            score: 8,
            answer: { kind: 'single', chosen: [0] },
            result: { right: true, score: 8, rightOptions: [0], analysis: '' },
          },
        ],
        checkAttempts: [],
      },
      {
        id: '1002',
        name: '1-2 连接传感器',
        type: 'training',
        completed: false,
        questions: [],
        checkAttempts: [
          {
            attemptId: 'a2',
            stepId: '1002',
            score: 5,
            max: 10,
            message: '温度主题未收到消息',
            items: [
              {
                title: '配置文件存在',
                score: 5,
                max: 5,
                passed: true,
                message: '',
                hidden: false,
              },
              {
                title: '温度主题',
                score: 0,
                max: 5,
                passed: false,
                message: '未收到消息',
                hidden: true,
              },
            ],
            durationMs: 800,
            createdAt: '2026-03-01T08:40:00.000Z',
          },
        ],
      },
    ],
    report: {
      status: 'submitted',
      content: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: '传感器已接入网关' }] }],
      },
      length: 8,
      savedAt: '2026-03-01T08:50:00.000Z',
      submittedAt: '2026-03-01T09:00:00.000Z',
    },
    commands: [],
    labUsage: [
      {
        envId: '901',
        envName: '智能家居仿真',
        startedAt: '2026-03-01T08:15:00.000Z',
        stoppedAt: null,
        seconds: 2700,
      },
    ],
    lab: { containerId: '3001', envId: '901', envName: '智能家居仿真' },
    ...partial,
  };
}

export function sampleDashboard(partial: Partial<TeachingDashboard> = {}): TeachingDashboard {
  return {
    period: 'week',
    classCount: 3,
    courseCount: 4,
    taskCount: 7,
    studentCount: 92,
    tasksByStatus: [
      { status: 'not_started', count: 1 },
      { status: 'ongoing', count: 3 },
      { status: 'ended', count: 2 },
      { status: 'archived', count: 1 },
    ],
    participation: [
      { band: 'full', count: 30 },
      { band: '80-100', count: 25 },
      { band: '60-80', count: 20 },
      { band: 'under-60', count: 17 },
    ],
    topStudents: [
      { id: '201', name: '张三', value: 96.5 },
      { id: '202', name: '李四', value: 93 },
    ],
    topClasses: [{ id: '41', name: '物联网 2301', value: 88 }],
    submissions: [
      { at: '2026-03-01T00:00:00.000Z', count: 4 },
      { at: '2026-03-02T00:00:00.000Z', count: 9 },
    ],
    ...partial,
  };
}
