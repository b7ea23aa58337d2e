import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ActionIcon, Alert, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TimeSlot } from '@app/contracts/scheduling';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { useSchedulingOptions } from '../api/get-scheduling-options.ts';
import { useConsultationType } from '../api/get-consultation-type.ts';
import { useConsultationTypeSettings } from '../api/get-consultation-type-settings.ts';
import { freezeTimeSlot } from '../api/freeze-time-slot.ts';
import { listTimeSlots } from '../api/list-time-slots.ts';
import {
  addDays,
  dayColumns,
  loadForward,
  previousStart,
  showNext,
  showPrevious,
  slotBounds,
  todayIn,
  type SlotBounds,
  type WindowResult,
} from '../slot-windows.ts';
import { useDaysPerWindow } from '../use-days-per-window.ts';
import { Busy } from './busy.tsx';
import type { BookingContext } from './booking-context.ts';
import { InfoDialog } from './info-dialog.tsx';
import { ProviderHeader } from './provider-header.tsx';
import { SlotGrid } from './slot-grid.tsx';
import { StepHeading } from './step-heading.tsx';

type WindowState =
  | { kind: 'loading'; start: string | null }
  | { kind: 'ready'; start: string; slots: TimeSlot[] }
  | { kind: 'empty' }
  | { kind: 'error' };

/** The first errors[].detail of a failed call (spec 2 §4 freeze failure), or the message. */
export function firstErrorDetail(error: unknown): string | null {
  if (isApiRequestError(error) && typeof error.body === 'object' && error.body !== null) {
    const body = error.body as { errors?: { detail?: unknown }[]; message?: unknown };
    const detail = body.errors?.[0]?.detail;
    if (typeof detail === 'string') {
      return detail;
    }
    if (typeof body.message === 'string') {
      return body.message;
    }
  }
  return null;
}

