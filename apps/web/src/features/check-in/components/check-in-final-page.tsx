import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { CHECK_IN_PATH, finishCheckIn, listTasksOfAppointments } from '../api/check-in-api.ts';
import { recordCheckInStatistic } from '../api/record-check-in-statistic.ts';
import {
  allNonVideoTasksDone,
  clearCheckInFlow,
  dashboardUrl,
  PATIENT_SEARCH_URL,
  readCheckInFlow,
  SELF_CHECK_IN_FINAL_URL,
} from '../task-flow.ts';
import { appointmentQuery } from '../../appointments/api/get-appointment.ts';
import { finalTextKind } from '../final-text.ts';

type Phase = 'finishing' | 'finished' | 'remaining' | 'failed';

/**
 * /user/check-in-final and, in self check-in mode, /provider/patient/task/check-in: when every
 * non-video task is done the check-in of all the entry's appointments is finished (spec 2 §4), then
 * the end page shows.
 */
export function CheckInFinalPage() {
  const { t, i18n } = useTranslation('checkIn');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const selfCheckIn = pathname === SELF_CHECK_IN_FINAL_URL;
  const [phase, setPhase] = useState<Phase>('finishing');
  const [appointmentIds] = useState(() => {
    const stored = readCheckInFlow().checkInAppointment;
    const fromQuery = params.get('appointmentId');
    return stored.length > 0 ? stored : fromQuery ? [fromQuery] : [];
  });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) {
      return;
    }
    started.current = true;
    const finish = async () => {
      if (appointmentIds.length === 0) {
        setPhase('failed');
        return;
      }
      try {
        const tasks = await listTasksOfAppointments(appointmentIds);
        if (!allNonVideoTasksDone(tasks)) {
          setPhase('remaining');
          return;
        }
        const answer = await finishCheckIn(appointmentIds);
        if (!answer.finished) {
          setPhase('remaining');
          return;
        }
        await Promise.all(appointmentIds.map((id) => recordCheckInStatistic(id, 'finished')));
        await queryClient.invalidateQueries({ queryKey: [CHECK_IN_PATH] });
        await queryClient.invalidateQueries({ queryKey: ['/api/appointments'] });
        setPhase('finished');
      } catch {
        setPhase('failed');
      }
    };
    void finish();
  }, [appointmentIds, queryClient]);

  const [first] = appointmentIds;
  // Issue 18: the end page's words depend on where the patient is (kiosk, today, days ahead, video).
  const visit = useQuery({
    ...appointmentQuery(first ?? ''),
    enabled: first !== undefined && !selfCheckIn,
    meta: { errorBanner: false },
  });
  if (phase === 'finishing') {
    return (
      <Stack gap="md">
        <PageTitle>{t('final.title')}</PageTitle>
        <Loader role="status" aria-label={t('final.finishing')} />
      </Stack>
    );
  }
  if (phase !== 'finished') {
    return (
      <Stack gap="md">
        <PageTitle>{t('final.title')}</PageTitle>
        <Alert color={phase === 'failed' ? 'red' : 'yellow'} role="alert">
          {phase === 'failed' ? t('final.failed') : t('final.remaining')}
        </Alert>
        {first ? (
          <ButtonLink to={dashboardUrl(first, selfCheckIn)}>{t('final.backToTasks')}</ButtonLink>
        ) : null}
      </Stack>
    );
  }
  function finalText(): string {
    // The browser's clock is the suite's in tests (Playwright), the real one otherwise.
    const kind = finalTextKind({ selfCheckIn, appointment: visit.data ?? null, now: new Date() });
    if (kind === 'ahead' && visit.data) {
      const date = new Intl.DateTimeFormat(i18n.language, {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        timeZone: visit.data.timezone,
      }).format(new Date(visit.data.startAt));
      return t('final.textAhead', { date });
    }
    return t(kind === 'kiosk' ? 'final.text' : kind === 'video' ? 'final.textVideo' : 'final.textToday');
  }
  return (
    <Stack gap="md">
      <PageTitle>{t('final.title')}</PageTitle>
      <Text>{finalText()}</Text>
      {selfCheckIn ? (
        <Button
          onClick={() => {
            // The kiosk is ready for the next patient; it stays in self check-in mode.
            clearCheckInFlow({ keepMode: true });
            void navigate(PATIENT_SEARCH_URL);
          }}
        >
          {t('final.kioskDone')}
        </Button>
      ) : (
        <ButtonLink to="/user/appointment">{t('final.home')}</ButtonLink>
      )}
    </Stack>
  );
}
