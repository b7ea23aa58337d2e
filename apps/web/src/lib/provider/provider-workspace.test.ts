import { describe, expect, it } from 'vitest';
import type { ProviderWorkspace } from '@app/contracts/provider-workspace';
import { passesGate } from './provider-workspace.ts';

const workspace: ProviderWorkspace = {
  providerId: '00000000-0000-4000-8000-000000000001',
  name: 'Anna Smith',
  firstName: 'Anna',
  email: null,
  image: null,
  permissions: ['BULK_MESSAGING', 'MESSAGE'],
  clinicId: '00000000-0000-4000-8000-000000000002',
  clinics: [{ id: '00000000-0000-4000-8000-000000000002', name: 'Riverside', modules: ['FLOWS'] }],
};

describe('passesGate (spec 3 §6)', () => {
  it('needs both the permission and the module', () => {
    expect(passesGate(workspace, { permission: 'MESSAGE' })).toBe(true);
    expect(passesGate(workspace, { permission: 'BULK_MESSAGING', module: 'BULK_MESSAGING' })).toBe(false);
    expect(passesGate(workspace, { permission: 'FLOWS', module: 'FLOWS' })).toBe(false);
    expect(
      passesGate({ ...workspace, permissions: ['FLOWS'] }, { permission: 'FLOWS', module: 'FLOWS' }),
    ).toBe(true);
    expect(passesGate(workspace, {})).toBe(true);
  });
});
