import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createLoaderStore } from './loader-store.ts';
import { isLoaderExcludedUrl, showsLoader } from './loader-exclusions.ts';

describe('loader exclusions (spec 1 §7)', () => {
  it.each([
    '/api/waiting-room/statuses',
    '/api/get-in-line',
    '/api/video/rooms/4/participants',
    '/api/user/devices',
    '/api/messaging/appointments',
    '/api/todo/events',
    '/api/menu/item-counts',
    '/api/appointments/5/external-video-call-url',
    '/api/consultation-types/settings',
    '/public/consultation-types/settings',
    '/public/clinics/1/time-slots',
    '/api/patient-queue/counts',
    '/api/user/balance/appointments/4',
    '/api/copay/transactions',
  ])('excludes %s', (url) => {
    expect(isLoaderExcludedUrl(url)).toBe(true);
  });

  it('keeps ordinary requests and honours meta', () => {
    expect(showsLoader({ url: '/api/me' })).toBe(true);
    expect(showsLoader(undefined, ['/api/me'])).toBe(true);
    expect(showsLoader(undefined, ['/api/user/devices'])).toBe(false);
    expect(showsLoader({ loader: false, url: '/api/me' })).toBe(false);
  });
});

describe('createLoaderStore', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows while a request runs and is forced off after the timeout', async () => {
    const client = new QueryClient();
    const store = createLoaderStore(client, 1000);
    let finish: (value: string) => void = () => undefined;
    void client.query({
      queryKey: ['/api/slow'],
      queryFn: () => new Promise<string>((resolve) => (finish = resolve)),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getSnapshot()).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getSnapshot()).toBe(false);
    finish('done');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getSnapshot()).toBe(false);
    store.dispose();
  });

  it('stays off for excluded requests', async () => {
    const client = new QueryClient();
    const store = createLoaderStore(client, 1000);
    void client.query({
      queryKey: ['/api/user/devices'],
      queryFn: () => new Promise<string>(() => undefined),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getSnapshot()).toBe(false);
    store.dispose();
  });
});
