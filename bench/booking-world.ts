// What booking-server.ts sets up and booking-load.ts drives (shared without running either).

export const BENCH_PROVIDERS = 10;
export const BENCH_PATIENTS = 50;
/** Each provider works 00:00-23:30 UTC every day: 47 thirty-minute slots a day. */
export const SLOTS_PER_DAY = 47;
export const SLOT_MINUTES = 30;
export const BENCH_PASSWORD = 'Bench#Booking1';

export interface BenchWorld {
  url: string;
  clinicId: string;
  departmentId: string;
  consultationTypeId: string;
  providerIds: string[];
  tokens: string[];
}
