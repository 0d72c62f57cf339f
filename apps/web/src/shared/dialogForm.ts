import type { FormInstance, FormRule } from 'antd';
import type { ZodType } from 'zod';
import { isRequestError } from './request';
import { serverFieldErrors, zodRules, type FieldMessages } from './zodForm';

/** Form rules and server errors of a dialog's form, from the contract's schemas. */

/** Texts of a length-limited text field: one sentence for its length, one for edge spaces. */
export function textMessages(length: string, spaces: string): FieldMessages {
  return { required: length, too_short: length, too_long: length, invalid_format: spaces };
}

export function rulesOf<F extends string>(
  schema: ZodType,
  fields: readonly F[],
  messages: Partial<Record<F, FieldMessages>>,
): (field: F) => FormRule[] {
  return (field) => zodRules(schema, field, fields, messages[field] ?? {});
}

/**
 * A failed save's errors on the form's fields: the server's field codes, and for refusals that
 * concern one field (a taken name, a department or major that is gone) its message on that field.
 */
export function saveErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  messages: Partial<Record<F, FieldMessages>>,
  fieldOfErrorKey: Record<string, NoInfer<F>>,
): { name: F; errors: string[] }[] {
  if (!isRequestError(error)) return [];
  const keyed = error.errorKey ? fieldOfErrorKey[error.errorKey] : undefined;
  const errors = serverFieldErrors(error.fields, fields, messages).filter((e) => e.name !== keyed);
  if (keyed) errors.push({ name: keyed, errors: [error.message] });
  return errors;
}

/**
 * The OK of a dialog's form: checks the fields on the client, saves, then reports and closes; a
 * refused save puts its errors on the fields and keeps the dialog open.
 */
export async function submitDialog<V>(opts: {
  form: FormInstance;
  save: (values: V) => Promise<unknown>;
  done: () => void;
  errors: (error: unknown) => { name: string; errors: string[] }[];
}): Promise<void> {
  try {
    await opts.form.validateFields();
  } catch {
    return;
  }
  try {
    await opts.save(opts.form.getFieldsValue(true) as V);
    opts.done();
  } catch (error) {
    opts.form.setFields(opts.errors(error));
  }
}
