import { describe, expect, it } from 'vitest';
import { answerIsRight, courseNameSchema, questionSchema, type Question } from './courses';
import { localized } from './course-kinds';

const issues = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => (result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`));

describe('bilingual text', () => {
  it('takes either language or both, drops empty ones, and needs one', () => {
    expect(courseNameSchema.parse({ zh: 'MQTT 与传感器' })).toEqual({ zh: 'MQTT 与传感器' });
    expect(courseNameSchema.parse({ zh: '', en: 'MQTT and sensors' })).toEqual({
      en: 'MQTT and sensors',
    });
    expect(issues(courseNameSchema.safeParse({ zh: '', en: '' }))).toEqual([':required']);
    expect(issues(courseNameSchema.safeParse({}))).toEqual([':required']);
  });

  it('holds each language to the course name length of 3 to 25', () => {
    expect(issues(courseNameSchema.safeParse({ zh: '物联' }))).toEqual(['zh:too_short']);
    expect(issues(courseNameSchema.safeParse({ en: 'x'.repeat(26) }))).toEqual(['en:too_long']);
    expect(courseNameSchema.safeParse({ en: 'x'.repeat(25) }).success).toBe(true);
    expect(issues(courseNameSchema.safeParse({ en: ' MQTT ' }))).toEqual(['en:invalid_format']);
    expect(issues(courseNameSchema.safeParse({ en: 'MQ\u0000TT' }))).toEqual([
      'en:invalid_characters',
    ]);
  });

  it('shows the reader’s language and falls back to the other', () => {
    expect(localized({ zh: '传感器', en: 'Sensors' }, 'en')).toBe('Sensors');
    expect(localized({ zh: '传感器' }, 'en')).toBe('传感器');
    expect(localized({ en: 'Sensors' }, 'zh')).toBe('Sensors');
    expect(localized(null, 'zh')).toBe('');
  });
});

const option = (text: string, right = false) => ({ text: { en: text }, right });
const stem = { en: 'Which port does MQTT use?' };

describe('questions', () => {
  it('needs exactly one right option for single choice', () => {
    const q = { kind: 'single', stem, score: 5, options: [option('1883', true), option('80')] };
    expect(questionSchema.safeParse(q).success).toBe(true);
    expect(
      issues(questionSchema.safeParse({ ...q, options: [option('1883'), option('80')] })),
    ).toEqual(['options:invalid_value']);
    expect(
      issues(
        questionSchema.safeParse({ ...q, options: [option('1883', true), option('8883', true)] }),
      ),
    ).toEqual(['options:invalid_value']);
  });

  it('needs at least one right option for multiple choice', () => {
    const q = { kind: 'multiple', stem, score: 5, options: [option('1883'), option('8883')] };
    expect(issues(questionSchema.safeParse(q))).toEqual(['options:invalid_value']);
    expect(
      questionSchema.safeParse({ ...q, options: [option('1883', true), option('8883', true)] })
        .success,
    ).toBe(true);
  });

  it('holds stems to 3–200 and options to 1–150 characters', () => {
    const q = {
      kind: 'single',
      stem: { zh: '端口' },
      score: 5,
      options: [option('', true), option('x'.repeat(151))],
    };
    expect(issues(questionSchema.safeParse(q)).sort()).toEqual([
      'options.0.text:required',
      'options.1.text.en:too_long',
      'stem.zh:too_short',
    ]);
  });

  it('scores all or nothing, and fill-in answers without case or extra spaces', () => {
    const multiple: Question = questionSchema.parse({
      kind: 'multiple',
      stem,
      score: 4,
      options: [option('1883', true), option('80'), option('8883', true)],
    });
    expect(answerIsRight(multiple, { kind: 'multiple', chosen: [2, 0] })).toBe(true);
    expect(answerIsRight(multiple, { kind: 'multiple', chosen: [0] })).toBe(false);
    expect(answerIsRight(multiple, { kind: 'multiple', chosen: [0, 1, 2] })).toBe(false);
    const judgement = questionSchema.parse({ kind: 'judgement', stem, score: 2, answer: false });
    expect(answerIsRight(judgement, { kind: 'judgement', answer: false })).toBe(true);
    expect(answerIsRight(judgement, { kind: 'judgement', answer: true })).toBe(false);
    const fill = questionSchema.parse({
      kind: 'fill',
      stem,
      score: 3,
      answers: [{ zh: '发布 订阅', en: 'Publish subscribe' }],
    });
    expect(answerIsRight(fill, { kind: 'fill', text: '  publish   SUBSCRIBE ' })).toBe(true);
    expect(answerIsRight(fill, { kind: 'fill', text: '发布 订阅' })).toBe(true);
    expect(answerIsRight(fill, { kind: 'fill', text: '' })).toBe(false);
    expect(answerIsRight(fill, { kind: 'judgement', answer: true })).toBe(false);
  });
});
