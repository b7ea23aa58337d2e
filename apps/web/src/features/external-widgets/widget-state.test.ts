import { describe, expect, it } from 'vitest';
import { nextWidgetState } from './widget-state.ts';

describe('nextWidgetState (spec 1 §4: loading, loaded, destroyed)', () => {
  it('runs loading -> loaded -> destroyed', () => {
    const loading = nextWidgetState(null, 'start');
    expect(loading).toBe('loading');
    const loaded = nextWidgetState(loading, 'load');
    expect(loaded).toBe('loaded');
    expect(nextWidgetState(loaded, 'destroy')).toBe('destroyed');
  });

  it('marks a script that cannot load as failed, and destroys it too', () => {
    expect(nextWidgetState('loading', 'error')).toBe('failed');
    expect(nextWidgetState('failed', 'destroy')).toBe('destroyed');
  });

  it('starts again after destroyed (signing in again)', () => {
    expect(nextWidgetState('destroyed', 'start')).toBe('loading');
  });

  it('ignores events that do not fit', () => {
    expect(nextWidgetState('loaded', 'start')).toBe('loaded');
    expect(nextWidgetState('destroyed', 'load')).toBe('destroyed');
    expect(nextWidgetState('destroyed', 'error')).toBe('destroyed');
    expect(nextWidgetState('loaded', 'error')).toBe('loaded');
    expect(nextWidgetState(null, 'load')).toBeNull();
    expect(nextWidgetState(null, 'destroy')).toBeNull();
  });
});
