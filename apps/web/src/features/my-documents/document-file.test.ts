import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@app/contracts/files';
import { fileProblem, readableSize, titleFromFileName, titleProblem } from './document-file.ts';

const file = (name: string, size: number, type: string) => ({ name, size, type });

describe('the add-a-document checks (decision 0033)', () => {
  it('takes PDFs and JPEG, PNG and WebP pictures up to 10 MB', () => {
    expect(fileProblem(file('log.pdf', 2000, 'application/pdf'))).toBeNull();
    expect(fileProblem(file('a.jpg', 2000, 'image/jpeg'))).toBeNull();
    expect(fileProblem(file('a.png', 2000, 'image/png'))).toBeNull();
    expect(fileProblem(file('a.webp', UPLOAD_MAX_BYTES, 'image/webp'))).toBeNull();
    // No type from the system: the extension decides.
    expect(fileProblem(file('scan.PDF', 10, ''))).toBeNull();
  });

  it('refuses no file, an empty file, a large file and other types', () => {
    expect(fileProblem(null)).toBe('fileRequired');
    expect(fileProblem(file('empty.pdf', 0, 'application/pdf'))).toBe('fileRequired');
    expect(fileProblem(file('big.pdf', UPLOAD_MAX_BYTES + 1, 'application/pdf'))).toBe('fileTooLarge');
    expect(fileProblem(file('notes.docx', 10, 'application/vnd.openxmlformats'))).toBe('fileBadType');
    expect(fileProblem(file('x.svg', 10, 'image/svg+xml'))).toBe('fileBadType');
    expect(fileProblem(file('x.heic', 10, ''))).toBe('fileBadType');
  });

  it('needs a title of at most 100 characters', () => {
    expect(titleProblem('   ')).toBe('titleRequired');
    expect(titleProblem('x'.repeat(101))).toBe('titleTooLong');
    expect(titleProblem(` ${'x'.repeat(100)} `)).toBeNull();
  });

  it('starts the title from the file name and reads sizes', () => {
    expect(titleFromFileName('blood-pressure log.final.pdf')).toBe('blood-pressure log.final');
    expect(titleFromFileName('README')).toBe('README');
    expect(readableSize(900, 'en')).toBe('900 B');
    expect(readableSize(1536, 'en')).toBe('1.5 KB');
    expect(readableSize(3 * 1024 * 1024, 'en')).toBe('3 MB');
  });
});
