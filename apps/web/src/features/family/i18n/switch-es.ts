import type { familySwitchEn } from './switch-en.ts';

export const familySwitchEs: Record<keyof typeof familySwitchEn, string> = {
  'familySwitch.notice': 'Está usando el perfil de un familiar.',
  'familySwitch.back': 'Volver a mi perfil',
};
