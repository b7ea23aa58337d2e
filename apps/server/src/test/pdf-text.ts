import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';

// The text a PDF made by pdf-lib shows, for tests: each page's content streams are inflated and the
// strings of its text-showing operators read back. pdf-lib draws a standard font's text as one hex
// string per `Tj`, in WinAnsi, which equals Latin-1 for every letter Spanish uses (á é ñ ¿ ¡ ü), so a
// letter the font could not encode shows here as the "?" that pdfSafe put in its place.

const SHOWN = /<([0-9A-Fa-f]*)>\s*Tj/g;

/** Every drawn string of the PDF, in drawing order (one per `drawText` line). */
export async function pdfTextLines(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) {
        continue;
      }
      const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const match of operators.matchAll(SHOWN)) {
        lines.push(Buffer.from(match[1] ?? '', 'hex').toString('latin1'));
      }
    }
  }
  return lines;
}
