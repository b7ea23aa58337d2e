import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES } from '@app/contracts/appointments';
import { TASK_STATUSES } from '@app/contracts/check-in';
import { deliveryStatusSchema } from '@app/contracts/messaging';
import {
  appointmentStatusRole,
  deliveryStatusRole,
  insuranceReviewRole,
  paymentStatusRole,
  taskStatusRole,
  waitingRoomRole,
} from './status-roles.ts';

describe('status roles (docs/design.md "Status chips")', () => {
  it('appointments: booked info, confirmed success, completed neutral, cancelled danger', () => {
    expect(APPOINTMENT_STATUSES.map(appointmentStatusRole)).toEqual(['info', 'success', 'danger', 'neutral']);
    expect(APPOINTMENT_STATUSES).toEqual(['booked', 'confirmed', 'cancelled', 'completed']);
  });

  it('tasks: to do neutral, started info, done success', () => {
    expect(TASK_STATUSES.map(taskStatusRole)).toEqual(['neutral', 'info', 'success']);
  });

  it('payments: paid success, declined danger, an amount due warning', () => {
    expect(paymentStatusRole('succeeded')).toBe('success');
    expect(paymentStatusRole('declined')).toBe('danger');
    expect(paymentStatusRole('due')).toBe('warning');
  });

  it('insurance review: pending warning, reviewed info, approved success', () => {
    expect(insuranceReviewRole('pending')).toBe('warning');
    expect(insuranceReviewRole('reviewed')).toBe('info');
    expect(insuranceReviewRole('approved')).toBe('success');
  });

  it('waiting room: waiting asks for attention, in the call is served, outside is neutral', () => {
    expect(waitingRoomRole('in-office')).toBe('warning');
    expect(waitingRoomRole('patient-waiting')).toBe('warning');
    expect(waitingRoomRole('called-in')).toBe('success');
    expect(waitingRoomRole('in-call')).toBe('success');
    expect(waitingRoomRole('outside')).toBe('neutral');
    expect(waitingRoomRole('patient-left')).toBe('neutral');
    expect(waitingRoomRole('ended')).toBe('neutral');
  });

  it('SMS delivery: every status has a role; failures are danger', () => {
    expect(deliveryStatusSchema.options.map(deliveryStatusRole)).toEqual([
      'neutral',
      'success',
      'danger',
      'warning',
      'warning',
    ]);
  });
});
