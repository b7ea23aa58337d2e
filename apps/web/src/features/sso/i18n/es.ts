import type { ssoEn } from './en.ts';

export const ssoEs: Record<keyof typeof ssoEn, string> = {
  'roadmap.opening': 'Abriendo la hoja de ruta del producto…',
  'roadmap.notConfigured': 'La hoja de ruta del producto no está configurada.',
  'roadmap.notConfiguredHelp':
    'Pida a su administrador que conecte el portal de comentarios (FEEDBACK_SSO_URL).',
  'roadmap.openedInNewWindow': 'La hoja de ruta del producto se abrió en una ventana nueva.',
  'roadmap.openAgain': 'Abrir la hoja de ruta del producto',
  'roadmap.back': 'Volver a las citas',
  'roadmap.failed': 'No se pudo abrir la hoja de ruta del producto.',
  'providerLogin.feedbackNotice': 'Inicie sesión para continuar a la hoja de ruta del producto.',
};
