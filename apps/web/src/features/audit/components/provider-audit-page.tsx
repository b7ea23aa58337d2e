import { useRef, useState } from 'react';
import { Alert, Anchor, Group, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconShieldSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, type AuditAction, type AuditEventView } from '@app/contracts/audit';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatInstant } from '../../../lib/dates/format-time.ts';
import { useProviderWorkspace } from '../../../lib/provider/provider-workspace.ts';
import { MOBILE_MAX_WIDTH } from '../../provider-shell/nav-items.ts';
import { auditSearchQuery, exportAuditCsv, type AuditFilters } from '../api/search-audit.ts';
import { actingForLabel, actionLabel, personName, resourceLabel } from './audit-labels.ts';
import type { ChosenPerson } from './filter-chip.tsx';
import { LoadMore, useFocusAfterLoad } from './load-more.tsx';
import { PatientFilter } from './patient-filter.tsx';
import { StaffFilter } from './staff-filter.tsx';
import { dayRangeToInstants } from './day-range.ts';

interface Applied {
  patient: ChosenPerson | null;
  staff: ChosenPerson | null;
  action: AuditAction | null;
  /** yyyy-MM-dd, read in the viewer's zone. */
  from: string;
  to: string;
}

const NO_FILTERS: Applied = { patient: null, staff: null, action: null, from: '', to: '' };

