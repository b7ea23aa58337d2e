import type { bookingEn } from './en.ts';

export const bookingEs: Record<keyof typeof bookingEn, string> = {
  title: 'Programar cita',
};
