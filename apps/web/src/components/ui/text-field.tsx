import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> {
  label: string;
  /** Shown under the field and tied to it with aria-describedby; sets aria-invalid. */
  error?: string | null;
  /** Help text tied to the field with aria-describedby. */
  description?: string;
  id?: string;
  /** Something inside the field's box, after the input (e.g. a show-password button). */
  trailing?: ReactNode;
}

/**
 * A labelled text input (WCAG 1.3.1, 3.3.1, 3.3.2). Plain HTML and CSS so the guest screens stay light
 * (decision 0006); signed-in areas may use Mantine's inputs.
 */
export function TextField({ label, error, description, id, trailing, className, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const descriptionId = description ? `${inputId}-description` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `app-field ${className}` : 'app-field'}>
      <label className="app-field__label" htmlFor={inputId}>
        {label}
      </label>
      {description ? (
        <p className="app-field__description" id={descriptionId}>
          {description}
        </p>
      ) : null}
      <div className={error ? 'app-field__box app-field__box--invalid' : 'app-field__box'}>
        <input
          id={inputId}
          className="app-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {trailing}
      </div>
      {error ? (
        <p className="app-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
