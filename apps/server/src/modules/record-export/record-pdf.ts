import type { PDFFont, PDFPage } from 'pdf-lib';
import { loadPdfLib } from '../../platform/lazy/pdf-lib.ts';
import { pdfSafe } from '../documents/signed-pdf.ts';
import type { RecordSummary } from './record-summary.ts';

// The readable half of "Download my record" (issue 21 item 4, decision 0086): one PDF of who the
// patient is, when the file was made, their visits, a table of their vital signs, their coverage and
// their messages. Drawn with pdf-lib (loaded lazily, decision 0072) in plain Helvetica.

const PAGE = { width: 612, height: 792 }; // US Letter, points
const MARGIN = 50;
const SIZE = 10;
const LINE = 14;

const dateOf = (iso: string) => iso.slice(0, 10);
const dateTimeOf = (iso: string) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '');

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
  input: { exportedAt: Date; exportedBy: string; clinicName?: string },
): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const patientName = summary.patient?.name ?? '';
  doc.setTitle(pdfSafe(`Health record summary - ${patientName}`));
  doc.setSubject('Health record summary');
  doc.setCreationDate(input.exportedAt);
  doc.setModificationDate(input.exportedAt);
  doc.setLanguage('en');

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

  text('Health record summary', { size: 18, font: bold });
  y -= LINE * 1.8;
  text(patientName, { size: 14, font: bold });
  y -= LINE * 1.4;
  note(`Exported ${dateTimeOf(input.exportedAt.toISOString())} by ${input.exportedBy}`);
  if (input.clinicName) {
    note(`Clinic: ${input.clinicName}`);
  }
  note('Every value is in the FHIR file (JSON) exported with this summary.');

  heading('Demographics');
  const patient = summary.patient;
  const facts: [string, string | null | undefined][] = [
    ['Name', patient?.name],
    ['Date of birth', patient?.birthDate],
    ['Sex', patient?.gender],
    ['Member ID', patient?.memberId],
    ['Email', patient?.email],
    ['Phone', patient?.phone],
  ];
  for (const [label, value] of facts) {
    ensure(LINE);
    text(label, { font: bold });
    text(value ?? '-', { x: MARGIN + 120 });
    y -= LINE;
  }

  heading(`Appointments (${String(summary.appointments.length)})`);
  if (summary.appointments.length === 0) {
    note('No appointments.');
  } else {
    table(
      [
        { title: 'Date and time', share: 0.28 },
        { title: 'Visit', share: 0.36 },
        { title: 'Kind', share: 0.18 },
        { title: 'Status', share: 0.18 },
      ],
      summary.appointments.map((item) => [dateTimeOf(item.start), item.service, item.kind, item.status]),
    );
  }

  heading('Vital signs');
  if (summary.vitals.length === 0) {
    note('No readings.');
  } else {
    table(
      [
        { title: 'Measurement', share: 0.34 },
        { title: 'Latest', share: 0.16 },
        { title: 'On', share: 0.14 },
        { title: 'Lowest', share: 0.12 },
        { title: 'Highest', share: 0.12 },
        { title: 'Readings', share: 0.12 },
      ],
      summary.vitals.map((vital) => [
        vital.name,
        `${vital.latest.value} ${vital.unit}`.trim(),
        dateOf(vital.latest.at),
        Number.isFinite(vital.lowest) ? String(vital.lowest) : '-',
        Number.isFinite(vital.highest) ? String(vital.highest) : '-',
        String(vital.count),
      ]),
    );
  }

  heading('Coverage');
  if (summary.coverages.length === 0) {
    note('No insurance on file.');
  } else {
    table(
      [
        { title: 'Insurer', share: 0.4 },
        { title: 'Plan', share: 0.3 },
        { title: 'Member number', share: 0.3 },
      ],
      summary.coverages.map((item) => [item.payor, item.plan, item.memberNumber]),
    );
  }

  heading(`Messages (${String(summary.messageCount)})`);
  if (summary.messageCount === 0) {
    note('No messages.');
  } else {
    if (summary.messageCount > summary.messages.length) {
      note(`The ${String(summary.messages.length)} most recent:`);
    }
    table(
      [
        { title: 'Sent', share: 0.28 },
        { title: 'Subject', share: 0.52 },
        { title: 'From', share: 0.2 },
      ],
      summary.messages.map((item) => [
        dateTimeOf(item.sent),
        item.topic,
        item.fromPatient ? 'Patient' : 'Care team',
      ]),
    );
  }

  const pages = doc.getPages();
  pages.forEach((each, index) => {
    each.drawText(`${pdfSafe(patientName)} - page ${String(index + 1)} of ${String(pages.length)}`, {
      x: MARGIN,
      y: MARGIN / 2,
      size: 8,
      font: regular,
      color: muted,
    });
  });
  return doc.save();
}
