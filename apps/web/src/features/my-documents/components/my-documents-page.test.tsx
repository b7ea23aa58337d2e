import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { Attachment, AttachmentAppointment, MyDocuments } from '@app/contracts/patient-documents';
import { createTestI18n, renderRoutes } from '../../../test/render.tsx';
import { clearSession, setSession } from '../../../lib/auth/session-store.ts';
import { myDocumentsEn } from '../i18n/en.ts';
import { MyDocumentsPage } from './my-documents-page.tsx';

// The documents screen with a mocked fetch and XMLHttpRequest (unit level); the real server is
// exercised in e2e/tests/documents.spec.ts.

configure({ asyncUtilTimeout: 5000 });

const LOG: Attachment = {
  fileId: 'ffffffff-ffff-4fff-8fff-ffffffffffff',
  appointmentId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  title: 'Blood pressure log',
  fileName: 'Blood pressure log.pdf',
  href: '/api/files/ffffffff-ffff-4fff-8fff-ffffffffffff',
  contentType: 'application/pdf',
  sizeBytes: 1536,
  addedAt: '2099-02-20T15:00:00.000Z',
  canRemove: true,
};

const UPCOMING: AttachmentAppointment = {
  appointmentId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  clinicUuid: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  clinicName: 'Riverside Family Health',
  startAt: '2099-03-02T09:00:00-05:00',
  timezone: 'America/New_York',
  doctorName: 'Alice Smith, MD',
  consultationTypeTitle: 'Follow-up',
  status: 'booked',
  canAddDocuments: true,
  attachments: [LOG],
};

const PAST: AttachmentAppointment = {
  ...UPCOMING,
  appointmentId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  startAt: '2098-01-05T10:00:00-05:00',
  status: 'completed',
  consultationTypeTitle: 'New patient visit',
  canAddDocuments: false,
  attachments: [
    {
      ...LOG,
      fileId: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
      appointmentId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
      title: 'Lab results',
      fileName: 'Lab results.pdf',
      href: '/api/files/eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
      canRemove: false,
    },
  ],
};

const FULL: MyDocuments = {
  signedDocuments: [
    {
      signedDocumentId: '11111111-1111-4111-8111-111111111111',
      title: 'Consent to treatment',
      clinicName: 'Riverside Family Health',
      signerName: 'Jane Cooper',
      signedAt: '2099-01-10T14:00:00.000Z',
      href: '/api/files/11111111-1111-4111-8111-111111111111',
      fileName: 'Consent to treatment.pdf',
    },
  ],
  insuranceCards: [
    {
      id: '22222222-2222-4222-8222-222222222222',
      clinicUuid: UPCOMING.clinicUuid,
      clinicName: 'Riverside Family Health',
      kind: 'primary',
      ircName: 'Aetna',
      planName: 'Choice POS II',
      insuranceNumber: 'W123456789',
      updatedAt: '2099-01-10T14:00:00.000Z',
      front: {
        href: '/api/files/33333333-3333-4333-8333-333333333333',
        fileName: 'insurance-card-primary-front.jpg',
      },
      back: {
        href: '/api/files/44444444-4444-4444-8444-444444444444',
        fileName: 'insurance-card-primary-back.jpg',
      },
    },
  ],
  appointments: [PAST, UPCOMING],
};

const EMPTY: MyDocuments = { signedDocuments: [], insuranceCards: [], appointments: [] };

interface Call {
  url: string;
  method: string;
  authorization: string | null;
}

function mockFetch(documents: () => MyDocuments) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      calls.push({ url: input, method: init?.method ?? 'GET', authorization: headers.get('authorization') });
      if (input === '/api/documents/mine') {
        return Promise.resolve(Response.json(documents()));
      }
      if (input.startsWith('/api/files/')) {
        return Promise.resolve(new Response('bytes', { headers: { 'content-type': 'application/pdf' } }));
      }
      if (init?.method === 'DELETE') {
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      return Promise.resolve(Response.json({ message: 'Not found.' }, { status: 404 }));
    }),
  );
  return calls;
}

