import type { clinicsEn } from './en.ts';

export const clinicsEs: Record<keyof typeof clinicsEn, string> = {
  listIntro: 'Las clínicas a las que está conectada su cuenta.',
  loading: 'Cargando…',
  loadFailed: 'No se pudieron cargar sus clínicas. Inténtelo de nuevo.',
  empty: 'Todavía no está conectado a ninguna clínica.',
  emptyText:
    'Use «Conectarse a otra clínica» arriba con el código o el enlace de invitación que le dio su clínica.',
  connectedSince: 'Conectado desde el {{date}}',
  locations: 'Sedes de {{clinic}}',
  showOnMap: 'Ver en el mapa',
  showOnMapLabel: 'Ver en el mapa: {{place}} (se abre en una pestaña nueva)',
  book: 'Reservar una visita',
  bookLabel: 'Reservar una visita en {{clinic}}',
  connectAnother: 'Conectarse a otra clínica',
  connectIntro:
    'Escriba el código de invitación que le dio su clínica o abra el enlace de invitación que le enviaron. Verá la clínica antes de conectarse.',
  codeLabel: 'Código de invitación',
  codeHint: '8 letras y números, por ejemplo K7PM-3QXD',
  check: 'Comprobar el código',
  checking: 'Comprobando el código…',
  previewTitle: '¿Conectarse a esta clínica?',
  previewConsent: 'Una vez conectado, el equipo de atención de {{clinic}} podrá ver su perfil de paciente.',
  connect: 'Conectar',
  otherCode: 'Usar otro código',
  alreadyConnected: 'Ya está conectado a {{clinic}}.',
  connectedTitle: 'Está conectado',
  connected: 'Ahora está conectado a {{clinic}}.',
  backToClinics: 'Ir a sus clínicas',
  codeRequired: 'Escriba el código de invitación de su clínica.',
  codeMalformed:
    'Un código de invitación tiene 8 letras y números, como K7PM-3QXD. Revise el código e inténtelo de nuevo.',
  codeNotValid:
    'Este código de invitación no es válido. Puede haber caducado o haber sido retirado; pida uno nuevo a su clínica.',
  ownAccountOnly:
    'Solo el paciente puede conectar su cuenta a una clínica. Pida al paciente que escriba el código.',
  failed: 'No se pudo comprobar el código. Inténtelo de nuevo.',
};
