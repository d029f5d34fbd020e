import { InputHTMLAttributes, useId, useState } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
}

/** A labelled input whose error is announced and tied to it (aria-describedby, aria-invalid). */
export function Field({ label, error, id, ...input }: FieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <div className="field">
      <label htmlFor={fieldId}>{label}</label>
      <input id={fieldId} aria-invalid={error ? true : undefined} aria-describedby={error ? `${fieldId}-error` : undefined} {...input} />
      {error && (
        <p className="field-error" id={`${fieldId}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, 'type'>) {
  const [shown, setShown] = useState(false);
  return (
    <div className="password-field">
      <Field {...props} type={shown ? 'text' : 'password'} />
      <button type="button" className="toggle-password" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
        {shown ? 'Hide password' : 'Show password'}
      </button>
    </div>
  );
}

export function FormMessage({ text, kind = 'error' }: { text?: string; kind?: 'error' | 'success' }) {
  if (!text) return null;
  return (
    <p className={`form-message form-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {text}
    </p>
  );
}