/**
 * A stand-in for XMLHttpRequest: reports progress, then answers with `answer`. With `answerWhen`, the
 * answer waits for that promise, so a test can see the upload in progress however slow the machine.
 */
function mockUpload(
  answer: (form: FormData) => { status: number; body: unknown },
  answerWhen: Promise<void> = Promise.resolve(),
) {
  const sent: { url: string; form: FormData; headers: Record<string, string> }[] = [];
  class FakeRequest {
    upload = new EventTarget();
    status = 0;
    response: unknown = null;
    responseType = '';
    private url = '';
    private headers: Record<string, string> = {};
    private events = new EventTarget();
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    addEventListener(type: string, listener: () => void) {
      this.events.addEventListener(type, listener);
    }
    send(form: FormData) {
      sent.push({ url: this.url, form, headers: this.headers });
      setTimeout(() => {
        this.upload.dispatchEvent(
          Object.assign(new Event('progress'), { lengthComputable: true, loaded: 50, total: 100 }),
        );
        void answerWhen.then(() => {
          const { status, body } = answer(form);
          this.status = status;
          this.response = body;
          this.events.dispatchEvent(new Event('load'));
        });
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}

function renderPage(url = '/user/documents') {
  const i18n = createTestI18n();
  i18n.addResourceBundle('en', 'myDocuments', myDocumentsEn);
  return renderRoutes(
    [
      {
        path: '/user/documents',
        element: (
          <I18nextProvider i18n={i18n}>
            <MyDocumentsPage />
          </I18nextProvider>
        ),
      },
      { path: '/user/appointment/:id', element: <p>appointment details</p> },
    ],
    url,
  );
}

// Many user events per test: a busy machine needs more than the default five seconds.
describe('MyDocumentsPage (issue 16)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: () => 'blob:file', revokeObjectURL: () => undefined });
    setSession({
      accessToken: 'token',
      refreshToken: 'refresh',
      expiresAt: Date.now() + 3_600_000,
      user: {
        id: 'me',
        memberId: 'me',
        memberType: 'patient',
        role: 'user',
        isResetPasswordRequired: false,
        isSecurityQuestionEmpty: false,
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('shows the three sections, each document with its download, removal only where allowed', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = mockFetch(() => FULL);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Documents' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Signed documents' })).toBeInTheDocument();
    for (const name of ['Signed documents', 'Insurance cards', 'Appointment documents']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByText('Consent to treatment')).toBeInTheDocument();
    expect(screen.getByText('Primary insurance · Aetna')).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'Front of your Primary insurance card' }),
    ).toBeInTheDocument();

    const upcoming = screen.getByRole('region', { name: /Follow-up with Alice Smith, MD/ });
    expect(within(upcoming).getByText('Blood pressure log.pdf')).toBeInTheDocument();
    expect(within(upcoming).getByText(/1\.5 KB/)).toBeInTheDocument();
    expect(
      within(upcoming).getByRole('button', { name: 'Remove Blood pressure log.pdf' }),
    ).toBeInTheDocument();
    const past = screen.getByRole('region', { name: /New patient visit/ });
    expect(within(past).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(past).queryByRole('button', { name: /Add a document/ })).not.toBeInTheDocument();
    expect(within(past).getByRole('link', { name: /View appointment on/ })).toHaveAttribute(
      'href',
      `/user/appointment/${PAST.appointmentId}`,
    );

    await user.click(screen.getByRole('button', { name: 'Download Consent to treatment.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Download back of your Primary insurance card' }));
    await user.click(within(upcoming).getByRole('button', { name: 'Download Blood pressure log.pdf' }));
    await waitFor(() => {
      expect(saved).toEqual([
        'Consent to treatment.pdf',
        'insurance-card-primary-back.jpg',
        'Blood pressure log.pdf',
      ]);
    });
    // Stored files are fetched with the session's token.
    expect(
      calls
        .filter((call) => call.url.startsWith('/api/files/'))
        .every((call) => call.authorization === 'Bearer token'),
    ).toBe(true);
  });

  it('says what to do when there is nothing yet', async () => {
    const user = userEvent.setup();
    mockFetch(() => EMPTY);
    renderPage();
    expect(await screen.findByText(/You have not signed any documents yet/)).toBeInTheDocument();
    expect(screen.getByText(/You have not uploaded an insurance card yet/)).toBeInTheDocument();
    expect(screen.getByText(/You have no upcoming appointments and no documents/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a document' }));
    expect(screen.getByText(/you have none right now/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Schedule an appointment' })[0]).toHaveAttribute(
      'href',
      '/user/appointment/create',
    );
  });

  it('adds a document: checks the form, shows progress, then the new document and a link to the visit', async () => {
    // As a browser whose file chooser lets any file through (the accept list is only a hint).
    const user = userEvent.setup({ applyAccept: false });
    let documents = FULL;
    const calls = mockFetch(() => documents);
    let finishUpload = () => {};
    const uploadFinished = new Promise<void>((resolve) => {
      finishUpload = resolve;
    });
    const sent = mockUpload((form) => {
      const title = form.get('title') as string;
      const added = {
        ...LOG,
        fileId: '99999999-9999-4999-8999-999999999999',
        title,
        fileName: `${title}.pdf`,
        href: '/api/files/99999999-9999-4999-8999-999999999999',
      };
      documents = {
        ...FULL,
        appointments: [PAST, { ...UPCOMING, attachments: [...UPCOMING.attachments, added] }],
      };
      return { status: 201, body: added };
    }, uploadFinished);
    renderPage(`/user/documents?appointmentId=${UPCOMING.appointmentId}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Add a document' })).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Appointment' })).toHaveValue(UPCOMING.appointmentId);

    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText('Please give the document a title.')).toBeInTheDocument();
    expect(screen.getByText('Please choose a file to upload.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    const input = screen.getByLabelText('File');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText('Please choose a PDF, or a JPEG, PNG or WebP picture.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.upload(input, new File(['%PDF-1.4'], 'referral letter.pdf', { type: 'application/pdf' }));
    // The title starts from the file name (it was already 'notes' from the first choice).
    const title = screen.getByRole('textbox', { name: /Title/ });
    expect(title).toHaveValue('notes');
    await user.clear(title);
    await user.type(title, 'Referral letter');
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    finishUpload();
    const notice = await screen.findByText(/“Referral letter” was added to your appointment on/);
    expect(notice).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the appointment' })).toHaveAttribute(
      'href',
      `/user/appointment/${UPCOMING.appointmentId}`,
    );
    expect(await screen.findByText('Referral letter.pdf')).toBeInTheDocument();
    expect(sent[0]?.url).toBe(`/api/appointments/${UPCOMING.appointmentId}/attachments`);
    expect(sent[0]?.headers.authorization).toBe('Bearer token');
    expect(sent[0]?.form.get('title')).toBe('Referral letter');
    expect((sent[0]?.form.get('file') as File).name).toBe('referral letter.pdf');
    expect(calls.filter((call) => call.url === '/api/documents/mine')).toHaveLength(2);
  });

  it("shows the server's message when the upload is refused, and keeps the form", async () => {
    const user = userEvent.setup();
    mockFetch(() => FULL);
    mockUpload(() => ({
      status: 415,
      body: { message: 'Please choose a PDF, or a JPEG, PNG or WebP picture.' },
    }));
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Add a document to the appointment on/ }));
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Scan');
    await user.upload(
      screen.getByLabelText('File'),
      new File(['x'], 'scan.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please choose a PDF, or a JPEG, PNG or WebP picture.',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Add a document' })).toBeInTheDocument();
  });

  it('removes a document after confirming', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => FULL);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove Blood pressure log.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove document?' });
    expect(within(dialog).getByText(/Your care team will no longer see it/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'REMOVE' }));
    expect(await screen.findByText('“Blood pressure log.pdf” was removed.')).toBeInTheDocument();
    expect(calls).toContainEqual({
      url: `/api/appointments/${UPCOMING.appointmentId}/attachments/${UPCOMING.attachments[0]?.fileId ?? ''}`,
      method: 'DELETE',
      authorization: 'Bearer token',
    });
  });

  it('says so when the documents cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ message: 'Oops' }, { status: 500 }))),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your documents could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