/** spec 2 §2 time slot picker with the loading rules of §4. */
export function TimeSlotStep({ context }: { context: BookingContext }) {
  const { t } = useTranslation('booking');
  const { flow, clinicUuid, careManager, userId } = context;
  const providerId = flow.get('providerId');
  const departmentUuid = flow.get('departmentId');
  const consultationTypeId = flow.get('consultationTypeId');
  const cancelAppointmentId = flow.get('cancelAppointmentId');
  const options = useSchedulingOptions(clinicUuid);
  const type = useConsultationType(consultationTypeId);
  // spec 2 §3: the booking bounds are ignored in the care-manager app, so it does not ask for them.
  const settings = useConsultationTypeSettings(
    !careManager && providerId && consultationTypeId
      ? { providerId, consultationTypeId, departmentUuid: departmentUuid ?? undefined }
      : null,
  );
  const department = options.data?.departments.find((item) => item.uuid === departmentUuid);
  const zone = department?.timezone ?? options.data?.timezone ?? null;
  const days = useDaysPerWindow();
  const settingsReady = careManager || settings.isSuccess || settings.isError;
  const bounds = useMemo<SlotBounds | null>(
    () => (zone && settingsReady ? slotBounds(todayIn(zone), settings.data ?? null, careManager) : null),
    [zone, settingsReady, settings.data, careManager],
  );

  // The window asked for: null until a person moves; then the first load applies.
  const [request, setRequest] = useState<{ start: string; mode: 'forward' | 'exact' } | null>(null);
  const [unavailable, setUnavailable] = useState<ReadonlySet<number>>(new Set());
  const [freezing, setFreezing] = useState(false);
  const [freezeError, setFreezeError] = useState<string | null>(null);

  // spec 2 §4: the first load walks forward from the calendar minimum until it finds slots.
  const wanted = request ?? (bounds ? { start: bounds.minDate, mode: 'forward' as const } : null);
  const windowQuery = useQuery({
    queryKey: [
      'booking-slot-window',
      clinicUuid,
      providerId,
      consultationTypeId,
      departmentUuid,
      days,
      bounds,
      wanted,
    ],
    enabled: wanted !== null && bounds !== null && zone !== null,
    // A freeze changes what others see; the grid asks again rather than reuse an old window.
    gcTime: 0,
    retry: false,
    // The shown window stays (and the arrow keeps focus) while the next one loads.
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<WindowResult> => {
      if (!wanted || !bounds || !zone) {
        return { kind: 'empty' };
      }
      const fetchWindow = (startAt: string, finishAt: string) =>
        listTimeSlots(
          {
            clinicUuid,
            providerId: providerId ?? '',
            consultationTypeId: consultationTypeId ?? '',
            departmentUuid: departmentUuid ?? '',
            startAt,
            finishAt,
          },
          signal,
        );
      if (wanted.mode === 'forward') {
        return loadForward(wanted.start, days, bounds, zone, fetchWindow);
      }
      const end = addDays(wanted.start, days - 1);
      const slots = await fetchWindow(
        wanted.start,
        bounds.maxDate !== null && end > bounds.maxDate ? bounds.maxDate : end,
      );
      return { kind: 'slots', start: wanted.start, slots };
    },
  });
  const state: WindowState = windowQuery.isError
    ? { kind: 'error' }
    : windowQuery.data === undefined
      ? { kind: 'loading', start: wanted?.start ?? null }
      : windowQuery.data.kind === 'empty'
        ? { kind: 'empty' }
        : { kind: 'ready', start: windowQuery.data.start, slots: windowQuery.data.slots };
  const reload = (start: string, mode: 'forward' | 'exact') => {
    setRequest({ start, mode });
  };

  async function select(slot: TimeSlot) {
    if (!providerId || !departmentUuid || !consultationTypeId || unavailable.has(slot.startTimestamp)) {
      return;
    }
    setFreezing(true);
    try {
      await freezeTimeSlot({
        clinicUuid,
        doctorId: providerId,
        consultationId: consultationTypeId,
        departmentUuid,
        startAtTimestamp: slot.startTimestamp,
        userId,
      });
      // spec 2 §4: confirmation carries clinic, provider, department, type, user, externalId, times,
      // patientId, and cancelAppointmentId when rescheduling (already in the query).
      flow.goTo(cancelAppointmentId ? 'confirm-reschedule' : 'confirm', {
        externalId: slot.externalId,
        startAt: slot.startAt,
        finishAt: slot.finishAt,
        userId: userId ?? null,
        patientId: flow.patientId,
      });
    } catch (error) {
      // spec 2 §4/§8: the slot is marked unavailable here and the first server detail is shown.
      setUnavailable((current) => new Set([...current, slot.startTimestamp]));
      setFreezeError(firstErrorDetail(error) ?? t('loadError'));
    } finally {
      setFreezing(false);
    }
  }

  if (!providerId || !departmentUuid || !consultationTypeId) {
    return <Alert color="red">{t('confirm.missing')}</Alert>;
  }
  const start = state.kind === 'ready' ? state.start : state.kind === 'loading' ? state.start : null;
  const windowDays =
    state.kind === 'ready' && bounds?.maxDate
      ? Math.max(1, Math.min(days, dayjsDiff(state.start, bounds.maxDate) + 1))
      : days;
  const columns =
    state.kind === 'ready' && zone ? dayColumns(state.start, windowDays, state.slots, zone) : [];
  const message = type.data?.consultationTypeMessage;

  return (
    <Stack gap="lg">
      <StepHeading>{t('slots.title')}</StepHeading>
      <ProviderHeader
        clinicUuid={clinicUuid}
        providerId={providerId}
        details={[
          ...(type.data ? [{ label: t('slots.consultationType'), value: type.data.title }] : []),
          ...(department ? [{ label: t('slots.department'), value: department.name }] : []),
        ]}
      />
      {/* spec 2 §2: the consultation-type message is hidden in the care-manager app. */}
      {message && !careManager ? (
        <Paper bg="gray.1" p="md" role="note">
          <Text>{message}</Text>
        </Paper>
      ) : null}
      {state.kind === 'error' ? (
        <Alert color="red" role="alert">
          {cancelAppointmentId ? t('slots.loadErrorReschedule') : t('slots.loadError')}
        </Alert>
      ) : null}
      {state.kind === 'empty' ? (
        <Alert color="gray" role="status">
          <Text fw={700}>{t('slots.emptySorry')}</Text>
          <Text>{t('slots.emptyNoAvailability')}</Text>
          <Text>{t('slots.emptyContact')}</Text>
        </Alert>
      ) : null}
      {bounds && (state.kind === 'ready' || state.kind === 'loading') ? (
        <Group align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label={t('slots.date')}
            value={start ?? ''}
            min={bounds.minDate}
            max={bounds.maxDate ?? undefined}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (value && value >= bounds.minDate && (bounds.maxDate === null || value <= bounds.maxDate)) {
                // spec 2 §4: choosing a date in the calendar reloads that window.
                reload(value, 'exact');
              }
            }}
          />
          {state.kind === 'ready' && showPrevious(state.start, bounds) ? (
            <ActionIcon
              size="lg"
              variant="outline"
              aria-label={t('slots.previous')}
              onClick={() => {
                reload(previousStart(state.start, days, bounds), 'exact');
              }}
            >
              <span aria-hidden>‹</span>
            </ActionIcon>
          ) : null}
          {state.kind === 'ready' && showNext(state.start, days, bounds) ? (
            <ActionIcon
              size="lg"
              variant="outline"
              aria-label={t('slots.next')}
              onClick={() => {
                reload(addDays(state.start, days), 'forward');
              }}
            >
              <span aria-hidden>›</span>
            </ActionIcon>
          ) : null}
        </Group>
      ) : null}
      {state.kind === 'loading' || !bounds || windowQuery.isFetching ? <Busy /> : null}
      {state.kind === 'ready' && zone ? (
        <SlotGrid
          columns={columns}
          zone={zone}
          unavailable={unavailable}
          busy={freezing || windowQuery.isFetching}
          onSelect={(slot) => void select(slot)}
        />
      ) : null}
      <InfoDialog
        opened={freezeError !== null}
        title={t('slots.freezeFailed')}
        message={freezeError ?? ''}
        onClose={() => {
          setFreezeError(null);
        }}
      />
    </Stack>
  );
}

function dayjsDiff(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
