import { describe, expect, it } from 'vitest';
import {
  WAITING_ROOM_TABS,
  type ProviderAppointment,
  type WaitingRoomResponse,
  type WalkIn,
} from '@app/contracts/provider-schedule';
import { newArrivals, openingTab, waitingPatients } from './waiting-room-rules.ts';

// Decision 0052: the tab the waiting room opens on, and who has newly arrived.

const DRIVE_UP = WAITING_ROOM_TABS;
const TELEHEALTH = WAITING_ROOM_TABS.filter((tab) => tab !== 'in-line');

function row(id: number, overrides: Partial<ProviderAppointment> = {}): ProviderAppointment {
  return {
    appointmentId: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    appointmentStartAt: '2026-12-01T07:00:00-05:00',
    appointmentFinishAt: '2026-12-01T07:15:00-05:00',
    timezone: 'America/New_York',
    type: 'office',
    doctorId: '22222222-2222-4222-8222-222222222222',
    doctorName: 'Alice Smith',
    doctorTitle: 'MD',
    doctorImage: null,
    departmentUuid: '44444444-4444-4444-8444-444444444444',
    departmentName: 'Riverside Main Clinic',
    locationName: null,
    patientId: `55555555-5555-4555-8555-${String(id).padStart(12, '0')}`,
    patientName: `Patient ${String(id)}`,
    patientImage: null,
    patientBirthdate: null,
    appointmentTitle: 'Follow-up',
    visitStatus: null,
    patientStatus: null,
    lastMarkedAsCalledInAt: null,
    lastQuickLinkSentAt: null,
    reminderSentAt: null,
    isPreCheckIn: false,
    hasUndoneTasks: false,
    isNewCheckIn: false,
    hasAnsweredQuestionnaires: false,
    hasSignedDocuments: false,
    patientBalance: null,
    clinicUuid: '11111111-1111-4111-8111-111111111111',
    consultationTypeId: '66666666-6666-4666-8666-666666666666',
    isInWaitList: false,
    canJoinWaitList: false,
    isCancellable: true,
    allowVideoCall: false,
    videoCallStatus: null,
    ...overrides,
  };
}

function walkIn(id: number, firstName = 'Walter', lastName = 'Inman'): WalkIn {
  return {
    id: `77777777-7777-4777-8777-${String(id).padStart(12, '0')}`,
    firstName,
    lastName,
    birthdate: null,
    departmentName: 'Riverside Main Clinic',
    eta: null,
  };
}

function room(appointments: ProviderAppointment[], walkIns: WalkIn[] = []): WaitingRoomResponse {
  const count = (status: string) =>
    appointments.filter((item) => (item.patientStatus ?? 'scheduled') === status).length;
  return {
    date: '2026-12-01',
    appointments,
    walkIns,
    counts: {
      scheduled: count('scheduled'),
      outside: count('outside'),
      'called-in': count('called-in'),
      'in-office': count('in-office'),
      'in-line': walkIns.length,
    },
  };
}

