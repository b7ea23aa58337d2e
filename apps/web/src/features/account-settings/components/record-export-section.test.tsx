import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render.tsx';
import { clearSession, setSession } from '../../../lib/auth/session-store.ts';
import { recordFileUrl } from '../../record-export/download-record.ts';
import { PATIENT_SESSION } from './patient-session.test-helper.ts';
import { RecordExportSection } from './record-export-section.tsx';

// "Download my record" with a mocked fetch (unit level); the real server in e2e (record-export.spec.ts).

configure({ asyncUtilTimeout: 5000 });

// Rendering and clicking take seconds on a loaded 2-core machine.
describe('RecordExportSection (issue 21 item 4)', { timeout: 20_000 }, () => {
  let requested: { url: string; authorization: string | null }[];
  let answer: () => Response;
  let saved: string[];
  beforeEach(() => {
    setSession(PATIENT_SESSION);
    requested = [];
    saved = [];
    answer = () =>
      new Response('%PDF-1.7', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="health-record-doe-jane-2026-11-28.pdf"' },
      });
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        requested.push({ url: input, authorization: headers.get('authorization') });
        return Promise.resolve(answer());
      }),
    );
    Object.assign(URL, { createObjectURL: () => 'blob:record', revokeObjectURL: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    clearSession();
  });

  it('downloads the PDF summary and the FHIR data with the bearer token', async () => {
    renderWithProviders(<RecordExportSection />);
    expect(screen.getByRole('heading', { name: 'Download my record' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'PDF summary' }));
    await waitFor(() => {
      expect(saved).toEqual(['health-record-doe-jane-2026-11-28.pdf']);
    });
    answer = () =>
      new Response('{}', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="health-record-doe-jane-2026-11-28.json"' },
      });
    await userEvent.click(screen.getByRole('button', { name: 'FHIR data (JSON)' }));
    await waitFor(() => {
      expect(saved).toEqual([
        'health-record-doe-jane-2026-11-28.pdf',
        'health-record-doe-jane-2026-11-28.json',
      ]);
    });
    expect(requested.map((request) => request.url)).toEqual([
      '/api/account/record-export.pdf?lang=en',
      '/api/account/record-export.json?lang=en',
    ]);
    expect(requested.every((request) => request.authorization?.startsWith('Bearer '))).toBe(true);
  });

  it("shows the server's message when the download fails", async () => {
    answer = () => Response.json({ code: 'forbidden', message: 'Not allowed here.' }, { status: 403 });
    renderWithProviders(<RecordExportSection />);
    await userEvent.click(screen.getByRole('button', { name: 'PDF summary' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not allowed here.');
    expect(saved).toEqual([]);
  });

  it('saves under a plain name when the server gives none', async () => {
    answer = () => new Response('%PDF-1.7', { status: 200 });
    renderWithProviders(<RecordExportSection />);
    await userEvent.click(screen.getByRole('button', { name: 'PDF summary' }));
    await waitFor(() => {
      expect(saved).toEqual(['download']);
    });
  });

  it('asks for the file in the language shown (decision 0090)', () => {
    expect(recordFileUrl('/api/account/record-export', 'pdf', 'es')).toBe(
      '/api/account/record-export.pdf?lang=es',
    );
  });
});
