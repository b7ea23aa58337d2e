import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderRoutes } from '../../test/render.tsx';
import { IdleWatch } from './idle-watch.tsx';

/** The warning's code loads when it first shows (decision 0074): let that load finish. */
async function dialogLoaded() {
  await act(async () => {
    await import('./idle-warning-dialog.tsx');
  });
}

describe('IdleWatch (spec 1 §1, §9)', () => {
  beforeAll(async () => {
    // Loaded once ahead, so the fake clock's steps below do not race a module transform.
    await import('./idle-warning-dialog.tsx');
  });
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    localStorage.setItem('idleOverride', JSON.stringify({ idleSeconds: 5, timeoutSeconds: 20 }));
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  function setup(path = '/user/appointment') {
    const onTimeout = vi.fn();
    renderRoutes([{ path: '*', element: <IdleWatch area="user" onTimeout={onTimeout} /> }], path);
    return onTimeout;
  }

  it("asks 'Are you still here?' after the idle time and logs out after the time-out", async () => {
    const onTimeout = setup();
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    await dialogLoaded();
    expect(screen.getByRole('dialog', { name: 'Are you still here?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(19_000));
    expect(onTimeout).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(onTimeout).toHaveBeenCalledOnce();
  });

  it('keeps the session when the person answers Yes', async () => {
    const onTimeout = setup();
    await act(() => vi.advanceTimersByTimeAsync(5_100));
    await dialogLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('restarts the idle time on activity', async () => {
    setup();
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    fireEvent.keyDown(window, { key: 'a' });
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is off on the video-call routes', async () => {
    const onTimeout = setup('/user/video-call/7');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
