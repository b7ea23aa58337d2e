import { useEffect, useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TIME_NOTE_MAX } from '@app/contracts/patient-chart';
import { errorText } from '../../account-settings/error-text.ts';
import { useProviderWorkspace } from '../../../lib/provider/provider-workspace.ts';
import { timeEntriesQuery } from '../api/list-time-entries.ts';
import { startTimeEntry } from '../api/start-time-entry.ts';
import { stopTimeEntry } from '../api/stop-time-entry.ts';
import { formatInstant } from '../../../lib/dates/format-time.ts';

/** h:mm:ss */
export function formatDuration(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/**
 * spec 3 §2 patient view, time-recorder tab (decision 0025): a start/stop timer of the time this
 * provider spends on the patient, with an optional note, and the recorded entries with their total.
 */
export function TimeRecorderPage() {
  const { t, i18n } = useTranslation('patients');
  const { patientId = '' } = useParams();
  const workspace = useProviderWorkspace();
  const clinicId = workspace.data?.clinicId ?? '';
  const queryClient = useQueryClient();
  const entries = useQuery({ ...timeEntriesQuery(clinicId, patientId), enabled: Boolean(clinicId) });
  const [note, setNote] = useState('');
  const [now, setNow] = useState(() => Date.now());
  const running = entries.data?.running ?? null;

  useEffect(() => {
    if (!running) {
      return undefined;
    }
    const timer = window.setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      window.clearInterval(timer);
    };
  }, [running]);

  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: timeEntriesQuery(clinicId, patientId).queryKey });
  const start = useMutation({
    mutationFn: () => startTimeEntry(clinicId, patientId),
    meta: { errorBanner: false },
    onSettled: refresh,
  });
  const stop = useMutation({
    mutationFn: (entryId: string) => stopTimeEntry(clinicId, patientId, entryId, note),
    meta: { errorBanner: false },
    onSuccess: () => {
      setNote('');
    },
    onSettled: refresh,
  });
  const time = (value: string) => formatInstant(value, { language: i18n.language, style: 'time' });
  const dateTime = (value: string) => formatInstant(value, { language: i18n.language, style: 'dateTime' });
  const runningSeconds = running
    ? Math.max(0, Math.floor((now - new Date(running.startedAt).getTime()) / 1000))
    : 0;
  const failure = start.error ?? stop.error;

  return (
    <Stack gap="md" maw={560}>
      <Title order={2}>{t('timeTitle')}</Title>
      <Text>{t('timeIntro')}</Text>
      {failure ? (
        <Alert color="red" role="alert">
          {errorText(failure)}
        </Alert>
      ) : null}
      {entries.isPending ? <Text role="status">{t('loading')}</Text> : null}
      {entries.data ? (
        <>
          {running ? (
            <Stack gap="xs">
              <Text role="timer" aria-live="off" fw={700}>
                {t('timeRunning', { time: time(running.startedAt) })} · {formatDuration(runningSeconds)}
              </Text>
              <TextInput
                label={t('timeNote')}
                value={note}
                maxLength={TIME_NOTE_MAX}
                onChange={(event) => {
                  setNote(event.currentTarget.value);
                }}
              />
              <Group>
                <Button
                  color="red.9"
                  disabled={stop.isPending}
                  onClick={() => {
                    stop.mutate(running.id);
                  }}
                >
                  {t('timeStop')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group>
              <Button
                disabled={start.isPending}
                onClick={() => {
                  start.mutate();
                }}
              >
                {t('timeStart')}
              </Button>
            </Group>
          )}
          <section aria-labelledby="time-entries">
            <Title order={3} id="time-entries">
              {t('timeEntries')}
            </Title>
            <Text>{t('timeTotal', { duration: formatDuration(entries.data.totalSeconds) })}</Text>
            {entries.data.items.filter((entry) => entry.stoppedAt).length === 0 ? (
              <Text>{t('timeNone')}</Text>
            ) : (
              <Stack component="ul" gap={4} m={0}>
                {entries.data.items
                  .filter((entry) => entry.stoppedAt)
                  .map((entry) => (
                    <li key={entry.id}>
                      <Text size="sm">
                        {t('timeEntry', {
                          date: dateTime(entry.startedAt),
                          duration: formatDuration(entry.seconds),
                        })}
                        {entry.note ? ` · ${entry.note}` : ''}
                      </Text>
                    </li>
                  ))}
              </Stack>
            )}
          </section>
        </>
      ) : null}
    </Stack>
  );
}
