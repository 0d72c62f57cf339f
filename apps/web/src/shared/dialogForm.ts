import { Form, type FormInstance, type FormRule } from 'antd';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { isRequestError } from './request';
import { toast } from './toast';
import {
  serverFieldErrors,
  setFieldErrors,
  zodRules,
  type FieldMessages,
  type PathErrors,
} from './zodForm';

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

/** Errors to put on a form's fields (`form.setFields`). */
export type FieldErrors<F extends string = string> = { name: F; errors: string[] }[];

/**
 * A failed save's errors on the form's fields: the server's field codes, and for refusals that
 * concern one field (a taken name, a department or major that is gone) its message on that field.
 */
export function saveErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  messages: Partial<Record<F, FieldMessages>> = {},
  fieldOfErrorKey: Partial<Record<string, NoInfer<F>>> = {},
): FieldErrors<F> {
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
  errors: (error: unknown) => FieldErrors | PathErrors;
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
    setFieldErrors(opts.form, opts.errors(error));
  }
}

export interface SaveDialogOptions<V, B, D> {
  /** The save; the form's values become its body through `body`. */
  mutation: UseMutationOptions<D, Error, B>;
  body: (values: V) => B;
  /** Toasted after a save, before the dialog closes. */
  saved: string;
  onClose: () => void;
  /** A refused save's errors on the fields. */
  errors: (error: unknown) => FieldErrors | PathErrors;
}

/**
 * The form and save of a dialog that saves its form and closes (see `submitDialog`); the answer
 * is the `FormDialog`'s form, saving state, OK and close.
 */
export function useSaveDialog<V, B, D>(options: SaveDialogOptions<V, B, D>) {
  const [form] = Form.useForm<V>();
  const save = useMutation(options.mutation);
  const onOk = () =>
    submitDialog<V>({
      form,
      save: (values) => save.mutateAsync(options.body(values)),
      done: () => {
        toast.success(options.saved);
        options.onClose();
      },
      errors: options.errors,
    });
  return { form, saving: save.isPending, onOk, onClose: options.onClose };
}

/**
 * A save dialog whose fields follow a contract schema: `rules` of each field, and a refused
 * save's errors on the fields (a business refusal by its error key on the field it concerns).
 */
export function useSchemaDialog<V, B, D, F extends string>(
  options: Omit<SaveDialogOptions<V, B, D>, 'errors'> & {
    schema: ZodType;
    fields: readonly F[];
    messages: Partial<Record<F, FieldMessages>>;
    fieldOfErrorKey?: Partial<Record<string, NoInfer<F>>>;
  },
) {
  const { schema, fields, messages, fieldOfErrorKey = {} } = options;
  const dialog = useSaveDialog<V, B, D>({
    ...options,
    errors: (error) => saveErrors(error, fields, messages, fieldOfErrorKey),
  });
  return { dialog, rules: rulesOf(schema, fields, messages) };
}
