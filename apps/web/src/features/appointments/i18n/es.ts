import type { appointmentsEn } from './en.ts';

export const appointmentsEs: Record<keyof typeof appointmentsEn, string> = {
  title: 'Citas',
};
