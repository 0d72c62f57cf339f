import { fieldErrorCodes, type FieldErrorCode } from '@platform/contract';

/** Maps a validation issue to a field error code: the schema's own message if it is one, else by kind. */
export function fieldCodeOf(issue: {
  code?: string;
  keyword?: string;
  message?: string;
}): FieldErrorCode {
  if (issue.message && (fieldErrorCodes as readonly string[]).includes(issue.message)) {
    return issue.message as FieldErrorCode;
  }
  switch (issue.code ?? issue.keyword) {
    case 'invalid_type':
      return issue.message?.includes('undefined') ? 'required' : 'invalid_value';
    case 'too_small':
      return 'too_short';
    case 'too_big':
      return 'too_long';
    case 'invalid_format':
      return 'invalid_format';
    default:
      return 'invalid_value';
  }
}
