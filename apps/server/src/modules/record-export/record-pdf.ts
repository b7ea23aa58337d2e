import type { PDFFont, PDFPage } from 'pdf-lib';
import type { CommunicationLanguage } from '@app/contracts/communication-language';
import { loadPdfLib } from '../../platform/lazy/pdf-lib.ts';
import { pdfSafe } from '../documents/signed-pdf.ts';
import { recordPdfFormat } from './record-pdf-format.ts';
import { named, RECORD_PDF_TEXTS } from './record-pdf-texts.ts';
import type { RecordSummary, VitalSummary } from './record-summary.ts';

// The readable half of "Download my record" (issue 21 item 4, decision 0086): one PDF of who the
// patient is, when the file was made, their visits, a table of their vital signs, their coverage and
// their messages. Drawn with pdf-lib (loaded lazily, decision 0072) in plain Helvetica, whose WinAnsi
// encoding holds Spanish's letters (á é í ó ú ü ñ ¿ ¡). Words, dates and numbers are in the reader's
// language, times in the clinic's zone (decision 0090).

const PAGE = { width: 612, height: 792 }; // US Letter, points
const MARGIN = 50;
const SIZE = 10;
const LINE = 14;

function fit(text: string, font: PDFFont, size: number, width: number): string {
  let value = pdfSafe(text);
  if (font.widthOfTextAtSize(value, size) <= width) {
    return value;
  }
  while (value.length > 1 && font.widthOfTextAtSize(`${value}...`, size) > width) {
    value = value.slice(0, -1);
  }
  return `${value}...`;
}

