import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { useLoadedWhen } from './use-loaded-when.ts';

describe('useLoadedWhen (decision 0074)', () => {
  it('loads nothing until first asked, then keeps what it loaded', async () => {
    const load = vi.fn(() => Promise.resolve('dialog'));
    const { result, rerender } = renderHook(({ when }) => useLoadedWhen(when, load), {
      initialProps: { when: false },
    });
    expect(result.current).toBeNull();
    expect(load).not.toHaveBeenCalled();
    rerender({ when: true });
    await waitFor(() => {
      expect(result.current).toBe('dialog');
    });
    rerender({ when: false });
    rerender({ when: true });
    expect(result.current).toBe('dialog');
    expect(load).toHaveBeenCalledOnce();
  });

  it('tries again at the next opening when a load failed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('dialog');
    const { result, rerender } = renderHook(({ when }) => useLoadedWhen<string>(when, load), {
      initialProps: { when: true },
    });
    await waitFor(() => {
      expect(load).toHaveBeenCalledOnce();
    });
    expect(result.current).toBeNull();
    rerender({ when: false });
    rerender({ when: true });
    await waitFor(() => {
      expect(result.current).toBe('dialog');
    });
  });
});
