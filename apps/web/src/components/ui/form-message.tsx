import type { ReactNode } from 'react';

interface FormMessageProps {
  tone: 'error' | 'success';
  children?: ReactNode;
  id?: string;
}

/**
 * The red error area (role=alert, announced at once) and the green success area (role=status,
 * announced politely). The success region stays in the page while empty so the text added later is
 * announced; the error area is only present while it has something to say.
 */
export function FormMessage({ tone, children, id }: FormMessageProps) {
  const empty = children === null || children === undefined || children === '' || children === false;
  if (tone === 'error') {
    return empty ? null : (
      <div id={id} role="alert" className="app-message app-message--error">
        <p className="app-message__body">{children}</p>
      </div>
    );
  }
  return (
    <div id={id} role="status" className="app-message app-message--success">
      {empty ? null : <p className="app-message__body">{children}</p>}
    </div>
  );
}
