import type { passkeysEn } from './en.ts';

// Spanish texts of this feature, spread into lib/i18n/es.ts.
export const passkeysEs: Record<keyof typeof passkeysEn, string> = {
  'biometric.loginLabel': 'Iniciar sesión con Face ID, Touch ID, reconocimiento facial o huella digital',
  'biometric.offerTitle': '¿Permitir el inicio de sesión biométrico?',
  'biometric.offerText':
    'La próxima vez, inicie sesión con Face ID, Touch ID, reconocimiento facial o su huella digital en lugar de su contraseña.',
  'biometric.close': 'Cerrar',
  'biometric.allow': 'Permitir',
  'biometric.deny': 'No permitir',
  'biometric.failed':
    'El inicio de sesión biométrico no funcionó. Inicie sesión con su nombre de usuario y contraseña.',
  'biometric.setupFailed':
    'No se pudo configurar el inicio de sesión biométrico en este dispositivo. Puede intentarlo más tarde.',
  'passkeys.title': 'Llaves de acceso',
  'passkeys.intro':
    'Las llaves de acceso le permiten iniciar sesión con Face ID, Touch ID, reconocimiento facial o su huella digital.',
  'passkeys.none': 'Todavía no hay llaves de acceso.',
  'passkeys.add': 'Agregar una llave de acceso en este dispositivo',
  'passkeys.remove': 'Eliminar',
  'passkeys.removeLabel': 'Eliminar la llave de acceso {{name}}',
  'passkeys.created': 'Agregada el {{date}}',
  'passkeys.lastUsed': 'último uso el {{date}}',
  'passkeys.added': 'Se agregó la llave de acceso.',
  'passkeys.removed': 'Se eliminó la llave de acceso.',
};
