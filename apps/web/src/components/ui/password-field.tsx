import { useId, useState } from 'react';
import { TextField, type TextFieldProps } from './text-field.tsx';

interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'trailing'> {
  /** Accessible name of the show/hide toggle, e.g. 'Show password'. */
  toggleLabel: string;
}

/** A password field with a keyboard-operable show/hide toggle (aria-pressed). */
export function PasswordField({ toggleLabel, id, ...props }: PasswordFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const [visible, setVisible] = useState(false);
  const toggle = (
    <button
      type="button"
      className="app-field__toggle"
      aria-label={toggleLabel}
      aria-pressed={visible}
      aria-controls={inputId}
      onClick={() => {
        setVisible((current) => !current);
      }}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d={
            visible
              ? 'M2 4.3 3.3 3l17.7 17.7-1.3 1.3-3.1-3.1A10.6 10.6 0 0 1 12 20C6.5 20 2.7 15.6 1.5 12a11.8 11.8 0 0 1 4-5.6zm7.6 7.6a2.5 2.5 0 0 0 2.5 2.6zM12 4c5.5 0 9.3 4.4 10.5 8a11.6 11.6 0 0 1-3 4.7l-2.6-2.6a5 5 0 0 0-6.9-6.9L8 5.2A10.8 10.8 0 0 1 12 4'
              : 'M12 4C6.5 4 2.7 8.4 1.5 12c1.2 3.6 5 8 10.5 8s9.3-4.4 10.5-8C21.3 8.4 17.5 4 12 4m0 13a5 5 0 1 1 0-10 5 5 0 0 1 0 10m0-2.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5'
          }
        />
      </svg>
    </button>
  );
  return <TextField {...props} id={inputId} type={visible ? 'text' : 'password'} trailing={toggle} />;
}
