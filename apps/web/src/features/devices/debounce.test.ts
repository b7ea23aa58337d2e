import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_REGISTRATION_DEBOUNCE_MS } from '@app/contracts/devices-constants';
import { debounce } from './debounce.ts';

describe('push registration debounce (spec 1 §9: 500 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 500 ms', () => {
    expect(PUSH_REGISTRATION_DEBOUNCE_MS).toBe(500);
  });

  it('runs once, 500 ms after the last of a burst of calls', () => {
    const task = vi.fn();
    const runner = debounce(task, PUSH_REGISTRATION_DEBOUNCE_MS);
    runner.schedule();
    vi.advanceTimersByTime(300);
    runner.schedule();
    vi.advanceTimersByTime(300);
    runner.schedule();
    vi.advanceTimersByTime(499);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs again for a call after the quiet period', () => {
    const task = vi.fn();
    const runner = debounce(task, 500);
    runner.schedule();
    vi.advanceTimersByTime(500);
    runner.schedule();
    vi.advanceTimersByTime(500);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('runs nothing once cancelled', () => {
    const task = vi.fn();
    const runner = debounce(task, 500);
    runner.schedule();
    runner.cancel();
    vi.advanceTimersByTime(1000);
    expect(task).not.toHaveBeenCalled();
  });
});
