import { describe, expect, it } from 'vitest';
import type { VoiceCall } from '@app/contracts/voice-calls';
import { latestCall, statusKeyOf } from './voice-call-rules.ts';

const call = (id: string, status: VoiceCall['status'], startedAt: string): VoiceCall => ({
  id,
  clinicId: 'c',
  appointmentId: null,
  patientId: 'p',
  patientName: 'Ann Lee',
  phoneSuffix: '0147',
  status,
  endedReason: status === 'ended' ? 'provider' : null,
  startedAt,
  endedAt: null,
});

describe('latestCall', () => {
  it('takes whichever is known', () => {
    const a = call('a', 'in-progress', '2026-11-24T15:00:00.000Z');
    expect(latestCall(null, null)).toBeNull();
    expect(latestCall(a, null)).toBe(a);
    expect(latestCall(null, a)).toBe(a);
  });

  it('lets an ended state win for the same call, whichever side knows it', () => {
    const live = call('a', 'in-progress', '2026-11-24T15:00:00.000Z');
    const ended = call('a', 'ended', '2026-11-24T15:00:00.000Z');
    expect(latestCall(live, ended)).toBe(ended);
    expect(latestCall(ended, live)).toBe(ended);
  });

  it('takes the newer of two different calls', () => {
    const old = call('a', 'ended', '2026-11-24T15:00:00.000Z');
    const fresh = call('b', 'in-progress', '2026-11-24T15:05:00.000Z');
    expect(latestCall(old, fresh)).toBe(fresh);
    expect(latestCall(fresh, old)).toBe(fresh);
  });
});

describe('statusKeyOf', () => {
  it('names each state, and an end by the video visit apart', () => {
    expect(statusKeyOf({ status: 'dialing', endedReason: null })).toBe('statusDialing');
    expect(statusKeyOf({ status: 'in-progress', endedReason: null })).toBe('statusInProgress');
    expect(statusKeyOf({ status: 'ended', endedReason: 'provider' })).toBe('statusEnded');
    expect(statusKeyOf({ status: 'ended', endedReason: 'video-ended' })).toBe('statusEndedByVideo');
    expect(statusKeyOf({ status: 'failed', endedReason: 'failed' })).toBe('statusFailed');
  });
});
