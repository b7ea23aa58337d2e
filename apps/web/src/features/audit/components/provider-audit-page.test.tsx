import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEventView } from '@app/contracts/audit';
import { ProviderRouteGuard } from '../../../app/guards/provider-route-guard.tsx';
import { forgetCachedSession, setSession } from '../../../lib/auth/session-store.ts';
import { renderRoutes, renderWithProviders } from '../../../test/render.tsx';
import { ProviderAuditPage } from './provider-audit-page.tsx';

// Issue 19 item 3 (decision 0063): the clinic admin's audit search, paging and CSV export.

const CLINIC = '11111111-1111-4111-8111-111111111111';
const SMITH = '22222222-2222-4222-8222-222222222222';
const JANE = '33333333-3333-4333-8333-333333333333';
const BOB = '44444444-4444-4444-8444-444444444444';

const workspace = (permissions: string[]) => ({
  providerId: '66666666-6666-4666-8666-666666666666',
  name: 'Alice Smith',
  firstName: 'Alice',
  email: null,
  image: null,
  permissions,
  clinicId: CLINIC,
  clinics: [{ id: CLINIC, name: 'Clinic', modules: [] }],
});

const event = (id: number, overrides: Partial<AuditEventView> = {}): AuditEventView => ({
  id,
  occurredAt: '2026-11-24T15:00:00.000Z',
  actor: { id: SMITH, firstName: 'Alice', lastName: 'Smith', kind: 'person' },
  actingFor: null,
  patient: { id: JANE, firstName: 'Jane', lastName: 'Patient' },
  resourceType: 'patient-chart',
  resourceId: null,
  action: 'read',
  outcome: 'success',
  requestId: 'req-1',
  clientAddress: '127.0.0.1',
  ...overrides,
});

interface Call {
  url: string;
  headers: Record<string, string>;
}

/** `pages` pages of two events each; page n (from 1) is asked for with `before=c{n}`. */
function stubApi(permissions: string[], pages = 1, extraEvents: AuditEventView[] = []) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push({ url, headers: (init?.headers ?? {}) as Record<string, string> });
      const json = (body: unknown) =>
        Promise.resolve(
          new Response(JSON.stringify(body), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        );
      if (url === '/api/provider/workspace') {
        return json(workspace(permissions));
      }
      if (url === '/api/provider/audit/staff') {
        return json({
          staff: [
            { id: SMITH, name: 'Alice Smith' },
            { id: BOB, name: 'Bob Jones' },
          ],
        });
      }
      if (url.startsWith('/api/provider/audit.csv')) {
        return Promise.resolve(
          new Response('"id"\n"1"\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
        );
      }
      if (url.startsWith(`/api/provider/clinics/${CLINIC}/patients`)) {
        return json({
          items: [
            {
              id: JANE,
              userId: JANE,
              memberId: '1',
              birthdate: '1980-02-03',
              image: null,
              name: 'Jane Patient',
              firstName: 'Jane',
              lastName: 'Patient',
              preferredName: null,
              exactLink: null,
            },
          ],
        });
      }
      const before = new URL(url, 'http://localhost').searchParams.get('before');
      const page = before === null ? 1 : Number(before.slice(1));
      return json({
        earlierCursor: page < pages ? `c${String(page + 1)}` : null,
        events: [
          event(page * 10 + 1),
          event(page * 10 + 2, {
            actor: { id: SMITH, firstName: 'Alice', lastName: 'Smith', kind: 'person' },
            actingFor: { id: JANE, firstName: 'Jane', lastName: 'Patient' },
            resourceType: 'vitals',
            action: 'update',
          }),
          ...extraEvents,
        ],
      });
    }),
  );
  return calls;
}

/** The searches and exports (not the staff filter's list). */
const auditCalls = (calls: Call[]) =>
  calls
    .filter((call) => call.url.startsWith('/api/provider/audit') && call.url !== '/api/provider/audit/staff')
    .map((call) => call.url);

// Rendering the table and typing into several fields take seconds on a loaded 2-core machine.
/** The CSV download's browser parts: the blob URL made and the link clicked. */
function stubDownload() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:audit');
  Object.assign(URL, { createObjectURL, revokeObjectURL: () => undefined });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return { createObjectURL, click };
}

