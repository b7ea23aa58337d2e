import type { chooseAppointmentEn } from './choose-appointment-en.ts';

export const chooseAppointmentEs: Record<keyof typeof chooseAppointmentEn, string> = {
  'choose.intro': 'Elija la cita que desea pasar a otra hora.',
  'choose.loading': 'Cargando sus citas…',
  'choose.failed': 'No se pudieron cargar sus citas.',
  'choose.listLabel': 'Próximas citas',
  'choose.change': 'Cambiar',
  'choose.changeLabel': 'Cambiar la cita con {{doctor}} el {{time}}',
  'choose.notChangeable': 'Esta cita ya no se puede cambiar en línea. Comuníquese con nuestra oficina.',
  'choose.empty': 'No tiene próximas citas para cambiar.',
  'choose.schedule': 'Programar una cita',
  'choose.opening': 'Abriendo el cambio de cita…',
  'choose.back': 'Elegir otra cita',
};
