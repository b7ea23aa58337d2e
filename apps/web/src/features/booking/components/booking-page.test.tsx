import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { TEST_CONFIG } from '../../../test/render.tsx';
import {
  CLINIC,
  consultationType,
  DEPARTMENT,
  department,
  fakeServer,
  insuranceCard,
  PATIENT_ME,
  PROVIDER,
  provider,
  renderBooking,
  schedulingOptions,
  TYPE,
  VISIT_TYPE,
} from './booking-test-utils.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CARE_MANAGER = { ...TEST_CONFIG, variant: 'care-manager' as const };

describe('provider list (spec 2 §2, §5)', { timeout: 20_000 }, () => {
  it("blocks SCHEDULE NOW with the 'Almost done!' dialog naming the missing filters", async () => {
    const server = fakeServer(({ path }) => {
      if (path === `/api/clinics/${CLINIC}/scheduling-options`) {
        return { body: schedulingOptions() };
      }
      if (path === '/api/scheduling/providers') {
        return { body: { providers: [provider] } };
      }
      return undefined;
    });
    const { router } = await renderBooking(`/user/appointment/create?clinicUuid=${CLINIC}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a provider' })).toHaveFocus();
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule now with Dr. Alex Smith' }));
    const dialog = await screen.findByRole('dialog', { name: 'Almost done!' });
    expect(dialog).toHaveTextContent(
      'Please select State, Insurance, Specialty and Visit type in the filter before scheduling the appointment',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));

    await userEvent.selectOptions(screen.getByLabelText('State'), 'NY');
    await userEvent.selectOptions(screen.getByLabelText('Visit Type'), VISIT_TYPE);
    await waitFor(() => {
      expect(router.state.location.search).toContain(`visitTypeId=${VISIT_TYPE}`);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule now with Dr. Alex Smith' }));
    expect(await screen.findByRole('dialog', { name: 'Almost done!' })).toHaveTextContent(
      'Please select Insurance and Specialty in the filter before scheduling the appointment',
    );
    // Filters live in the query and reach the provider list call.
    const last = server.calls.filter((call) => call.path === '/api/scheduling/providers').at(-1);
    expect(last?.query.get('stateId')).toBe('NY');
    expect(last?.query.get('visitTypeId')).toBe(VISIT_TYPE);
  });

  it('keeps filters chosen faster than the location follows; SCHEDULE NOW sees all four (issue 18)', async () => {
    fakeServer(({ path }) => {
      if (path === `/api/clinics/${CLINIC}/scheduling-options`) {
        return { body: schedulingOptions() };
      }
      if (path === '/api/scheduling/providers') {
        return { body: { providers: [provider] } };
      }
      return undefined;
    });
    const { router } = await renderBooking(`/user/appointment/create?clinicUuid=${CLINIC}`);
    const scheduleNow = await screen.findByRole('button', { name: 'Schedule now with Dr. Alex Smith' });
    // Four choices and the click in one go: the router has not committed any of them yet.
    const choose = (label: string, value: string) => {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    };
    choose('State', 'NY');
    choose('Insurance', '66666666-6666-4666-8666-666666666666');
    choose('Specialty', '77777777-7777-4777-8777-777777777777');
    choose('Visit Type', VISIT_TYPE);
    // What the person chose shows at once.
    expect(screen.getByLabelText('State')).toHaveValue('NY');
    expect(screen.getByLabelText('Visit Type')).toHaveValue(VISIT_TYPE);
    fireEvent.click(scheduleNow);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/user/appointment/create/consultation-types');
    });
    expect(screen.queryByRole('dialog', { name: 'Almost done!' })).not.toBeInTheDocument();
    const query = new URLSearchParams(router.state.location.search);
    expect([
      query.get('stateId'),
      query.get('insuranceId'),
      query.get('specialtyId'),
      query.get('visitTypeId'),
      query.get('providerId'),
    ]).toEqual([
      'NY',
      '66666666-6666-4666-8666-666666666666',
      '77777777-7777-4777-8777-777777777777',
      VISIT_TYPE,
      PROVIDER,
    ]);
  });

  it("starts State and Insurance from the patient's profile; both stay changeable (issue 18)", async () => {
    const server = fakeServer(({ path }) => {
      if (path === '/api/me') {
        return { body: PATIENT_ME };
      }
      if (path === `/api/demographics/clinics/${CLINIC}/accounts/${PATIENT_ME.id}/address`) {
        return {
          body: {
            address1: '1 Main St',
            address2: null,
            city: 'Newark',
            zip: '07102',
            countryId: 'US',
            stateId: 'NJ',
          },
        };
      }
      if (path === '/api/insurance/cards') {
        return { body: [insuranceCard('secondary', 'Medicare'), insuranceCard('primary', 'acme health')] };
      }
      if (path === `/api/clinics/${CLINIC}/scheduling-options`) {
        return { body: schedulingOptions() };
      }
      if (path === '/api/scheduling/providers') {
        return { body: { providers: [provider] } };
      }
      return undefined;
    });
    const { router } = await renderBooking(`/user/appointment/create?clinicUuid=${CLINIC}`);
    await waitFor(() => {
      expect(screen.getByLabelText('State')).toHaveValue('NJ');
    });
    expect(screen.getByLabelText('Insurance')).toHaveValue('66666666-6666-4666-8666-666666666666');
    expect(screen.getByLabelText('Specialty')).toHaveValue('');
    await waitFor(() => {
      expect(router.state.location.search).toContain('stateId=NJ');
    });
    await waitFor(() => {
      const last = server.calls.filter((call) => call.path === '/api/scheduling/providers').at(-1);
      expect(last?.query.get('insuranceId')).toBe('66666666-6666-4666-8666-666666666666');
    });
    await userEvent.selectOptions(screen.getByLabelText('State'), 'NY');
    await waitFor(() => {
      expect(router.state.location.search).toContain('stateId=NY');
    });
  });

  it('keeps a filter chosen before the profile arrived (issue 18)', async () => {
    const gate: { open?: () => void } = {};
    const profileLate = new Promise<void>((resolve) => {
      gate.open = resolve;
    });
    fakeServer(({ path }) => {
      if (path === '/api/me') {
        return { body: PATIENT_ME, wait: profileLate };
      }
      if (path === `/api/demographics/clinics/${CLINIC}/accounts/${PATIENT_ME.id}/address`) {
        return {
          body: { address1: null, address2: null, city: null, zip: null, countryId: 'US', stateId: 'NJ' },
        };
      }
      if (path === '/api/insurance/cards') {
        return { body: [insuranceCard('primary', 'Acme Health')] };
      }
      if (path === `/api/clinics/${CLINIC}/scheduling-options`) {
        return { body: schedulingOptions() };
      }
      if (path === '/api/scheduling/providers') {
        return { body: { providers: [provider] } };
      }
      return undefined;
    });
    const { router } = await renderBooking(`/user/appointment/create?clinicUuid=${CLINIC}`);
    await userEvent.selectOptions(await screen.findByLabelText('State'), 'NY');
    gate.open?.();
    await waitFor(() => {
      expect(screen.getByLabelText('Insurance')).toHaveValue('66666666-6666-4666-8666-666666666666');
    });
    expect(screen.getByLabelText('State')).toHaveValue('NY');
    await waitFor(() => {
      expect(router.state.location.search).toContain('insuranceId=');
    });
    expect(new URLSearchParams(router.state.location.search).get('stateId')).toBe('NY');
  });

  it('hides the State filter with one state; the care manager needs only the visit type', async () => {
    fakeServer(({ path }) => {
      if (path === `/api/clinics/${CLINIC}/scheduling-options`) {
        return { body: schedulingOptions({ states: [{ id: 'NY', name: 'New York' }] }) };
      }
      if (path === '/api/scheduling/providers') {
        return { body: { providers: [provider] } };
      }
      return undefined;
    });
    await renderBooking(
      `/provider/patient/${PROVIDER}/appointments/create?clinicUuid=${CLINIC}`,
      CARE_MANAGER,
    );
    await screen.findByRole('button', { name: 'Schedule now with Dr. Alex Smith' });
    expect(screen.queryByLabelText('State')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Schedule now with Dr. Alex Smith' }));
    expect(await screen.findByRole('dialog', { name: 'Almost done!' })).toHaveTextContent(
      'Please select Visit type in the filter before scheduling the appointment',
    );
  });

  it('shows the Recurring Visit tab to the care manager with the module, and asks for the weeks', async () => {
    fakeServer(({ path }) => {
      if (path === `/api/clinics/${CLINIC}/scheduling-options`) {
        return { body: schedulingOptions({ modules: ['recurring-visit'] }) };
      }
      if (path === '/api/scheduling/providers') {
        return { body: { providers: [provider] } };
      }
      return undefined;
    });
    await renderBooking(
      `/provider/patient/${PROVIDER}/appointments/create?clinicUuid=${CLINIC}&visitTypeId=${VISIT_TYPE}`,
      CARE_MANAGER,
    );
    await userEvent.click(await screen.findByRole('tab', { name: 'Recurring Visit' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Schedule now with Dr. Alex Smith' }));
    expect(await screen.findByRole('dialog', { name: 'Almost done!' })).toHaveTextContent(
      'Please select number of weeks before scheduling the recurring visits.',
    );
  });

  it('has no Recurring Visit tab for patients', async () => {
    fakeServer(({ path }) =>
      path === `/api/clinics/${CLINIC}/scheduling-options`
        ? { body: schedulingOptions({ modules: ['recurring-visit'] }) }
        : path === '/api/scheduling/providers'
          ? { body: { providers: [] } }
          : undefined,
    );
    await renderBooking(`/user/appointment/create?clinicUuid=${CLINIC}`);
    expect(await screen.findByText('No providers match the chosen filters.')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Recurring Visit' })).not.toBeInTheDocument();
  });

  it('applies advanced filters only when valid: the date of birth is an error while required', async () => {
    const server = fakeServer(({ path }) => {
      if (path === `/api/clinics/${CLINIC}/scheduling-options`) {
        return {
          body: schedulingOptions({
            modules: ['advanced-scheduling-filters'],
            advancedFilters: {
              language: [{ id: '88888888-8888-4888-8888-888888888888', name: 'Spanish' }],
              modality: [],
              gender: [],
              allyship: [],
              ethnicity: [],
            },
          }),
        };
      }
      if (path === '/api/scheduling/providers') {
        return { body: { providers: [provider] } };
      }
      return undefined;
    });
    await renderBooking(
      `/provider/patient/${PROVIDER}/appointments/create?clinicUuid=${CLINIC}`,
      CARE_MANAGER,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'More' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Spanish' }));
    expect(await screen.findByText('Please enter the date of birth')).toBeInTheDocument();
    const providerCalls = () => server.calls.filter((call) => call.path === '/api/scheduling/providers');
    expect(providerCalls().some((call) => call.query.has('languageIds'))).toBe(false);
    await userEvent.type(screen.getByLabelText(/Date of birth/), '1980-05-04');
    await waitFor(() => {
      expect(providerCalls().at(-1)?.query.get('languageIds')).toBe('88888888-8888-4888-8888-888888888888');
    });
    expect(providerCalls().at(-1)?.query.get('birthDate')).toBe('1980-05-04');
    expect(screen.getByRole('button', { name: 'Less' })).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('consultation type screen (spec 2 §2, §4, §5)', { timeout: 20_000 }, () => {
  it('enables CONFIRM only with a location and a type, and shows the Important message', async () => {
    const second = { ...department, id: 'x', uuid: '99999999-9999-4999-8999-999999999999', name: 'Uptown' };
    fakeServer(({ path }) => {
      if (path === '/api/scheduling/departments') {
        return { body: { departments: [department, second] } };
      }
      if (path === '/api/scheduling/consultation-types') {
        return { body: { consultationTypes: [consultationType()] } };
      }
      if (path === `/api/scheduling/providers/${PROVIDER}`) {
        return { body: provider };
      }
      return undefined;
    });
    const { router } = await renderBooking(
      `/user/appointment/create/consultation-types?clinicUuid=${CLINIC}&providerId=${PROVIDER}`,
    );
    const confirm = await screen.findByRole('button', { name: 'CONFIRM' });
    expect(confirm).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText(/Location/), DEPARTMENT);
    await userEvent.click(await screen.findByRole('radio', { name: 'Follow-up visit' }));
    expect(screen.getByRole('note')).toHaveTextContent('ImportantBring your medication list.');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/user/appointment/create/time-slots');
    });
    expect(router.state.location.search).toContain(`consultationTypeId=${TYPE}`);
  });

  it('is skipped with one department and one type', async () => {
    fakeServer(({ path }) =>
      path === '/api/scheduling/departments'
        ? { body: { departments: [department] } }
        : path === '/api/scheduling/consultation-types'
          ? { body: { consultationTypes: [consultationType()] } }
          : path === `/api/scheduling/providers/${PROVIDER}`
            ? { body: provider }
            : undefined,
    );
    const { router } = await renderBooking(
      `/user/appointment/create/consultation-types?clinicUuid=${CLINIC}&providerId=${PROVIDER}`,
    );
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/user/appointment/create/time-slots');
    });
    expect(router.state.location.search).toContain(`departmentId=${DEPARTMENT}`);
  });
});

describe('recurring visit list (spec 2 §2, §8)', { timeout: 20_000 }, () => {
  const FLOW = `clinicUuid=${CLINIC}&providerId=${PROVIDER}&departmentId=${DEPARTMENT}&consultationTypeId=${TYPE}&repeatPeriod=2&days=1,3`;

  it('lists entries with their dated slots and BOOK carries every time to confirm', async () => {
    const visit = (startAt: string, finishAt: string) => ({
      timeSlots: [{ startTimestamp: Date.parse(startAt) / 1000, startAt, finishAt, externalId: startAt }],
    });
    const server = fakeServer(({ path }) =>
      path === '/api/scheduling/recurring-visits'
        ? {
            body: {
              entries: [
                {
                  provider: { id: PROVIDER, name: 'Dr. Alex Smith', image: null },
                  department: { uuid: DEPARTMENT, name: 'Riverside Main', timezone: 'America/New_York' },
                  consultationType: { id: TYPE, title: 'Follow-up visit' },
                  visits: [
                    visit('2026-11-30T09:00:00-05:00', '2026-11-30T09:30:00-05:00'),
                    visit('2026-12-14T09:00:00-05:00', '2026-12-14T09:30:00-05:00'),
                  ],
                },
              ],
            },
          }
        : undefined,
    );
    const { router } = await renderBooking(
      `/provider/patient/${PROVIDER}/appointments/create/recurring-visit?${FLOW}`,
      CARE_MANAGER,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Available appointments' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Mon, Nov 30, 2026, 9:00 AM EST')).toBeInTheDocument();
    expect(screen.getByText('Mon, Dec 14, 2026, 9:00 AM EST')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '2 weeks' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Wednesday' })).toBeChecked();
    const call = server.calls.find((item) => item.path === '/api/scheduling/recurring-visits');
    expect(call?.query.get('days')).toBe('1,3');
    expect(call?.query.get('repeatPeriod')).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Book 2 visits with Dr. Alex Smith' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(
        `/provider/patient/${PROVIDER}/appointments/create/confirm`,
      );
    });
    const query = new URLSearchParams(router.state.location.search);
    expect(query.getAll('startAt')).toEqual(['2026-11-30T09:00:00-05:00', '2026-12-14T09:00:00-05:00']);
    expect(query.getAll('finishAt')).toHaveLength(2);
  });

  it("shows 'No appointments available...' with the §8 text and SEARCH AGAIN asks again", async () => {
    const server = fakeServer(({ path }) =>
      path === '/api/scheduling/recurring-visits' ? { body: { entries: [] } } : undefined,
    );
    await renderBooking(
      `/provider/patient/${PROVIDER}/appointments/create/recurring-visit?${FLOW}`,
      CARE_MANAGER,
    );
    expect(await screen.findByText('No appointments available...')).toBeInTheDocument();
    expect(
      screen.getByText(
        'We are sorry, there are currently no available slots that match your requested dates and times. Please try searching again.',
      ),
    ).toBeInTheDocument();
    const asked = () =>
      server.calls.filter((item) => item.path === '/api/scheduling/recurring-visits').length;
    expect(asked()).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'SEARCH AGAIN' }));
    await waitFor(() => {
      expect(asked()).toBe(2);
    });
  });
});
