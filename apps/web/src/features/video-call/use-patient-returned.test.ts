import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { usePatientReturned } from './use-patient-returned.ts';

describe('usePatientReturned (issue 18: a first join is not "again")', () => {
  it('is false while the patient arrives the first time, true once they left and came back', () => {
    const view = renderHook(({ here }) => usePatientReturned(here), { initialProps: { here: false } });
    expect(view.result.current).toBe(false);
    view.rerender({ here: true });
    expect(view.result.current).toBe(false);
    view.rerender({ here: false });
    expect(view.result.current).toBe(false);
    view.rerender({ here: true });
    expect(view.result.current).toBe(true);
  });

  it('counts a patient already there when the page opened as a first arrival', () => {
    const view = renderHook(({ here }) => usePatientReturned(here), { initialProps: { here: true } });
    expect(view.result.current).toBe(false);
  });
});
