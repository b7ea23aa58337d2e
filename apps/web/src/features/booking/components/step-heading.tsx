import { useEffect, useRef, type ReactNode } from 'react';
import { Title } from '@mantine/core';

/**
 * The step's h1. It takes focus when the step appears, so a screen reader announces the new step and
 * keyboard users continue from the top of it (WCAG 2.4.3).
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Title order={1} ref={ref} tabIndex={-1} style={{ outline: 'none' }}>
      {children}
    </Title>
  );
}
