import type { BookingFlow } from '../use-booking-flow.ts';

export interface BookingContext {
  flow: BookingFlow;
  clinicUuid: string;
  /** The care-manager app (spec 2 §1, §6): internal booking, no booking bounds, advanced filters. */
  careManager: boolean;
  /** Set when a provider books for a patient. */
  userId: string | undefined;
}
