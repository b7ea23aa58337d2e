import type { myDocumentsEn } from './en.ts';

export const myDocumentsEs: Record<keyof typeof myDocumentsEn, string> = {
  title: 'Documentos',
  intro:
    'Sus formularios firmados, las fotos de su tarjeta de seguro y los documentos que comparte con su equipo de atención.',
  loading: 'Cargando sus documentos…',
  loadFailed: 'No se pudieron cargar sus documentos. Inténtelo de nuevo.',
  retry: 'Intentar de nuevo',

  'signed.title': 'Documentos firmados',
  'signed.empty':
    'Todavía no ha firmado ningún documento. Los formularios que su clínica le pide firmar durante el registro aparecen aquí una vez firmados.',
  'signed.meta': 'Firmado por {{name}} el {{date}} · {{clinic}}',

  'cards.title': 'Tarjetas de seguro',
  'cards.empty':
    'Todavía no ha subido una tarjeta de seguro. Su clínica le pide fotos de su tarjeta cuando se registra para una cita.',
  'cards.kind.primary': 'Seguro principal',
  'cards.kind.secondary': 'Seguro secundario',
  'cards.meta': '{{plan}} · Número de miembro {{number}} · {{clinic}}',
  'cards.frontAlt': 'Frente de su tarjeta ({{kind}})',
  'cards.backAlt': 'Reverso de su tarjeta ({{kind}})',
  'cards.downloadFront': 'Descargar frente',
  'cards.downloadBack': 'Descargar reverso',
  'cards.downloadFrontLabel': 'Descargar frente de su tarjeta ({{kind}})',
  'cards.downloadBackLabel': 'Descargar reverso de su tarjeta ({{kind}})',

  'appointments.title': 'Documentos de citas',
  'appointments.empty':
    'No tiene citas próximas ni documentos de visitas anteriores. Programe una cita para compartir documentos con su equipo de atención.',
  'appointments.schedule': 'Programar una cita',
  'appointments.heading': '{{when}} · {{type}} con {{doctor}}',
  'appointments.clinic': '{{clinic}}',
  'appointments.cancelled': 'Cancelada',
  'appointments.none': 'Esta cita todavía no tiene documentos.',
  'appointments.view': 'Ver la cita',
  'appointments.viewLabel': 'Ver la cita del {{when}}',
  'appointments.addHere': 'Agregar un documento',
  'appointments.addHereLabel': 'Agregar un documento a la cita del {{when}}',

  'attachment.added': 'Agregado el {{date}}',
  'attachment.download': 'Descargar',
  'attachment.downloadLabel': 'Descargar {{name}}',
  'attachment.remove': 'Quitar',
  'attachment.removeLabel': 'Quitar {{name}}',
  'remove.title': '¿Quitar el documento?',
  'remove.text': '¿Quitar «{{name}}» de esta cita? Su equipo de atención ya no lo verá.',
  'remove.yes': 'QUITAR',
  'remove.no': 'CONSERVARLO',
  'remove.close': 'Cerrar',
  'remove.done': 'Se quitó «{{name}}».',

  'add.title': 'Agregar un documento',
  'add.open': 'Agregar un documento',
  'add.intro':
    'Comparta un PDF o una imagen (JPEG, PNG o WebP, hasta 10 MB) con su equipo de atención antes de una cita próxima.',
  'add.appointment': 'Cita',
  'add.noUpcoming':
    'Puede agregar un documento a una cita próxima, y ahora no tiene ninguna. Primero programe una cita.',
  'add.documentTitle': 'Título',
  'add.documentTitleHint': 'Por ejemplo «Registro de presión arterial» o «Carta de referencia».',
  'add.file': 'Archivo',
  'add.fileHint': 'Un PDF, o una imagen JPEG, PNG o WebP, de hasta 10 MB.',
  'add.submit': 'Subir',
  'add.cancel': 'Cancelar',
  'add.uploading': 'Subiendo… {{percent}} %',
  'add.progressLabel': 'Progreso de la subida',
  'add.done': 'Se agregó «{{title}}» a su cita del {{when}}.',
  'add.viewAppointment': 'Ver la cita',
  'add.titleRequired': 'Escriba un título para el documento.',
  'add.titleTooLong': 'El título puede tener como máximo 100 caracteres.',
  'add.fileRequired': 'Elija un archivo para subir.',
  'add.fileTooLarge': 'El archivo es demasiado grande. El límite es de 10 MB.',
  'add.fileBadType': 'Elija un PDF o una imagen JPEG, PNG o WebP.',
  'add.appointmentRequired': 'Elija una cita.',
};
