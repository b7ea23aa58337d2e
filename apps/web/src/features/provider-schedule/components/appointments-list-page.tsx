import './appointment-list.css';
import { Alert, Group, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import {
  activeModules,
  passesGate,
  routeGate,
  useProviderWorkspace,
} from '../../../lib/provider/provider-workspace.ts';
import { useAppointmentList } from '../api/list-appointments.ts';
import { listFiltersOf, listSearchOf, NO_FILTERS, type ListFilters } from '../appointment-list-query.ts';
import { formatDay, pageCount } from '../appointment-list-format.ts';
import { useWaitingRoomEvents } from '../use-waiting-room-events.ts';
import { AppointmentListFilters } from './appointment-list-filters.tsx';
import { AppointmentListTable } from './appointment-list-table.tsx';

/** A 4xx names what was wrong (a range, an unknown provider); anything else gets the screen's own text. */
function errorText(error: unknown, fallback: string): string {
  if (isApiRequestError(error) && error.status >= 400 && error.status < 500) {
    const body = error.body as { message?: unknown } | null;
    return typeof body?.message === 'string' && body.message ? body.message : fallback;
  }
  return fallback;
}

/**
 * /provider/appointments (decision 0039): where provider self-registration without MESSAGE and the
 * single sign-on without a patient land (spec 1 §2, §4). The clinic's appointments across providers
 * over a date range, filtered and paged; the filters live in the query string. Needs APPOINTMENTS.
 */
export function AppointmentsListPage() {
  const { t, i18n } = useTranslation('providerSchedule');
  const workspace = useProviderWorkspace();
  const [search, setSearch] = useSearchParams();
  const searchText = search.toString();
  const filters = useMemo(() => listFiltersOf(new URLSearchParams(searchText)), [searchText]);
  const data = workspace.data;
  // APPOINTMENTS (spec 3 §6) is the router's guard (PROVIDER_ROUTE_GATES); here only the workspace.
  const allowed = data !== undefined;
  const clinicId =
    data && filters.clinic && data.clinics.some((clinic) => clinic.id === filters.clinic)
      ? filters.clinic
      : (data?.clinicId ?? '');
  const pollMs = useWaitingRoomEvents(allowed && clinicId ? clinicId : null);
  const list = useAppointmentList(clinicId, filters, allowed, pollMs);

  const title = <PageTitle>{t('list_title')}</PageTitle>;
  if (!data) {
    return (
      <Stack gap="md">
        {title}
        {workspace.isError ? (
          <Alert color="red" role="alert">
            {t('list_loadFailed')}
          </Alert>
        ) : (
          <p role="status">{t('loading')}</p>
        )}
      </Stack>
    );
  }

  const go = (next: ListFilters) => {
    // A new history entry per change: the back button steps through the filters and pages.
    setSearch(listSearchOf(next));
  };
  const answer = list.data;
  const pages = answer ? pageCount(answer.total, answer.pageSize) : 1;
  const range = answer
    ? { from: formatDay(answer.from, i18n.language), to: formatDay(answer.to, i18n.language) }
    : null;

  return (
    <Stack gap="md" className="appointment-list">
      <Group justify="space-between" align="center" wrap="wrap">
        {title}
        <ButtonLink variant="outline" to="/provider/appointment">
          {t('list_daySchedule')}
        </ButtonLink>
      </Group>
      <p className="appointment-list__intro">{t('list_intro')}</p>
      <AppointmentListFilters
        // Re-read the fields whenever the URL or the answered range changes (back button, reset).
        key={`${searchText}|${answer?.from ?? ''}|${answer?.to ?? ''}`}
        filters={filters}
        clinicId={clinicId}
        clinics={data.clinics}
        answered={answer ?? null}
        onApply={go}
        onReset={() => {
          go({ ...NO_FILTERS, clinic: filters.clinic });
        }}
      />
      {list.isPending ? <p role="status">{t('loading')}</p> : null}
      {list.isError ? (
        <Alert color="red" role="alert">
          {errorText(list.error, t('list_loadFailed'))}
        </Alert>
      ) : null}
      {answer && range && !list.isError ? (
        <>
          <p role="status" className="appointment-list__count">
            {list.isFetching && list.isPlaceholderData
              ? t('loading')
              : t('list_count', { count: answer.total, from: range.from, to: range.to })}
          </p>
          {answer.total === 0 ? (
            <div className="appointment-list__empty">
              <h2>{t('list_empty')}</h2>
              <p>{t('list_emptyHint')}</p>
            </div>
          ) : answer.appointments.length === 0 ? (
            <div className="appointment-list__empty">
              <h2>{t('list_pastEnd')}</h2>
              <Button
                variant="outline"
                onClick={() => {
                  go({ ...filters, page: 1 });
                }}
              >
                {t('list_firstPage')}
              </Button>
            </div>
          ) : (
            <AppointmentListTable
              list={answer}
              clinicId={clinicId}
              canOpenPatient={passesGate(data, routeGate('/provider/patient/:patientId'))}
              quickPrepModule={activeModules(data).includes('QUICKLINK_FOR_FUTURE_APPOINTMENTS')}
              busy={list.isFetching}
            />
          )}
          {answer.total > answer.pageSize ? (
            <nav aria-label={t('list_pages')} className="appointment-list__pages">
              <Button
                variant="outline"
                disabled={answer.page <= 1}
                onClick={() => {
                  go({ ...filters, page: answer.page - 1 });
                }}
              >
                {t('list_previousPage')}
              </Button>
              <span>{t('list_pageOf', { page: String(answer.page), pages: String(pages) })}</span>
              <Button
                variant="outline"
                disabled={answer.page >= pages}
                onClick={() => {
                  go({ ...filters, page: answer.page + 1 });
                }}
              >
                {t('list_nextPage')}
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
