import { describe, expect, it } from 'vitest';
import {
  INVITATION_CODE_ALPHABET,
  formatInvitationCode,
  invitationCodeOfSearch,
  invitationConnectPath,
  isInvitationCode,
  normalizeInvitationCode,
} from './clinic-invitation-code.ts';
import { connectClinicSchema } from './clinic-invitations.ts';

describe('invitation codes (decision 0035)', () => {
  it('use no character a reader could confuse', () => {
    for (const confusable of ['0', 'O', '1', 'I', 'L']) {
      expect(INVITATION_CODE_ALPHABET).not.toContain(confusable);
    }
    expect(new Set(INVITATION_CODE_ALPHABET).size).toBe(INVITATION_CODE_ALPHABET.length);
  });

  it('are read in any case, with the spaces and hyphens people type', () => {
    expect(normalizeInvitationCode(' hcm7-4qpd ')).toBe('HCM74QPD');
    expect(normalizeInvitationCode('HCM7 4QPD')).toBe('HCM74QPD');
    expect(isInvitationCode('HCM74QPD')).toBe(true);
    for (const bad of ['HCM74QP', 'HCM74QPDX', 'HCM74QP0', 'HCM74QPO', 'HCM7_QPD', '']) {
      expect(isInvitationCode(bad)).toBe(false);
    }
  });

  it('are shown in two groups and linked to the connect screen', () => {
    expect(formatInvitationCode('hcm74qpd')).toBe('HCM7-4QPD');
    expect(invitationConnectPath('HCM7-4QPD')).toBe('/user/provider/connect?code=HCM74QPD');
  });

  it('are taken from a query only when they have the right shape', () => {
    expect(invitationCodeOfSearch('?code=hcm7-4qpd&clinicUuid=x')).toBe('HCM74QPD');
    expect(invitationCodeOfSearch('?code=nope')).toBeNull();
    expect(invitationCodeOfSearch('?code=')).toBeNull();
    expect(invitationCodeOfSearch('')).toBeNull();
    expect(invitationCodeOfSearch(`?code=${'A'.repeat(41)}`)).toBeNull();
  });

  it('are one rule for the form and the server', () => {
    expect(connectClinicSchema.parse({ code: 'hcm7-4qpd' })).toEqual({ code: 'HCM74QPD' });
    expect(connectClinicSchema.safeParse({ code: 'HCM7-4QP0' }).success).toBe(false);
    expect(connectClinicSchema.safeParse({ code: '' }).success).toBe(false);
  });
});
