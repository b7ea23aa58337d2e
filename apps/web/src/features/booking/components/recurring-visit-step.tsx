import { Alert, Avatar, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RecurringVisitEntry } from '@app/contracts/scheduling';
import { formatZoned } from '../../../lib/dates/format-time.ts';
import { useRecurringVisits } from '../api/list-recurring-visits.ts';
import { Busy } from './busy.tsx';
import type { BookingContext } from './booking-context.ts';
import { daysParam, RecurringCriteria, repeatPeriodParam } from './provider-list-step.tsx';
import { StepHeading } from './step-heading.tsx';

/** The slot proposed for each visit of an entry (the first slot of each date). */
export function entrySlots(entry: RecurringVisitEntry) {
  return entry.visits.flatMap((visit) => (visit.timeSlots[0] ? [visit.timeSlots[0]] : []));
}

/** spec 2 §2 recurring visit list: 'Available appointments', entries with BOOK, empty state (§8). */
export function RecurringVisitStep({ context }: { context: BookingContext }) {
  const { t, i18n } = useTranslation('booking');
  const { flow, clinicUuid } = context;
  const providerId = flow.get('providerId');
  const departmentUuid = flow.get('departmentId');
  const consultationTypeId = flow.get('consultationTypeId');
  const period = repeatPeriodParam(flow.get('repeatPeriod'));
  const days = daysParam(flow.get('days'));
  const visits = useRecurringVisits(
    consultationTypeId && period !== null && days.length > 0
      ? {
          clinicUuid,
          providerId: providerId ?? undefined,
          departmentUuid: departmentUuid ?? undefined,
          consultationTypeId,
          repeatPeriod: period,
          days: days.join(','),
          fromDate: flow.get('fromDate') ?? undefined,
        }
      : null,
  );

  function book(entry: RecurringVisitEntry) {
    const slots = entrySlots(entry);
    flow.goTo('confirm', {
      providerId: entry.provider.id,
      departmentId: entry.department.uuid,
      consultationTypeId: entry.consultationType.id,
      startAt: slots.map((slot) => slot.startAt),
      finishAt: slots.map((slot) => slot.finishAt),
      externalId: slots.map((slot) => slot.externalId),
      userId: context.userId ?? null,
      patientId: flow.patientId,
    });
  }

  const entries = visits.data?.entries;
  return (
    <Stack gap="lg">
      <StepHeading>{t('recurring.title')}</StepHeading>
      <section aria-label={t('recurring.criteria')}>
        <RecurringCriteria context={context} />
      </section>
      {visits.isError ? <Alert color="red">{t('loadError')}</Alert> : null}
      {visits.isFetching ? <Busy /> : null}
      {entries && entries.length === 0 ? (
        <Alert color="gray" role="status">
          <Text fw={700}>{t('recurring.empty')}</Text>
          <Text>{t('recurring.emptyText')}</Text>
          <Button
            mt="sm"
            variant="outline"
            onClick={() => {
              void visits.refetch();
            }}
          >
            {t('recurring.searchAgain')}
          </Button>
        </Alert>
      ) : null}
      {entries && entries.length > 0 ? (
        <Stack component="ul" gap="sm" p={0} style={{ listStyle: 'none' }}>
          {entries.map((entry, index) => {
            const slots = entrySlots(entry);
            const zone = entry.department.timezone;
            return (
              <Paper
                component="li"
                withBorder
                p="md"
                key={`${entry.provider.id}-${entry.department.uuid}-${String(index)}`}
              >
                <Group justify="space-between" align="flex-start" wrap="wrap">
                  <Group align="flex-start" wrap="nowrap">
                    <Avatar src={entry.provider.image} alt="" radius="xl" size="lg">
                      {entry.provider.name.slice(0, 1)}
                    </Avatar>
                    <Stack gap={2}>
                      <Title order={2} size="h4">
                        {entry.provider.name}
                      </Title>
                      <Text size="sm">{entry.department.name}</Text>
                      <Text size="sm">{entry.consultationType.title}</Text>
                      <List size="sm" aria-label={t('recurring.visits')}>
                        {slots.map((slot) => (
                          <List.Item key={slot.startAt}>
                            {formatZoned(slot.startAt, zone, {
                              language: i18n.language,
                              style: 'weekdayDateTime',
                            })}
                          </List.Item>
                        ))}
                      </List>
                    </Stack>
                  </Group>
                  <Button
                    aria-label={t('recurring.bookLabel', { count: slots.length, name: entry.provider.name })}
                    disabled={slots.length === 0}
                    onClick={() => {
                      book(entry);
                    }}
                  >
                    {t('recurring.book')}
                  </Button>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      ) : null}
    </Stack>
  );
}