describe('openingTab: where the room opens until the provider picks a tab', () => {
  it('opens on Scheduled when the patient waiting in the video room is listed there (issue 18)', () => {
    const data = room([
      row(1, { type: 'video_call', videoCallStatus: 'patient-waiting' }),
      row(2, { type: 'video_call' }),
    ]);
    expect(openingTab(TELEHEALTH, data)).toBe('scheduled');
  });

  it('opens on Outside when a patient is outside and nobody waits in an earlier tab', () => {
    const data = room([row(1), row(2, { patientStatus: 'outside' }), row(3, { patientStatus: 'in-office' })]);
    expect(openingTab(DRIVE_UP, data)).toBe('outside');
  });

  it('takes the first waiting tab in the screen order when patients wait in several', () => {
    const data = room([row(1, { patientStatus: 'outside' })], [walkIn(1)]);
    expect(openingTab(DRIVE_UP, data)).toBe('outside');
    expect(openingTab(['in-line', 'outside'], data)).toBe('in-line');
  });

  it('opens on In line when only walk-ins wait', () => {
    const data = room([row(1, { patientStatus: 'in-office' })], [walkIn(1)]);
    expect(openingTab(DRIVE_UP, data)).toBe('in-line');
  });

  it('does not count called-in, in-office, in-call, left or ended patients as waiting', () => {
    const data = room([
      row(1, { patientStatus: 'in-office' }),
      row(2, { patientStatus: 'called-in' }),
      row(3, { type: 'video_call', videoCallStatus: 'in-call' }),
      row(4, { type: 'video_call', videoCallStatus: 'patient-left' }),
      row(5, { type: 'video_call', videoCallStatus: 'ended' }),
    ]);
    expect(waitingPatients(data, TELEHEALTH).size).toBe(0);
    // Nobody waits: the first tab with anyone in it.
    expect(openingTab(TELEHEALTH, data)).toBe('scheduled');
    expect(openingTab(TELEHEALTH, room([row(2, { patientStatus: 'called-in' })]))).toBe('called-in');
  });

  it('shows the first tab of an empty room, and while the rows load', () => {
    expect(openingTab(TELEHEALTH, room([]))).toBe('scheduled');
    expect(openingTab(DRIVE_UP, undefined)).toBe('scheduled');
  });

  it('ignores walk-ins in the telehealth room, which has no In line tab', () => {
    const data = room([row(1, { patientStatus: 'called-in' })], [walkIn(1)]);
    expect(waitingPatients(data, TELEHEALTH).size).toBe(0);
    expect(openingTab(TELEHEALTH, data)).toBe('called-in');
  });
});

describe('newArrivals: who is announced', () => {
  it('announces nobody on the first reading: they were there before the provider looked', () => {
    const first = waitingPatients(room([row(1, { patientStatus: 'outside' })]), DRIVE_UP);
    expect(newArrivals(null, first)).toEqual([]);
  });

  it('announces a patient who is waiting now and was not before', () => {
    const before = waitingPatients(room([row(1, { patientStatus: 'outside' }), row(2)]), DRIVE_UP);
    const after = waitingPatients(
      room([
        row(1, { patientStatus: 'outside' }),
        row(2, { patientName: 'Ana Ruiz', patientStatus: 'outside' }),
      ]),
      DRIVE_UP,
    );
    expect(newArrivals(before, after)).toEqual(['Ana Ruiz']);
    expect(waitingPatients(room([]), DRIVE_UP).size).toBe(0);
    expect(after.size).toBe(2);
  });

  it('announces a video patient entering the room, and walk-ins joining the line', () => {
    const before = waitingPatients(room([row(1, { type: 'video_call' })]), DRIVE_UP);
    const after = waitingPatients(
      room(
        [row(1, { type: 'video_call', patientName: 'Ana Ruiz', videoCallStatus: 'patient-waiting' })],
        [walkIn(1, 'Bob', 'Lee')],
      ),
      DRIVE_UP,
    );
    expect(newArrivals(before, after)).toEqual(['Ana Ruiz', 'Bob Lee']);
  });

  it('announces nobody when patients leave or move on, and the same patient again after they left', () => {
    const waiting = waitingPatients(room([row(1, { patientStatus: 'outside' })]), DRIVE_UP);
    const calledIn = waitingPatients(room([row(1, { patientStatus: 'called-in' })]), DRIVE_UP);
    expect(newArrivals(waiting, calledIn)).toEqual([]);
    expect(newArrivals(waiting, waiting)).toEqual([]);
    const left = waitingPatients(
      room([row(1, { type: 'video_call', videoCallStatus: 'patient-left' })]),
      DRIVE_UP,
    );
    const back = waitingPatients(
      room([row(1, { type: 'video_call', videoCallStatus: 'patient-waiting' })]),
      DRIVE_UP,
    );
    expect(newArrivals(left, back)).toEqual(['Patient 1']);
  });
});
