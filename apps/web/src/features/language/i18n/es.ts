import type { languageEn } from './en.ts';

// Spanish texts of the communication-language feature.
export const languageEs: Record<keyof typeof languageEn, string> = {
  'languages.title': 'Idioma',
  'languages.legend': 'Elija el idioma del portal',
  'languages.save': 'Guardar',
  'languages.saved': 'Se ha guardado su idioma.',
  'languages.error': 'No se pudo guardar su idioma. Inténtelo de nuevo.',
};
