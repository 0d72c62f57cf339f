import {
  formatMessage,
  trialLimits,
  type ProductDirection,
  type TrialSubject,
} from '@platform/contract';
import { inArray } from 'drizzle-orm';
import { smsOutbox, trialApplications } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import * as repo from './seed.repo';

const hourMs = 3_600_000;

interface DemoApplication {
  applicant: string;
  phone: string;
  collegeName: string;
  professionalName: string;
  productDirection: ProductDirection;
  subjects?: TrialSubject[];
  interestedContent: string;
  hoursAgo: number;
  /** Hours ago that operator01 sent the message; waiting when absent. */
  processedHoursAgo?: number;
}

const applications: DemoApplication[] = [
  {
    applicant: '周老师',
    phone: '13912340001',
    collegeName: '江南职业技术学院',
    professionalName: '物联网应用技术',
    productDirection: 'iot',
    interestedContent: '智能家居传感器实训与 MQTT 通信',
    hoursAgo: 3,
  },
  {
    applicant: '吴主任',
    phone: '13912340002',
    collegeName: '华东理工职业学院',
    professionalName: '人工智能技术应用',
    productDirection: 'subject_llm',
    subjects: ['teaching_assistant', 'learning_analysis'],
    interestedContent: '用学科大模型辅助备课与学情分析',
    hoursAgo: 26,
  },
  {
    applicant: '郑工',
    phone: '13912340003',
    collegeName: '北方工业大学',
    professionalName: '工业互联网技术',
    productDirection: 'industrial_internet',
    interestedContent: '',
    hoursAgo: 50,
  },
  {
    applicant: '孙老师',
    phone: '13912340004',
    collegeName: '西部信息职业学院',
    professionalName: '大数据技术',
    productDirection: 'ai',
    interestedContent: 'Jupyter 数据分析实验',
    hoursAgo: 98,
    processedHoursAgo: 96,
  },
];

/** Demo code digits: the outbox shows what a visitor would have got (long expired). */
const demoCodes = ['482913', '106375', '739204', '551846'];

/**
 * Trial applications waiting and processed, and the text messages that went with them, so the
 * operators' trial management and SMS outbox show something on a fresh start.
 */
export async function seedDemoTrials(ctx: AppContext): Promise<void> {
  const { db, ids } = ctx;
  const now = ctx.now().getTime();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * hourMs);
  const seeded = await db
    .select({ id: trialApplications.id })
    .from(trialApplications)
    .where(
      inArray(
        trialApplications.phone,
        applications.map((a) => a.phone),
      ),
    )
    .limit(1);
  if (seeded.length) return;
  const operatorId = (await repo.userIdOf(db, 'operator01')) ?? null;
  await db.transaction(async (tx) => {
    for (const [i, a] of applications.entries()) {
      const code = demoCodes[i]!;
      const codeAt = at(a.hoursAgo + 0.05);
      await tx.insert(smsOutbox).values({
        id: ids.next(),
        phone: a.phone,
        kind: 'verification_code',
        text: formatMessage('trials.sms_code', 'zh', {
          code,
          minutes: trialLimits.codeValidMinutes,
        }),
        createdAt: codeAt,
      });
      const processedAt = a.processedHoursAgo === undefined ? null : at(a.processedHoursAgo);
      await tx.insert(trialApplications).values({
        id: ids.next(),
        applicant: a.applicant,
        phone: a.phone,
        collegeName: a.collegeName,
        professionalName: a.professionalName,
        productDirection: a.productDirection,
        subjects: a.subjects ?? [],
        interestedContent: a.interestedContent,
        status: processedAt ? 1 : 0,
        lang: 'zh',
        processedAt,
        processedBy: processedAt ? operatorId : null,
        processedByName: processedAt ? '陈运营' : null,
        createdAt: at(a.hoursAgo),
        updatedAt: processedAt ?? at(a.hoursAgo),
      });
      if (processedAt)
        await tx.insert(smsOutbox).values({
          id: ids.next(),
          phone: a.phone,
          kind: 'trial_message',
          text: formatMessage('trials.sms_processed', 'zh', { applicant: a.applicant }),
          createdAt: processedAt,
        });
    }
  });
}
