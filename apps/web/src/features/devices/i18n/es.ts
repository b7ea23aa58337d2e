import type { devicesEn } from './en.ts';

// Spanish texts of the devices feature.
export const devicesEs: Record<keyof typeof devicesEn, string> = {
  'notifications.enable': 'Activar notificaciones',
};
