import type * as PdfLib from 'pdf-lib';

// Imported when first used (decision 0072): pdf-lib costs about 180 ms and 10 MB at start-up, and only
// document uploads, signed documents and the first demo seed need it.
let loading: Promise<typeof PdfLib> | undefined;

export function loadPdfLib(): Promise<typeof PdfLib> {
  loading ??= import('pdf-lib');
  return loading;
}
