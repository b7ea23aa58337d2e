import type { ReactNode } from 'react';

/** The one h1 of a screen; focus moves here after each navigation (root-layout.tsx). */
export function PageTitle({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <h1 className="app-title" id={id} tabIndex={-1}>
      {children}
    </h1>
  );
}
