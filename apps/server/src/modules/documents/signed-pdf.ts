import type { PDFFont } from 'pdf-lib';
import { loadPdfLib } from '../../platform/lazy/pdf-lib.ts';

// The signed result (issue 5 item 8): the document's text, the signature picture, the signer's name and
// the time, as one PDF built by pdf-lib on the server (the client sends only the signature picture).

const PAGE = { width: 612, height: 792 }; // US Letter, points
const MARGIN = 56;
const BODY_SIZE = 11;
const LINE = 15;

/** Helvetica speaks WinAnsi only; anything else would make pdf-lib throw, so it becomes '?'. */
export function pdfSafe(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) {
    lines.push(line);
  }
  return lines;
}

export async function buildSignedPdf(input: {
  title: string;
  paragraphs: string[];
  signaturePng: Buffer;
  signerName: string;
  signedAt: Date;
  clinicName: string;
}): Promise<Buffer> {
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const pdf = await PDFDocument.create();
  pdf.setTitle(pdfSafe(input.title));
  pdf.setAuthor(pdfSafe(input.signerName));
  pdf.setCreationDate(input.signedAt);
  pdf.setModificationDate(input.signedAt);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * MARGIN;
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const ensure = (height: number) => {
    if (y - height < MARGIN) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
    }
  };
  page.drawText(pdfSafe(input.clinicName), { x: MARGIN, y, size: 10, font, color: rgb(0.3, 0.3, 0.3) });
  y -= 28;
  for (const line of wrap(pdfSafe(input.title), bold, 18, width)) {
    ensure(24);
    page.drawText(line, { x: MARGIN, y, size: 18, font: bold });
    y -= 24;
  }
  y -= 8;
  for (const paragraph of input.paragraphs) {
    for (const line of wrap(pdfSafe(paragraph), font, BODY_SIZE, width)) {
      ensure(LINE);
      page.drawText(line, { x: MARGIN, y, size: BODY_SIZE, font });
      y -= LINE;
    }
    y -= 8;
  }
  const image = await pdf.embedPng(input.signaturePng);
  const scaled = image.scaleToFit(250, 75);
  ensure(scaled.height + 70);
  y -= 12;
  page.drawText('Signature:', { x: MARGIN, y, size: BODY_SIZE, font: bold });
  y -= scaled.height + 6;
  page.drawImage(image, { x: MARGIN, y, width: scaled.width, height: scaled.height });
  page.drawLine({ start: { x: MARGIN, y: y - 2 }, end: { x: MARGIN + 260, y: y - 2 }, thickness: 0.5 });
  y -= 18;
  page.drawText(`Signed by: ${pdfSafe(input.signerName)}`, { x: MARGIN, y, size: BODY_SIZE, font });
  y -= LINE;
  page.drawText(`Signed at: ${input.signedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC`, {
    x: MARGIN,
    y,
    size: BODY_SIZE,
    font,
  });
  return Buffer.from(await pdf.save());
}
