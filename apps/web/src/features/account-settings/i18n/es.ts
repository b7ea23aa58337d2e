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
};
