import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS } from '../lib/storage/storage-keys.ts';
import { OUTLET_WAIT_MS, watchForOutlet } from './outlet-watch.ts';

function mountRoot(withContent: boolean) {
  const root = document.createElement('div');
  root.id = 'root';
  if (withContent) {
    root.append(document.createElement('main'));
  }
  document.body.append(root);
  return root;
}

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('watchForOutlet (spec 1 §9: reload if no router outlet 100 ms after start)', () => {
  it('reloads once when the root is still empty after 100 ms', () => {
    mountRoot(false);
    const reload = vi.fn();
    watchForOutlet({ reload });
    vi.advanceTimersByTime(OUTLET_WAIT_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(SESSION_KEYS.outletReload)).toBe('yes');
  });

  it("reloads when the root still shows index.html's own boot screen (decision 0068)", () => {
    const root = mountRoot(false);
    const staticBoot = document.createElement('main');
    staticBoot.setAttribute('data-static-boot', '');
    root.append(staticBoot);
    const reload = vi.fn();
    watchForOutlet({ reload });
    vi.advanceTimersByTime(OUTLET_WAIT_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads when the root element is missing altogether', () => {
    const reload = vi.fn();
    watchForOutlet({ reload });
    vi.advanceTimersByTime(OUTLET_WAIT_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the app has rendered', () => {
    mountRoot(true);
    const reload = vi.fn();
    watchForOutlet({ reload });
    vi.advanceTimersByTime(OUTLET_WAIT_MS * 10);
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(SESSION_KEYS.outletReload)).toBeNull();
  });

  it('does not reload a second time in the same tab session (no reload loop)', () => {
    mountRoot(false);
    sessionStorage.setItem(SESSION_KEYS.outletReload, 'yes');
    const reload = vi.fn();
    watchForOutlet({ reload });
    vi.advanceTimersByTime(OUTLET_WAIT_MS);
    expect(reload).not.toHaveBeenCalled();
  });

  it('can be cancelled', () => {
    mountRoot(false);
    const reload = vi.fn();
    const cancel = watchForOutlet({ reload });
    cancel();
    vi.advanceTimersByTime(OUTLET_WAIT_MS);
    expect(reload).not.toHaveBeenCalled();
  });
});
