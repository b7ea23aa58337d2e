import { useState } from 'react';
import { Alert, Button, Group, List, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { reasonProblem } from '@app/contracts/appointments';
import { formatZoned } from '../../../lib/dates/format-time.ts';
import { useSchedulingOptions } from '../api/get-scheduling-options.ts';
import { useConsultationType } from '../api/get-consultation-type.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createAppointment } from '../../appointments/api/create-appointment.ts';
import { APPOINTMENTS_PATH, appointmentQuery } from '../../appointments/api/get-appointment.ts';
import { commentToSend, createEach } from '../booking-rules.ts';
import { Busy } from './busy.tsx';
import type { BookingContext } from './booking-context.ts';
import { ProviderHeader } from './provider-header.tsx';
import { StepHeading } from './step-heading.tsx';
import { firstErrorDetail } from './time-slot-step.tsx';

interface ChosenSlot {
  startAt: string;
  finishAt: string;
  externalId: string | null;
}

/** The chosen times of the query: one for a single visit, several for a recurring series. */
export function chosenSlots(search: URLSearchParams): ChosenSlot[] {
  const starts = search.getAll('startAt');
  const finishes = search.getAll('finishAt');
  const externalIds = search.getAll('externalId');
  return starts.flatMap((startAt, index) => {
    const finishAt = finishes[index];
    return finishAt ? [{ startAt, finishAt, externalId: externalIds[index] ?? null }] : [];
  });
}

/**
 * spec 2 §2 appointment confirm: provider header, chosen times, the reason with its 'n / max' counter
 * (§5: required only if isCommentRequired, trimmed; SCHEDULE NOW disabled while invalid). A recurring
 * series creates each slot separately (§4); the summary follows if at least one succeeded.
 */
export function ConfirmStep({ context, reschedule }: { context: BookingContext; reschedule: boolean }) {
  const { t, i18n } = useTranslation('booking');
  const { flow, clinicUuid, userId } = context;
  const providerId = flow.get('providerId');
  const departmentUuid = flow.get('departmentId');
  const consultationTypeId = flow.get('consultationTypeId');
  const cancelAppointmentId = reschedule ? flow.get('cancelAppointmentId') : null;
  const slots = chosenSlots(flow.search);
  const options = useSchedulingOptions(clinicUuid);
  const type = useConsultationType(consultationTypeId);
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Issue 18: a reschedule keeps the reason for the visit. It starts from the appointment being
  // replaced (shown, changeable), unless the person has typed meanwhile.
  const replaced = useQuery({
    ...appointmentQuery(cancelAppointmentId ?? ''),
    enabled: cancelAppointmentId !== null,
    meta: { errorBanner: false },
  });
  const [reasonKept, setReasonKept] = useState(false);
  if (!reasonKept && replaced.data) {
    setReasonKept(true);
    if (text === '' && replaced.data.appointmentComment) {
      setText(replaced.data.appointmentComment);
    }
  }

  if (!providerId || !departmentUuid || !consultationTypeId || slots.length === 0) {
    return (
      <Stack>
        <Alert color="red">{t('confirm.missing')}</Alert>
        <Button
          variant="outline"
          onClick={() => {
            flow.goTo('providers', {}, { keep: false });
          }}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('confirm.startAgain')}
        </Button>
      </Stack>
    );
  }
  const department = options.data?.departments.find((item) => item.uuid === departmentUuid);
  const zone = department?.timezone ?? options.data?.timezone ?? 'UTC';
  const rules = type.data ?? null;
  const problem = rules ? reasonProblem(text, rules) : null;
  const showComment = rules ? rules.isShowComment || rules.isCommentRequired : false;

  async function schedule() {
    if (!providerId || !departmentUuid || !consultationTypeId || problem) {
      return;
    }
    setSubmitting(true);
    setFailure(null);
    const reason = commentToSend(text);
    let lastError: unknown = null;
    // spec 2 §4: each slot is created separately; a failed create yields -1 for that slot.
    const ids = await createEach(slots, async (slot) => {
      try {
        return await createAppointment({
          clinicUuid,
          departmentUuid,
          providerId,
          consultationTypeId,
          startAt: slot.startAt,
          finishAt: slot.finishAt,
          externalId: slot.externalId,
          flexibleDayList: [],
          ...(userId ? { userId } : {}),
          ...(reason ? { text: reason } : {}),
          ...(cancelAppointmentId ? { cancelAppointmentId } : {}),
        });
      } catch (error) {
        lastError = error;
        throw error;
      }
    });
    setSubmitting(false);
    // The lists and details read before this booking are out of date now.
    await queryClient.invalidateQueries({ queryKey: [APPOINTMENTS_PATH] });
    const firstId = ids.find((id): id is string => id !== -1);
    if (firstId === undefined) {
      setFailure(firstErrorDetail(lastError) ?? t('confirm.failed'));
      return;
    }
    flow.goTo(
      'summary',
      {
        appointmentId: firstId,
        startAt: slots.filter((_, index) => ids[index] !== -1).map((slot) => slot.startAt),
        failedStartAt: slots.filter((_, index) => ids[index] === -1).map((slot) => slot.startAt),
        status: cancelAppointmentId ? 'rescheduled' : 'scheduled',
      },
      { keep: false },
    );
  }

  const max = rules?.commentLength ?? 0;
  const error =
    touched && problem === 'required'
      ? t('confirm.reasonRequired')
      : problem === 'too-long'
        ? t('confirm.reasonTooLong')
        : undefined;

  return (
    <Stack gap="lg" maw={640}>
      <StepHeading>{t('confirm.title')}</StepHeading>
      <ProviderHeader
        clinicUuid={clinicUuid}
        providerId={providerId}
        details={[
          ...(rules ? [{ label: t('slots.consultationType'), value: rules.title }] : []),
          ...(department ? [{ label: t('slots.department'), value: department.name }] : []),
        ]}
      />
      <section aria-labelledby="booking-confirm-times">
        <Title order={2} size="h4" id="booking-confirm-times">
          {t('confirm.times')}
        </Title>
        <List>
          {slots.map((slot) => (
            <List.Item key={slot.startAt}>
              {formatZoned(slot.startAt, zone, { language: i18n.language, style: 'full', zoneName: 'never' })}{' '}
              –{' '}
              {formatZoned(slot.finishAt, zone, {
                language: i18n.language,
                style: 'time',
                zoneName: 'always',
              })}
            </List.Item>
          ))}
        </List>
      </section>
      {type.isPending ? <Busy /> : null}
      {rules && showComment ? (
        <Stack gap={4}>
          <Textarea
            label={t('confirm.reason')}
            required={rules.isCommentRequired}
            rows={4}
            value={text}
            error={error}
            aria-describedby="booking-reason-counter"
            onChange={(event) => {
              setText(event.currentTarget.value);
            }}
            onBlur={() => {
              setTouched(true);
            }}
          />
          <Text
            size="sm"
            ta="right"
            id="booking-reason-counter"
            aria-label={t('confirm.counterLabel', { count: text.length, max })}
          >
            {t('confirm.counter', { count: text.length, max })}
          </Text>
        </Stack>
      ) : null}
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Group>
        <Button
          disabled={!rules || problem !== null}
          loading={submitting}
          onClick={() => {
            void schedule();
          }}
        >
          {t('confirm.scheduleNow')}
        </Button>
      </Group>
    </Stack>
  );
}
