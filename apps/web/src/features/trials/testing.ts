import type { SmsOutboxMessage, TrialApplication } from '@platform/contract';

/** Sample rows for the trial views' tests. */

export function sampleTrial(partial: Partial<TrialApplication> = {}): TrialApplication {
  return {
    id: '501',
    applicant: '周老师',
    phone: '13912340001',
    collegeName: '江南职业技术学院',
    professionalName: '物联网应用技术',
    productDirection: 'iot',
    subjects: [],
    interestedContent: '智能家居传感器实训',
    applyType: 0,
    status: 'applying',
    createdAt: '2026-06-01T02:00:00.000Z',
    processedAt: null,
    processedByName: null,
    ...partial,
  };
}

export function sampleMessage(partial: Partial<SmsOutboxMessage> = {}): SmsOutboxMessage {
  return {
    id: '801',
    phone: '13912340001',
    kind: 'verification_code',
    text: '【实训教学平台】您的验证码为 482913，10 分钟内有效。如非本人操作，请忽略本短信。',
    createdAt: '2026-06-01T01:57:00.000Z',
    ...partial,
  };
}
