import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasProviderPermission, storedProviderPermissions } from './provider-permissions.ts';
import { loadProviderPermissions } from './store-provider-permissions.ts';

const DOCTOR_ID = '7d1c7d6e-4f0a-4c36-9d3e-0f4b7f2b9a11';

function urlOf(input: RequestInfo | URL | undefined): string {
  if (typeof input === 'string') {
    return input;
  }
  return input instanceof URL ? input.href : (input?.url ?? '');
}

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('provider permissions (spec 1 §4)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads the provider resource list by provider id when the stored member type is doctor, and stores it', async () => {
    localStorage.setItem('id', DOCTOR_ID);
    localStorage.setItem('memberType', 'doctor');
    fetchMock.mockResolvedValue(answer(200, { resources: ['APPOINTMENTS', 'MESSAGE'] }));

    expect(await loadProviderPermissions()).toEqual(['APPOINTMENTS', 'MESSAGE']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(urlOf(fetchMock.mock.calls[0]?.[0])).toBe(`/api/providers/${DOCTOR_ID}/resources`);
    expect(JSON.parse(localStorage.getItem('providerPermissions') ?? 'null')).toEqual([
      'APPOINTMENTS',
      'MESSAGE',
    ]);
  });

  it('loads nothing for a patient and forgets any stored list', async () => {
    localStorage.setItem('id', DOCTOR_ID);
    localStorage.setItem('memberType', 'patient');
    localStorage.setItem('providerPermissions', '["MESSAGE"]');
    expect(await loadProviderPermissions()).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('providerPermissions')).toBeNull();
  });

  it('checks a permission by membership in the stored list', () => {
    localStorage.setItem('memberType', 'doctor');
    localStorage.setItem('providerPermissions', JSON.stringify(['APPOINTMENTS', 'MESSAGE']));
    expect(hasProviderPermission('MESSAGE')).toBe(true);
    expect(hasProviderPermission('APPOINTMENTS')).toBe(true);
    expect(hasProviderPermission('NEWS')).toBe(false);
  });

  it('grants nothing to a non-doctor or from a damaged stored value', () => {
    localStorage.setItem('memberType', 'patient');
    localStorage.setItem('providerPermissions', JSON.stringify(['MESSAGE']));
    expect(hasProviderPermission('MESSAGE')).toBe(false);

    localStorage.setItem('memberType', 'doctor');
    localStorage.setItem('providerPermissions', '{not json');
    expect(storedProviderPermissions()).toEqual([]);
    localStorage.setItem('providerPermissions', JSON.stringify(['MESSAGE', 'NOT_A_PERMISSION', 7]));
    expect(storedProviderPermissions()).toEqual(['MESSAGE']);
  });
});