export async function buildRecordPdf(
  summary: RecordSummary,
  input: {
    exportedAt: Date;
    /** The exporting provider's name; absent when the patient exports their own record. */
    exportedBy: string | null;
    clinicName?: string;
    language: CommunicationLanguage;
    /** IANA zone the record's instants are shown in (the clinic's). */
    timeZone: string;
  },
): Promise<Uint8Array> {
  const words = RECORD_PDF_TEXTS[input.language];
  const format = recordPdfFormat(words.locale, input.timeZone);
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const patientName = summary.patient?.name ?? '';
  doc.setTitle(pdfSafe(`${words.title} - ${patientName}`));
  doc.setSubject(words.title);
  doc.setCreationDate(input.exportedAt);
  doc.setModificationDate(input.exportedAt);
  doc.setLanguage(words.locale);

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const dark = rgb(0.1, 0.1, 0.1);
  const muted = rgb(0.35, 0.35, 0.35);

  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };
  const ensure = (space: number) => {
    if (y - space < MARGIN) {
      newPage();
    }
  };
  const text = (
    value: string,
    options: { size?: number; font?: PDFFont; x?: number; width?: number } = {},
  ) => {
    const font = options.font ?? regular;
    const size = options.size ?? SIZE;
    const x = options.x ?? MARGIN;
    const width = options.width ?? PAGE.width - MARGIN - x;
    page.drawText(fit(value, font, size, width), { x, y, size, font, color: dark });
  };
  const heading = (value: string) => {
    ensure(LINE * 4);
    y -= LINE;
    text(value, { size: 13, font: bold });
    y -= LINE * 1.4;
  };
  const note = (value: string) => {
    ensure(LINE);
    page.drawText(fit(value, regular, SIZE, PAGE.width - 2 * MARGIN), {
      x: MARGIN,
      y,
      size: SIZE,
      font: regular,
      color: muted,
    });
    y -= LINE;
  };
  /** A table: columns as fractions of the width; the header repeats on every page. */
  const table = (columns: { title: string; share: number }[], rows: string[][]) => {
    const width = PAGE.width - 2 * MARGIN;
    const xs: number[] = [];
    let at = MARGIN;
    for (const column of columns) {
      xs.push(at);
      at += column.share * width;
    }
    const header = () => {
      columns.forEach((column, index) => {
        text(column.title, { font: bold, x: xs[index], width: column.share * width - 6 });
      });
      y -= 4;
      page.drawLine({
        start: { x: MARGIN, y },
        end: { x: PAGE.width - MARGIN, y },
        thickness: 0.5,
        color: muted,
      });
      y -= LINE - 2;
    };
    ensure(LINE * 3);
    header();
    for (const row of rows) {
      if (y - LINE < MARGIN) {
        newPage();
        header();
      }
      row.forEach((cell, index) => {
        const column = columns[index];
        if (column) {
          text(cell, { x: xs[index], width: column.share * width - 6 });
        }
      });
      y -= LINE;
    }
  };

  text(words.title, { size: 18, font: bold });
  y -= LINE * 1.8;
  text(patientName, { size: 14, font: bold });
  y -= LINE * 1.4;
  note(words.exported(format.longDateTime(input.exportedAt), input.exportedBy ?? words.exportedByPatient));
  if (input.clinicName) {
    note(words.clinic(input.clinicName));
  }
  note(words.fhirNote);

  heading(words.demographics);
  const patient = summary.patient;
  const facts: [string, string | null | undefined][] = [
    [words.name, patient?.name],
    [words.birthDate, patient?.birthDate ? format.calendarDate(patient.birthDate) : null],
    [words.sex, patient?.gender ? (named(words.gender, patient.gender) ?? patient.gender) : null],
    [words.memberId, patient?.memberId],
    [words.email, patient?.email],
    [words.phone, patient?.phone],
  ];
  for (const [label, value] of facts) {
    ensure(LINE);
    text(label, { font: bold });
    text(value ?? '-', { x: MARGIN + 120 });
    y -= LINE;
  }

  heading(words.appointments(summary.appointments.length));
  if (summary.appointments.length === 0) {
    note(words.noAppointments);
  } else {
    const columns = words.appointmentColumns;
    table(
      [
        { title: columns.when, share: 0.28 },
        { title: columns.visit, share: 0.36 },
        { title: columns.kind, share: 0.18 },
        { title: columns.status, share: 0.18 },
      ],
      summary.appointments.map((item) => [
        format.dateTime(item.start),
        item.service,
        named(words.appointmentKind, item.kindCode) ?? item.kind,
        named(words.appointmentStatus, item.status) ?? item.status,
      ]),
    );
  }

  heading(words.vitals);
  if (summary.vitals.length === 0) {
    note(words.noVitals);
  } else {
    const columns = words.vitalColumns;
    const vitals = summary.vitals
      .map((vital) => ({ ...vital, name: named(words.vitalName, vital.code) ?? vital.name }))
      .sort((a, b) => a.name.localeCompare(b.name, words.locale));
    const shown = (value: number) => (Number.isFinite(value) ? format.number(value) : '-');
    // "120/80 mmHg": a blood pressure's two values; a missing half shows as "-".
    const latestOf = (vital: VitalSummary) => {
      const values = vital.latest.values.map((value) => (value === null ? '-' : format.number(value)));
      return `${values.join('/')} ${named(words.unit, vital.unitCode) ?? vital.unit}`.trim();
    };
    table(
      [
        { title: columns.measurement, share: 0.34 },
        { title: columns.latest, share: 0.16 },
        { title: columns.on, share: 0.14 },
        { title: columns.lowest, share: 0.12 },
        { title: columns.highest, share: 0.12 },
        { title: columns.readings, share: 0.12 },
      ],
      vitals.map((vital) => [
        vital.name,
        latestOf(vital),
        format.date(vital.latest.at),
        shown(vital.lowest),
        shown(vital.highest),
        format.number(vital.count),
      ]),
    );
  }

  heading(words.coverage);
  if (summary.coverages.length === 0) {
    note(words.noCoverage);
  } else {
    const columns = words.coverageColumns;
    table(
      [
        { title: columns.insurer, share: 0.4 },
        { title: columns.plan, share: 0.3 },
        { title: columns.memberNumber, share: 0.3 },
      ],
      summary.coverages.map((item) => [item.payor, item.plan, item.memberNumber]),
    );
  }

  heading(words.messages(summary.messageCount));
  if (summary.messageCount === 0) {
    note(words.noMessages);
  } else {
    if (summary.messageCount > summary.messages.length) {
      note(words.mostRecent(summary.messages.length));
    }
    const columns = words.messageColumns;
    table(
      [
        { title: columns.sent, share: 0.28 },
        { title: columns.subject, share: 0.52 },
        { title: columns.from, share: 0.2 },
      ],
      summary.messages.map((item) => [
        format.dateTime(item.sent),
        item.topic,
        item.fromPatient ? words.fromPatient : words.fromCareTeam,
      ]),
    );
  }

  const pages = doc.getPages();
  pages.forEach((each, index) => {
    each.drawText(pdfSafe(words.pageOf(patientName, index + 1, pages.length)), {
      x: MARGIN,
      y: MARGIN / 2,
      size: 8,
      font: regular,
      color: muted,
    });
  });
  return doc.save();
}
