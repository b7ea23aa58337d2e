import { Group, NativeSelect, Stack } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_DAYS_AHEAD, SCHEDULE_DAYS_BACK } from '@app/contracts/provider-schedule';
import { passesGate, activeModules, useProviderWorkspace } from '../../../lib/provider/provider-workspace.ts';
import { newAppointmentPath } from '../../../lib/provider/new-appointment-path.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { filtersOf } from '../api/paths.ts';
import { useSchedule } from '../api/get-schedule.ts';
import { useProviders } from '../../../lib/provider/clinic-lists.ts';
import { addDays, filterIconFor, localToday, scheduleTitle } from '../schedule-rules.ts';
import { AppointmentRow } from './appointment-row.tsx';
import { FilterLinks } from './filter-links.tsx';
import { useWaitingRoomEvents } from '../use-waiting-room-events.ts';

/** spec 3 §2 Provider appointment schedule. */
export function SchedulePage() {
  const { t } = useTranslation('providerSchedule');
  const config = useAppConfig();
  const { pathname } = useLocation();
  const [search, setSearch] = useSearchParams();
  const workspace = useProviderWorkspace().data;
  const today = localToday();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(search.get('date') ?? '') ? (search.get('date') ?? today) : today;
  const sort = search.get('sort') === 'provider' ? 'provider' : 'time';
  const filters = filtersOf(search);
  const clinicId = workspace?.clinicId ?? '';
  // Issue 17 item 3: the day follows the clinic's appointment events; polls only while the socket is down.
  const pollMs = useWaitingRoomEvents(clinicId || null);
  const schedule = useSchedule(clinicId, date, sort, filters, pollMs);
  const providers = useProviders(clinicId, []);
  // spec 3 §5: the picker is bounded (the server answers the bounds; until then the same rule here).
  const minDate = schedule.data?.minDate ?? addDays(today, -SCHEDULE_DAYS_BACK);
  const maxDate = schedule.data?.maxDate ?? addDays(today, SCHEDULE_DAYS_AHEAD);
  if (!workspace) {
    return <p>{t('loading')}</p>;
  }
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) {
        next.delete(name);
      } else {
        next.set(name, value);
      }
    }
    setSearch(next, { replace: true });
  };
  const selected = (providers.data ?? []).filter((provider) => filters.providerIds.includes(provider.id));
  const title = scheduleTitle(selected, workspace.name);
  const heading =
    title.kind === 'mine' ? t('titleMine') : title.kind === 'provider' ? title.name : t('titleAll');
  const day = date < today ? 'past' : date === today ? 'today' : 'future';
  const modules = activeModules(workspace);
  const list = schedule.data?.appointments ?? [];
  const filterIcon = filterIconFor(config.variant, pathname);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <h1>{heading}</h1>
        <Group gap="sm">
          {filterIcon ? (
            <FilterLinks base="/provider/appointment" search={search} withLocations icon={filterIcon} />
          ) : null}
          {passesGate(workspace, { permission: 'APPOINTMENTS' }) ? (
            <Link className="app-button app-button--outline" to={newAppointmentPath(workspace.permissions)}>
              {t('newAppointment')}
            </Link>
          ) : null}
          {passesGate(workspace, { permission: 'APPOINTMENTS' }) ? (
            // The clinic's appointments over a range of days (decision 0039).
            <Link className="app-button app-button--outline" to="/provider/appointments">
              {t('list_link')}
            </Link>
          ) : null}
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <button
          type="button"
          className="app-button app-button--outline"
          aria-label={t('previousDay')}
          disabled={date <= minDate}
          onClick={() => {
            update({ date: addDays(date, -1) });
          }}
        >
          ‹
        </button>
        <label className="schedule-date">
          <span>{t('date')}</span>
          <input
            type="date"
            value={date}
            min={minDate}
            max={maxDate}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (value && value >= minDate && value <= maxDate) {
                update({ date: value });
              }
            }}
          />
        </label>
        <button
          type="button"
          className="app-button app-button--outline"
          aria-label={t('nextDay')}
          disabled={date >= maxDate}
          onClick={() => {
            update({ date: addDays(date, 1) });
          }}
        >
          ›
        </button>
        <NativeSelect
          label={t('sortBy')}
          value={sort}
          data={[
            { value: 'time', label: t('sortTime') },
            { value: 'provider', label: t('sortProvider') },
          ]}
          onChange={(event) => {
            update({ sort: event.currentTarget.value });
          }}
        />
      </Group>
      {schedule.isPending ? <p>{t('loading')}</p> : null}
      {schedule.isError ? <p role="alert">{t('loadFailed')}</p> : null}
      {schedule.isSuccess && list.length === 0 ? <p>{t('empty', { date })}</p> : null}
      {list.length > 0 ? (
        <section aria-label={t('appointmentsOf', { date })}>
          <ul className="schedule-list">
            {list.map((appointment) => (
              <AppointmentRow
                key={appointment.appointmentId}
                appointment={appointment}
                clinicId={clinicId}
                day={day}
                canOpenPatient={passesGate(workspace, { permission: 'PATIENT' })}
                quickPrepModule={modules.includes('QUICKLINK_FOR_FUTURE_APPOINTMENTS')}
              />
            ))}
          </ul>
        </section>
      ) : null}
    </Stack>
  );
}
