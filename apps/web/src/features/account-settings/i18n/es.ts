import type { accountSettingsEn } from './en.ts';

// Spanish texts of this feature, loaded with its screens (./catalogue.ts).
export const accountSettingsEs: Record<keyof typeof accountSettingsEn, string> = {
  'accountSettings.title': 'Configuración de la cuenta',
  'accountSettings.accountData': 'Datos de la cuenta',
  'accountSettings.imageAlt': 'Su foto',
  'accountSettings.changeImage': 'Cambiar la foto (PNG, JPEG o WebP, hasta 2 MB)',
  'accountSettings.firstName': 'Nombre',
  'accountSettings.name': 'Nombre completo',
  'accountSettings.email': 'Correo electrónico',
  'accountSettings.accessHistoryTitle': 'Quién abrió mi expediente',
  'accountSettings.accessHistoryText':
    'Vea quién de su equipo de atención o de su familia abrió o cambió su expediente, y cuándo.',
  'accountSettings.accessHistoryLink': 'Ver quién abrió mi expediente',
  'totp.title': 'Aplicación de autenticación',
  'totp.intro':
    'Use una aplicación de autenticación como segundo paso al iniciar sesión: después de su contraseña, ingrese el código de 6 dígitos que muestra la aplicación.',
  'totp.statusOn': 'La aplicación de autenticación está activada.',
  'totp.statusOff': 'La aplicación de autenticación está desactivada.',
  'totp.setUp': 'Configurar una aplicación de autenticación',
  'totp.scan':
    'Escanee este código QR con su aplicación de autenticación o escriba en ella la clave siguiente.',
  'totp.qrAlt': 'Código QR para su aplicación de autenticación',
  'totp.secretLabel': 'Clave:',
  'totp.codeLabel': 'Código de la aplicación',
  'totp.confirm': 'Activar',
  'totp.disable': 'Desactivar',
  'totp.enabledNotice':
    'La aplicación de autenticación está activada. Le pediremos su código al iniciar sesión.',
  'totp.disabledNotice': 'La aplicación de autenticación está desactivada.',
  'sessions.title': 'Sesiones y dispositivos',
  'sessions.intro':
    'Tiene la sesión iniciada en estos dispositivos. Cierre la sesión en los que no reconozca.',
  'sessions.device': '{{browser}} en {{os}}',
  'sessions.unknownDevice': 'Dispositivo desconocido',
  'sessions.thisDevice': 'Este dispositivo',
  'sessions.address': 'Dirección al iniciar sesión: {{address}}',
  'sessions.created': 'Inició sesión el {{date}}',
  'sessions.lastUsed': 'último uso el {{date}}',
  'sessions.signOut': 'Cerrar sesión en este dispositivo',
  'sessions.signOutLabel': 'Cerrar sesión en {{device}}',
  'sessions.signOutEverywhere': 'Cerrar sesión en todas partes',
  'sessions.signedOut': 'Se cerró la sesión en el dispositivo.',
  'sessions.signedOutOthers': 'Se cerraron todas las demás sesiones.',
};
