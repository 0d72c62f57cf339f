import { useId, useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import type { LoginForm } from '@platform/contract';
import { fieldErrorText, zodFieldError } from '../../shared/zodForm';
import { isRequestError } from '../../shared/request';
import { safeRedirect } from '../../shared/navigation';
import { BrandLink, LogoMark } from '../../shared/ui/Logo';
import { LanguageSelect } from '../../shared/ui/LanguageSelect';
import { loginMutationOptions } from './api';
import '../../shared/ui/light.css';
import './LoginPage.css';

type Field = keyof LoginForm;
type Errors = Partial<Record<Field, string>>;
const fields: readonly Field[] = ['username', 'password'];

let schemaPromise: Promise<ZodType> | null = null;

/** Loads the login schema (and zod) once, on the first interaction with the form. */
function loadLoginSchema(): Promise<ZodType> {
  schemaPromise ??= import('./loginSchema').then((m) => m.loginFormSchema);
  return schemaPromise;
}

/**
 * The sign-in page. Built from plain elements (no antd) to keep the page's first load small;
 * validation uses the contract's login schema, the same one the server applies.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useMutation(loginMutationOptions());
  const [values, setValues] = useState<LoginForm>({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const id = useId();

  const placeholders: Record<Field, string> = {
    username: t('login.userNamePlaceholder'),
    password: t('login.passwordPlaceholder'),
  };
  const errorOf = (schema: ZodType, field: Field, next: LoginForm): string | undefined => {
    const code = zodFieldError(schema, next, field, fields);
    return code ? fieldErrorText(code, { required: placeholders[field] }) : undefined;
  };
  const validateField = (field: Field, next: LoginForm = values) => {
    void loadLoginSchema().then((schema) =>
      setErrors((prev) => ({ ...prev, [field]: errorOf(schema, field, next) })),
    );
  };
  const update = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setFormError(null);
    // A field showing an error is re-checked while typing, so the error goes once fixed.
    if (errors[field]) validateField(field, next);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const schema = await loadLoginSchema();
    const found: Errors = {};
    for (const field of fields) found[field] = errorOf(schema, field, values);
    setErrors(found);
    const firstInvalid = fields.find((f) => found[f]);
    if (firstInvalid) {
      document.getElementById(`${id}-${firstInvalid}`)?.focus();
      return;
    }
    setFormError(null);
    login.mutate(values, {
      onSuccess: () => {
        void navigate(safeRedirect(params.get('redirect')) ?? '/', { replace: true });
      },
      onError: (error) => {
        if (!isRequestError(error)) return setFormError(t('app.loadFailed'));
        const fieldErrors: Errors = {};
        for (const field of fields) {
          const code = error.fields?.[field];
          if (code) fieldErrors[field] = fieldErrorText(code);
        }
        setErrors(fieldErrors);
        setFormError(error.message);
      },
    });
  };

  const input = (field: Field, label: string, type: string, autoComplete: string) => {
    const inputId = `${id}-${field}`;
    const errorId = `${inputId}-error`;
    return (
      <div className="login__field">
        <label className="login__label" htmlFor={inputId}>
          {label}
        </label>
        <input
          id={inputId}
          className="login__input"
          name={field}
          type={type}
          autoComplete={autoComplete}
          placeholder={placeholders[field]}
          value={values[field]}
          maxLength={field === 'username' ? 64 : 128}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={errors[field] ? errorId : undefined}
          onChange={(e) => update(field, e.target.value)}
          onBlur={() => validateField(field)}
        />
        <p className="login__error" id={errorId}>
          {errors[field]}
        </p>
      </div>
    );
  };

  return (
    <main className="login">
      <header className="login__top">
        <BrandLink name={t('app.name')} />
        <LanguageSelect />
      </header>
      <div className="login__panel">
        <section className="login__intro" aria-hidden="true">
          <LogoMark size={56} />
          <h2>{t('login.welcome')}</h2>
          <p>{t('login.intro')}</p>
        </section>
        <section className="login__form-wrap">
          <h1 className="login__title">{t('login.title')}</h1>
          <form
            noValidate
            onSubmit={(event) => void onSubmit(event)}
            onFocus={() => void loadLoginSchema()}
            onPointerDown={() => void loadLoginSchema()}
          >
            {input('username', t('login.userName'), 'text', 'username')}
            {input('password', t('login.password'), 'password', 'current-password')}
            <button
              className="light-button login__submit"
              type="submit"
              disabled={login.isPending}
              aria-busy={login.isPending || undefined}
            >
              {login.isPending ? t('login.submitting') : t('login.submit')}
            </button>
            {formError && (
              <p className="login__form-error" role="alert">
                {formError}
              </p>
            )}
          </form>
        </section>
      </div>
    </main>
  );
}
