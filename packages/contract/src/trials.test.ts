import { describe, expect, it } from 'vitest';
import { splitSubjects, trialApplySchema, trialCodeQuerySchema } from './index';

/** The first issue of each field, as the server reports it. */
function issuesOf(value: unknown): Record<string, string> {
  const first: Record<string, string> = {};
  for (const issue of trialApplySchema.safeParse(value).error?.issues ?? [])
    first[String(issue.path[0])] ??= issue.message;
  return first;
}

describe('the trial form', () => {
  it('splits comma-joined subjects without blanks', () => {
    expect(splitSubjects(' digital_human, ,subject_model ')).toEqual([
      'digital_human',
      'subject_model',
    ]);
    expect(splitSubjects(undefined)).toEqual([]);
  });

  it('asks for subjects of the subject model even while other fields are empty, as a form checks it', () => {
    const empty = {
      applicant: '',
      phone: '',
      verificationCode: '',
      collegeName: '',
      professionalName: '',
      productDirection: 'subject_llm',
      subjects: '',
    };
    expect(issuesOf(empty)).toEqual({
      applicant: 'required',
      phone: 'required',
      verificationCode: 'required',
      collegeName: 'required',
      professionalName: 'required',
      subjects: 'required',
    });
    expect(issuesOf({ ...empty, productDirection: '' })).toMatchObject({
      productDirection: 'required',
    });
    expect(issuesOf({ ...empty, productDirection: 'iot' }).subjects).toBeUndefined();
  });

  it('trims the phone of a code request and checks the mainland pattern', () => {
    expect(trialCodeQuerySchema.parse({ phone: ' 13912345678 ' })).toEqual({
      phone: '13912345678',
    });
    expect(trialCodeQuerySchema.safeParse({ phone: '23912345678' }).success).toBe(false);
  });
});
