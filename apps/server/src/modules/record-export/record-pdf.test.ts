import { describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../test/pdf-text.ts';
import { buildRecordPdf } from './record-pdf.ts';
import { RECORD_PDF_TEXTS } from './record-pdf-texts.ts';
import type { RecordSummary } from './record-summary.ts';

// Decision 0090: the record PDF in the reader's language. Its drawn text is read back from the file:
// headings, dates, numbers and code names in Spanish (with its accented letters intact) or in English.

const summary: RecordSummary = {
  patient: {
    name: 'José Peña',
    birthDate: '1990-05-01',
    gender: 'female',
    email: 'jose@example.test',
    phone: '+15555550100',
    memberId: 'M-1',
  },
  appointments: [
    // 14:00 UTC is 9:00 in New York (EST).
    {
      start: '2026-11-27T14:00:00.000Z',
      status: 'fulfilled',
      service: 'Revisión anual',
      kindCode: 'VR',
      kind: 'virtual',
    },
  ],
  vitals: [
    {
      code: '29463-7',
      name: 'Body weight',
      unitCode: '[lb_av]',
      unit: 'lb',
      count: 2,
      latest: { values: [150.5], at: '2026-02-10T09:00:00.000Z' },
      lowest: 149,
      highest: 150.5,
    },
    {
      code: '85354-9',
      name: 'Blood pressure',
      unitCode: 'mm[Hg]',
      unit: 'mmHg',
      count: 1,
      latest: { values: [120, 80], at: '2026-03-05T09:30:00.000Z' },
      lowest: 120,
      highest: 120,
    },
  ],
  coverages: [{ payor: 'Acme Salud', plan: 'Básico', memberNumber: 'A-9', order: 1 }],
  messages: [{ sent: '2026-11-20T10:00:00.000Z', topic: '¿Están mis resultados?', fromPatient: true }],
  messageCount: 1,
  practitioners: new Map(),
};

const exportedAt = new Date('2026-11-28T15:00:00.000Z');

async function linesOf(language: 'en' | 'es') {
  const pdf = await buildRecordPdf(summary, {
    exportedAt,
    exportedBy: null,
    language,
    timeZone: 'America/New_York',
  });
  return pdfTextLines(pdf);
}

/** The headings and labels of one language (a function's text with sample numbers). */
function headingsOf(language: 'en' | 'es'): string[] {
  const words = RECORD_PDF_TEXTS[language];
  return [
    words.title,
    words.demographics,
    words.birthDate,
    words.appointments(1),
    words.vitals,
    words.coverage,
    words.messages(1),
    words.appointmentColumns.when,
    words.vitalColumns.measurement,
    words.coverageColumns.insurer,
    words.messageColumns.subject,
  ];
}

describe('record PDF', () => {
  it('is written in Spanish for a Spanish reader, with Spanish dates and no English heading', async () => {
    const lines = await linesOf('es');
    for (const heading of headingsOf('es')) {
      expect(lines).toContain(heading);
    }
    for (const heading of headingsOf('en')) {
      expect(lines).not.toContain(heading);
    }
    expect(lines).toContain('Resumen de la historia clínica');
    expect(lines).toContain('Exportado el 28 de noviembre de 2026, 10:00 GMT-5 por el propio paciente');
    // A birth date is a calendar day: no zone moves it to April 30.
    expect(lines).toContain('1 de mayo de 1990');
    expect(lines).toContain('27 nov 2026, 9:00');
    expect(lines).toContain('por video');
    expect(lines).toContain('realizada');
    expect(lines).toContain('femenino');
    expect(lines).toContain('Peso');
    expect(lines).toContain('Presión arterial');
    expect(lines).toContain('150,5 lb');
    expect(lines).toContain('120/80 mmHg');
    expect(lines).toContain('Paciente');
    expect(lines).toContain('José Peña - página 1 de 1');
    // Longer Spanish words still fit their columns (a cut cell ends in "...").
    expect(lines.filter((line) => line.endsWith('...'))).toEqual([]);
  });

  it("draws Spanish letters (á é í ó ñ ¿) with the PDF's font, not as '?'", async () => {
    const lines = await linesOf('es');
    expect(lines).toContain('José Peña');
    expect(lines).toContain('¿Están mis resultados?');
    expect(lines).toContain('Revisión anual');
    expect(lines).toContain('Teléfono');
    expect(lines.filter((line) => line.includes('?'))).toEqual(['¿Están mis resultados?']);
  });

  it('stays in English for an English reader', async () => {
    const lines = await linesOf('en');
    for (const heading of headingsOf('en')) {
      expect(lines).toContain(heading);
    }
    for (const heading of headingsOf('es')) {
      expect(lines).not.toContain(heading);
    }
    expect(lines).toContain('Exported November 28, 2026, 10:00 AM EST by the patient');
    expect(lines).toContain('May 1, 1990');
    expect(lines).toContain('Nov 27, 2026, 9:00 AM');
    expect(lines).toContain('virtual');
    expect(lines).toContain('fulfilled');
    expect(lines).toContain('Body weight');
    expect(lines).toContain('150.5 lb');
    expect(lines).toContain('José Peña - page 1 of 1');
    expect(lines.filter((line) => line.endsWith('...'))).toEqual([]);
  });
});