describe('provider audit page (issue 19 item 3)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    forgetCachedSession();
    setSession({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: Date.now() + 600_000,
      user: {
        id: 'd1',
        memberId: 'm1',
        memberType: 'doctor',
        role: 'provider',
        isResetPasswordRequired: false,
        isSecurityQuestionEmpty: false,
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    forgetCachedSession();
  });

  it('shows the trail in a table: when, who, patient, what, action, outcome, address', async () => {
    stubApi(['SETTING', 'PATIENT']);
    renderWithProviders(<ProviderAuditPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Audit events' });
    const rows = within(table).getAllByTestId('audit-event');
    expect(rows).toHaveLength(2);
    const second = rows[1] as HTMLElement;
    expect(
      within(second).getByRole('button', { name: 'Show only Alice Smith’s actions' }),
    ).toBeInTheDocument();
    expect(within(second).getByText('acting for the patient’s account')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Show only Jane Patient' })).toBeInTheDocument();
    expect(within(second).getByText('Vitals')).toBeInTheDocument();
    expect(within(second).getByText('Changed')).toBeInTheDocument();
    expect(within(second).getByText('Success')).toBeInTheDocument();
    expect(within(second).getByText('127.0.0.1')).toBeInTheDocument();
    expect(screen.getByText('2 events')).toBeInTheDocument();
  });

  it('names an app that read for a user, as the patient’s page does, and filters by it', async () => {
    const APP = '55555555-5555-4555-8555-555555555555';
    const calls = stubApi(['SETTING', 'PATIENT'], 1, [
      event(99, {
        actor: { id: APP, firstName: 'Health Diary', lastName: '', kind: 'app' },
        actingFor: { id: JANE, firstName: 'Jane', lastName: 'Patient' },
        resourceType: 'documents',
        resourceId: 'Binary/x via app y',
      }),
    ]);
    renderWithProviders(<ProviderAuditPage />);
    const table = await screen.findByRole('table', { name: 'Audit events' });
    const appRow = within(table).getAllByTestId('audit-event')[2] as HTMLElement;
    expect(within(appRow).queryByText('Unknown account')).not.toBeInTheDocument();
    expect(within(appRow).getByText('Connected app, acting for Jane Patient')).toBeInTheDocument();
    await userEvent.click(within(appRow).getByRole('button', { name: 'Show only Health Diary’s actions' }));
    await waitFor(() => {
      expect(auditCalls(calls).at(-1)).toBe(`/api/provider/audit?actorUserId=${APP}`);
    });
  });

  it('filters by a patient found by name, by a staff member from a row, by action and by dates', async () => {
    const calls = stubApi(['SETTING', 'PATIENT']);
    renderWithProviders(<ProviderAuditPage />);
    await screen.findByRole('table', { name: 'Audit events' });

    await userEvent.type(await screen.findByLabelText('Find a patient (name or member ID)'), 'Jane{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: /^Jane Patient/ }));
    expect(await screen.findByText('Patient: Jane Patient')).toBeInTheDocument();
    await waitFor(() => {
      expect(auditCalls(calls).at(-1)).toBe(`/api/provider/audit?patientId=${JANE}`);
    });

    const [row] = screen.getAllByTestId('audit-event');
    await userEvent.click(
      within(row as HTMLElement).getByRole('button', { name: 'Show only Alice Smith’s actions' }),
    );
    expect(await screen.findByText('Staff member: Alice Smith')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Changed');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => {
      const query = new URL(auditCalls(calls).at(-1) ?? '', 'http://localhost').searchParams;
      expect(Object.fromEntries(query)).toEqual({
        patientId: JANE,
        actorUserId: SMITH,
        action: 'update',
        from: new Date(2026, 10, 1).toISOString(),
        to: new Date(2026, 10, 30, 23, 59, 59, 999).toISOString(),
      });
    });

    await userEvent.click(screen.getByRole('button', { name: 'Remove filter Patient: Jane Patient' }));
    await waitFor(() => {
      expect(auditCalls(calls).at(-1)).not.toContain('patientId=');
    });
  });

  it("filters by a staff member picked from the clinic's staff by keyboard, for the search and the CSV", async () => {
    const calls = stubApi(['SETTING']);
    const { click } = stubDownload();
    renderWithProviders(<ProviderAuditPage />);
    await screen.findByRole('table', { name: 'Audit events' });
    expect(calls.filter((call) => call.url === '/api/provider/audit/staff')).toHaveLength(1);

    const picker = screen.getByRole('combobox', { name: 'Staff member' });
    expect(picker).toHaveAccessibleDescription(
      'Anyone unless you choose someone. Type a name, or choose one in the results.',
    );
    await userEvent.type(picker, 'jon');
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Bob Jones']);
    await userEvent.keyboard('{Enter}');

    expect(await screen.findByText('Staff member: Bob Jones')).toBeInTheDocument();
    // The picker gives way to the chip, and focus goes with it.
    const remove = screen.getByRole('button', { name: 'Remove filter Staff member: Bob Jones' });
    expect(remove).toHaveFocus();
    await waitFor(() => {
      expect(auditCalls(calls).at(-1)).toBe(`/api/provider/audit?actorUserId=${BOB}`);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The CSV file was downloaded.')).toBeInTheDocument();
    expect(calls.find((call) => call.url.startsWith('/api/provider/audit.csv'))?.url).toBe(
      `/api/provider/audit.csv?actorUserId=${BOB}`,
    );

    await userEvent.click(remove);
    expect(await screen.findByRole('combobox', { name: 'Staff member' })).toHaveFocus();
    await waitFor(() => {
      expect(auditCalls(calls).at(-1)).toBe('/api/provider/audit');
    });
    // A pasted name (one input event into the closed list) is picked by Enter too.
    await userEvent.paste('Alice Smith');
    await screen.findByRole('option', { name: 'Alice Smith' });
    // Mantine's own timer after the list opens runs before Enter, as it does for a person.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Staff member: Alice Smith')).toBeInTheDocument();
    click.mockRestore();
  });

  it('refuses a start date after the end date without asking the server', async () => {
    const calls = stubApi(['SETTING']);
    renderWithProviders(<ProviderAuditPage />);
    await screen.findByRole('table', { name: 'Audit events' });
    const before = auditCalls(calls).length;
    await userEvent.type(screen.getByLabelText('From'), '2026-11-30');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('The start date must not be after the end date.')).toBeInTheDocument();
    expect(auditCalls(calls)).toHaveLength(before);
  });

  it('without PATIENT, explains that patients are chosen from the results', async () => {
    stubApi(['SETTING']);
    renderWithProviders(<ProviderAuditPage />);
    expect(
      await screen.findByText(
        'Searching patients needs the patient permission. Choose a patient’s name in the results instead.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Find a patient (name or member ID)')).not.toBeInTheDocument();
  });

  it('reads older events with "Load more", then moves focus to the first event of the last page', async () => {
    const calls = stubApi(['SETTING'], 3);
    renderWithProviders(<ProviderAuditPage />);
    const table = await screen.findByRole('table', { name: 'Audit events' });
    expect(screen.getByText('The 2 most recent events')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => {
      expect(within(table).getAllByTestId('audit-event')).toHaveLength(4);
    });
    expect(auditCalls(calls).at(-1)).toBe('/api/provider/audit?before=c2');
    expect(screen.getByRole('button', { name: 'Load more' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => {
      expect(within(table).getAllByTestId('audit-event')).toHaveLength(6);
    });
    expect(auditCalls(calls).at(-1)).toBe('/api/provider/audit?before=c3');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // The button is gone: focus is on the first row the last page added.
    const rows = within(table).getAllByTestId('audit-event');
    expect(rows[4]).toHaveFocus();
    expect(screen.getByText('6 events')).toBeInTheDocument();
  });

  it('exports the CSV with the same filters and the access token', async () => {
    const calls = stubApi(['SETTING']);
    const { createObjectURL, click } = stubDownload();
    renderWithProviders(<ProviderAuditPage />);
    await screen.findByRole('table', { name: 'Audit events' });
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Exported');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The CSV file was downloaded.')).toBeInTheDocument();
    const csv = calls.find((call) => call.url.startsWith('/api/provider/audit.csv'));
    expect(csv?.url).toBe('/api/provider/audit.csv?action=export');
    expect(csv?.headers.authorization).toBe('Bearer a');
    expect(click).toHaveBeenCalledTimes(1);
    expect(await createObjectURL.mock.calls[0]?.[0].text()).toBe('"id"\n"1"\n');
    click.mockRestore();
  });

  it("shows the gate's no-access sentence without SETTING, through the router's guard, and asks for no events", async () => {
    const calls = stubApi(['PATIENT']);
    renderRoutes(
      [
        {
          path: '/provider/audit',
          handle: { titleKey: 'route.provider.audit' },
          element: (
            <ProviderRouteGuard path="/provider/audit">
              <ProviderAuditPage />
            </ProviderRouteGuard>
          ),
        },
      ],
      '/provider/audit',
    );
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/provider/workspace']);
  });
});
