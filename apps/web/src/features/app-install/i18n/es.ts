import type { appInstallEn } from './en.ts';

// Spanish texts of the installable app.
export const appInstallEs: Record<keyof typeof appInstallEn, string> = {
  'offline.title': 'Sin conexión',
  'offline.text':
    'No se puede acceder al portal en este momento. Se volverá a conectar solo en cuanto vuelva la conexión.',
  'installApp.title': 'Instalar la aplicación',
  'installApp.text': 'Abra {{appName}} desde su pantalla de inicio o escritorio, en su propia ventana.',
  'installApp.install': 'Instalar la aplicación',
  'installApp.notNow': 'Ahora no',
  'installApp.iosText':
    'Para instalar {{appName}}, toque el botón Compartir y luego "Agregar a la pantalla de inicio".',
  'installApp.gotIt': 'Entendido',
};
