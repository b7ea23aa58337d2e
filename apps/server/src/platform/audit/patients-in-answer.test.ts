import { describe, expect, it } from 'vitest';
import { patientsInAnswer } from './audit-hook.ts';

// Issue 19 item 1: a read of several patients records an event per patient, found in its answer.

const jane = '11111111-1111-4111-8111-111111111111';
const olive = '22222222-2222-4222-8222-222222222222';
const smith = '33333333-3333-4333-8333-333333333333';

describe('the patients an answer names', () => {
  it('finds patientId fields at any depth, once each', () => {
    expect(patientsInAnswer([{ patientId: jane }, { patientId: olive }, { patientId: jane }])).toEqual([
      jane,
      olive,
    ]);
    expect(patientsInAnswer({ alerts: [{ patientId: jane }], tasks: [{ patientUserId: olive }] })).toEqual([
      jane,
      olive,
    ]);
  });

  it("takes userId only where it is a patient's: search items, a patient or card object, a patient participant", () => {
    expect(patientsInAnswer({ items: [{ userId: jane, provider: { userId: smith } }] })).toEqual([jane]);
    expect(patientsInAnswer({ patient: { userId: jane }, appointments: [] })).toEqual([jane]);
    expect(patientsInAnswer({ card: { userId: olive, kind: 'primary' } })).toEqual([olive]);
    expect(
      patientsInAnswer({
        threads: [
          {
            participants: [
              { userId: smith, kind: 'provider' },
              { userId: jane, kind: 'patient' },
            ],
          },
        ],
      }),
    ).toEqual([jane]);
    expect(patientsInAnswer({ receivers: [{ userId: olive, kind: 'patient' }] })).toEqual([olive]);
  });

  it("does not take a provider's or sender's userId, nor an empty list, as a patient", () => {
    expect(patientsInAnswer({ userId: smith, messages: [{ senderUserId: smith }] })).toEqual([]);
    expect(patientsInAnswer({ receivers: [{ userId: smith, kind: 'provider' }] })).toEqual([]);
    expect(patientsInAnswer([])).toEqual([]);
    expect(patientsInAnswer(null)).toEqual([]);
  });
});