function toApiFilters(applied: Applied): AuditFilters {
  const { from, to } = dayRangeToInstants(applied.from, applied.to);
  return {
    ...(applied.patient ? { patientId: applied.patient.id } : {}),
    ...(applied.staff ? { actorUserId: applied.staff.id } : {}),
    ...(applied.action ? { action: applied.action } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

/**
 * /provider/audit (issue 19 item 3, decision 0063): a clinic admin (SETTING, checked by the router's
 * one guard) searches the trail by patient, staff member, action and dates, reads it newest first with
 * "Load more" (a cursor per page, decision 0076; a table on a desktop, cards on a phone) and exports
 * the same selection as CSV.
 */
export function ProviderAuditPage() {
  const { t } = useTranslation('audit');
  const { t: tRoot } = useTranslation();
  const workspace = useProviderWorkspace();
  const [applied, setApplied] = useState<Applied>(NO_FILTERS);
  const [draft, setDraft] = useState({ action: '', from: '', to: '' });
  const [dateError, setDateError] = useState<string | null>(null);
  const [exportState, setExportState] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');
  const filters = toApiFilters(applied);
  const results = useInfiniteQuery(auditSearchQuery(filters));
  const events = results.data?.pages.flatMap((page) => page.events) ?? [];
  const resultsBox = useRef<HTMLDivElement>(null);
  const focusAfterLoad = useFocusAfterLoad(
    resultsBox,
    '[data-audit-entry]',
    events.length,
    results.hasNextPage,
  );
  const mobile = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`, false);

  const apply = (next: Applied) => {
    setApplied(next);
    setExportState('idle');
  };
  const choosePatient = (patient: ChosenPerson | null) => {
    apply({ ...applied, patient });
  };
  const chooseStaff = (staff: ChosenPerson | null) => {
    apply({ ...applied, staff });
  };

  const onSubmit = () => {
    if (draft.from && draft.to && draft.from > draft.to) {
      setDateError(t('filterBadDates'));
      return;
    }
    setDateError(null);
    apply({
      ...applied,
      action: (AUDIT_ACTIONS as readonly string[]).includes(draft.action)
        ? (draft.action as AuditAction)
        : null,
      from: draft.from,
      to: draft.to,
    });
  };

  const exportCsv = () => {
    setExportState('busy');
    exportAuditCsv(filters)
      .then(() => {
        setExportState('done');
      })
      .catch(() => {
        setExportState('failed');
      });
  };

  const data = results.data;
  const canSearchPatients = workspace.data?.permissions.includes('PATIENT') ?? false;
  const hasFilters =
    applied.patient !== null ||
    applied.staff !== null ||
    applied.action !== null ||
    applied.from !== '' ||
    applied.to !== '';

  let body;
  if (results.isError && !data) {
    body = (
      <Alert color="red" role="alert">
        {t('loadFailed')}
      </Alert>
    );
  } else if (!data) {
    body = <Text role="status">{t('loading')}</Text>;
  } else if (events.length === 0) {
    body = (
      <EmptyState
        icon={<IconShieldSearch size={28} aria-hidden="true" />}
        title={t('resultsEmptyTitle')}
        text={t('resultsEmpty')}
        order={3}
      />
    );
  } else {
    const rowProps = { onPatient: choosePatient, onStaff: chooseStaff };
    body = (
      <Stack gap="sm" ref={resultsBox}>
        {mobile ? (
          <Stack component="ul" gap="sm" className="audit-cards" aria-label={t('resultsLabel')}>
            {events.map((event) => (
              <AuditEventCard key={event.id} event={event} {...rowProps} />
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={880}>
            <Table striped verticalSpacing="xs" aria-label={t('resultsLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('colWhen')}</Table.Th>
                  <Table.Th scope="col">{t('colWho')}</Table.Th>
                  <Table.Th scope="col">{t('colPatient')}</Table.Th>
                  <Table.Th scope="col">{t('colWhat')}</Table.Th>
                  <Table.Th scope="col">{t('colAction')}</Table.Th>
                  <Table.Th scope="col">{t('colOutcome')}</Table.Th>
                  <Table.Th scope="col">{t('colFrom')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.map((event) => (
                  <AuditEventRow key={event.id} event={event} {...rowProps} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {results.isError ? (
          <Alert color="red" role="alert">
            {t('loadFailed')}
          </Alert>
        ) : null}
        {results.hasNextPage ? (
          <LoadMore
            loadNext={() => results.fetchNextPage()}
            loading={results.isFetchingNextPage}
            onLoadStart={() => {
              focusAfterLoad(events.length);
            }}
          />
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageTitle>{tRoot('route.provider.audit')}</PageTitle>
      <Text maw={720}>{t('auditIntro')}</Text>
      <Paper withBorder p="md" radius="md">
        <section aria-labelledby="audit-filters-title">
          <Stack gap="md">
            <Title order={2} size="h4" id="audit-filters-title">
              {t('filtersTitle')}
            </Title>
            <Group align="flex-start" gap="xl" wrap="wrap">
              <PatientFilter
                clinicId={workspace.data?.clinicId ?? ''}
                canSearch={canSearchPatients}
                chosen={applied.patient}
                onChoose={choosePatient}
              />
              <StaffFilter chosen={applied.staff} onChoose={chooseStaff} />
            </Group>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                onSubmit();
              }}
            >
              <Group align="flex-end" gap="md" wrap="wrap">
                <NativeSelect
                  size="md"
                  // The weight of the date fields' labels beside it (TextField).
                  styles={{ label: { fontWeight: 600 } }}
                  label={t('filterAction')}
                  value={draft.action}
                  onChange={(event) => {
                    setDraft({ ...draft, action: event.currentTarget.value });
                  }}
                  data={[
                    { value: '', label: t('filterAnyAction') },
                    ...AUDIT_ACTIONS.map((action) => ({ value: action, label: actionLabel(t, action) })),
                  ]}
                />
                <TextField
                  label={t('filterFrom')}
                  type="date"
                  name="from"
                  value={draft.from}
                  error={dateError}
                  onChange={(event) => {
                    setDraft({ ...draft, from: event.target.value });
                  }}
                />
                <TextField
                  label={t('filterTo')}
                  type="date"
                  name="to"
                  value={draft.to}
                  onChange={(event) => {
                    setDraft({ ...draft, to: event.target.value });
                  }}
                />
                <Button type="submit">{t('filterApply')}</Button>
                {hasFilters ? (
                  <Button
                    variant="outline"
                    onClick={() => {
                      setDraft({ action: '', from: '', to: '' });
                      setDateError(null);
                      apply(NO_FILTERS);
                    }}
                  >
                    {t('filterClear')}
                  </Button>
                ) : null}
              </Group>
            </form>
          </Stack>
        </section>
      </Paper>
      <Group justify="space-between" align="center" wrap="wrap">
        <Text fw={600} aria-live="polite">
          {/* Not counted on the server (the trail grows without bound): the events shown so far. */}
          {data ? t(results.hasNextPage ? 'resultsShown' : 'resultsCount', { count: events.length }) : ''}
        </Text>
        <Button variant="outline" loading={exportState === 'busy'} onClick={exportCsv}>
          <IconDownload size={18} aria-hidden="true" /> {t('exportCsv')}
        </Button>
      </Group>
      {exportState === 'done' ? (
        <Text role="status" size="sm">
          {t('exportDone')}
        </Text>
      ) : null}
      {exportState === 'failed' ? (
        <Alert color="red" role="alert">
          {t('exportFailed')}
        </Alert>
      ) : null}
      {body}
    </Stack>
  );
}

interface RowProps {
  event: AuditEventView;
  onPatient: (patient: ChosenPerson) => void;
  onStaff: (staff: ChosenPerson) => void;
}

/** The actor as a button that narrows the trail to them (label-in-name: the name is in it). */
function WhoCell({ event, onStaff }: Pick<RowProps, 'event' | 'onStaff'>) {
  const { t } = useTranslation('audit');
  const name = personName(t, event.actor);
  const actor = event.actor;
  const actingFor = actingForLabel(t, event);
  return (
    <>
      {actor ? (
        <Anchor
          component="button"
          type="button"
          fz="inherit"
          aria-label={t('filterByStaff', { name })}
          onClick={() => {
            onStaff({ id: actor.id, name });
          }}
        >
          {name}
        </Anchor>
      ) : (
        <Text span>{name}</Text>
      )}
      {actingFor ? (
        <Text span size="sm" c="dimmed" display="block">
          {actingFor}
        </Text>
      ) : null}
    </>
  );
}

function PatientCell({ event, onPatient }: Pick<RowProps, 'event' | 'onPatient'>) {
  const { t } = useTranslation('audit');
  const patient = event.patient;
  if (!patient) {
    return <Text span>{t('noPatient')}</Text>;
  }
  const name = personName(t, patient, 'noPatient');
  return (
    <Anchor
      component="button"
      type="button"
      fz="inherit"
      aria-label={t('filterByPatient', { name })}
      onClick={() => {
        onPatient({ id: patient.id, name });
      }}
    >
      {name}
    </Anchor>
  );
}

function useWhen(occurredAt: string): string {
  const { i18n } = useTranslation('audit');
  return formatInstant(occurredAt, { language: i18n.language, style: 'dateTime' });
}

function AuditEventRow({ event, onPatient, onStaff }: RowProps) {
  const { t } = useTranslation('audit');
  const when = useWhen(event.occurredAt);
  return (
    <Table.Tr data-testid="audit-event" data-audit-entry tabIndex={-1}>
      <Table.Td>
        <time dateTime={event.occurredAt}>{when}</time>
      </Table.Td>
      <Table.Td>
        <WhoCell event={event} onStaff={onStaff} />
      </Table.Td>
      <Table.Td>
        <PatientCell event={event} onPatient={onPatient} />
      </Table.Td>
      <Table.Td>{resourceLabel(t, event.resourceType)}</Table.Td>
      <Table.Td>{actionLabel(t, event.action)}</Table.Td>
      <Table.Td>{t(`outcome_${event.outcome}`)}</Table.Td>
      <Table.Td>{event.clientAddress ?? '—'}</Table.Td>
    </Table.Tr>
  );
}

function AuditEventCard({ event, onPatient, onStaff }: RowProps) {
  const { t } = useTranslation('audit');
  const when = useWhen(event.occurredAt);
  return (
    <li data-testid="audit-event" data-audit-entry tabIndex={-1}>
      <Paper withBorder p="sm" radius="md">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            <time dateTime={event.occurredAt}>{when}</time>
          </Text>
          <Text fw={600}>
            {actionLabel(t, event.action)}: {resourceLabel(t, event.resourceType)} ·{' '}
            {t(`outcome_${event.outcome}`)}
          </Text>
          <Text size="sm" component="div">
            {t('colWho')}: <WhoCell event={event} onStaff={onStaff} />
          </Text>
          <Text size="sm" component="div">
            {t('colPatient')}: <PatientCell event={event} onPatient={onPatient} />
          </Text>
          {event.clientAddress ? (
            <Text size="sm" c="dimmed">
              {t('colFrom')}: {event.clientAddress}
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </li>
  );
}
