import type { AppointmentStatus } from '@app/contracts/appointments';
import type { TaskStatus } from '@app/contracts/check-in';
import type { DeliveryStatus } from '@app/contracts/messaging';
import type { VideoCallStatus } from '@app/contracts/video-call';

/**
 * The colour roles of docs/design.md ("Status chips"). One table per kind of status, so the same
 * word has the same colour on every screen.
 */
export type StatusRole = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** Booked waits for the clinic (info), confirmed is settled (success), cancelled is danger. */
const APPOINTMENT: Record<AppointmentStatus, StatusRole> = {
  booked: 'info',
  confirmed: 'success',
  completed: 'neutral',
  cancelled: 'danger',
};

export function appointmentStatusRole(status: AppointmentStatus): StatusRole {
  return APPOINTMENT[status];
}

/** Check-in tasks and documents to sign: to do is neutral, started info, done success. */
const TASK: Record<TaskStatus, StatusRole> = {
  NEW: 'neutral',
  ACCESSED: 'info',
  DONE: 'success',
};

export function taskStatusRole(status: TaskStatus): StatusRole {
  return TASK[status];
}

/** A payment: paid is success, declined danger; an amount still due is a warning. */
export type PaymentState = 'succeeded' | 'declined' | 'due';

const PAYMENT: Record<PaymentState, StatusRole> = {
  succeeded: 'success',
  declined: 'danger',
  due: 'warning',
};

export function paymentStatusRole(state: PaymentState): StatusRole {
  return PAYMENT[state];
}

/** Insurance review: a card nobody has looked at yet is a warning for the clinic. */
export type InsuranceReviewState = 'pending' | 'reviewed' | 'approved';

const INSURANCE: Record<InsuranceReviewState, StatusRole> = {
  pending: 'warning',
  reviewed: 'info',
  approved: 'success',
};

export function insuranceReviewRole(state: InsuranceReviewState): StatusRole {
  return INSURANCE[state];
}

/**
 * Waiting room: a patient who waits asks for attention (warning), one in the call or called in is
 * served (success), one outside or gone is neutral.
 */
export type WaitingRoomState = 'in-office' | 'outside' | 'called-in' | Exclude<VideoCallStatus, null>;

const WAITING_ROOM: Record<WaitingRoomState, StatusRole> = {
  'in-office': 'warning',
  'patient-waiting': 'warning',
  'called-in': 'success',
  'in-call': 'success',
  outside: 'neutral',
  'patient-left': 'neutral',
  ended: 'neutral',
};

export function waitingRoomRole(state: WaitingRoomState): StatusRole {
  return WAITING_ROOM[state];
}

/** SMS delivery: sent success, failed danger, not sendable (opted out, no phone) warning. */
const DELIVERY: Record<DeliveryStatus, StatusRole> = {
  queued: 'neutral',
  sent: 'success',
  failed: 'danger',
  'opted-out': 'warning',
  'no-phone': 'warning',
};

export function deliveryStatusRole(status: DeliveryStatus): StatusRole {
  return DELIVERY[status];
}
