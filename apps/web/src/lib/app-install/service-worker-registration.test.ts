import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  registerAppServiceWorker,
  registerAppServiceWorkerAfterLoad,
  resetAppServiceWorkerForTests,
} from './service-worker-registration.ts';

// One service worker, registered once per page at scope '/' (decision 0038).

const register =
  vi.fn<(url: string, options?: RegistrationOptions) => Promise<ServiceWorkerRegistration | undefined>>();

beforeEach(() => {
  resetAppServiceWorkerForTests();
  register.mockReset();
  Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.restoreAllMocks();
});

describe('registerAppServiceWorker', () => {
  it('registers /service-worker.js for the whole app once, however often it is asked', async () => {
    const registration = { scope: '/' } as ServiceWorkerRegistration;
    register.mockResolvedValue(registration);
    const [first, second] = await Promise.all([registerAppServiceWorker(), registerAppServiceWorker()]);
    expect(first).toBe(registration);
    expect(second).toBe(registration);
    expect(register).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith('/service-worker.js', { scope: '/', updateViaCache: 'none' });
  });

  it('answers null when the browser refuses or blocks the worker, and may try again later', async () => {
    register.mockRejectedValueOnce(new Error('SecurityError'));
    expect(await registerAppServiceWorker()).toBeNull();
    register.mockResolvedValueOnce(undefined);
    expect(await registerAppServiceWorker()).toBeNull();
    expect(register).toHaveBeenCalledTimes(2);
  });

  it('answers null without service workers', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    expect(await registerAppServiceWorker()).toBeNull();
  });
});

describe('registerAppServiceWorkerAfterLoad', () => {
  it('waits for the load event while the page is still loading', () => {
    register.mockResolvedValue({} as ServiceWorkerRegistration);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    registerAppServiceWorkerAfterLoad();
    expect(register).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('registers at once when the page has loaded already', () => {
    register.mockResolvedValue({} as ServiceWorkerRegistration);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    registerAppServiceWorkerAfterLoad();
    expect(register).toHaveBeenCalledTimes(1);
  });
});
