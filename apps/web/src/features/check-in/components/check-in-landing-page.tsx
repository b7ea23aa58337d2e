import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { CheckInEntry } from '@app/contracts/check-in';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { checkInEntriesQuery, listAppointmentTasks, listCheckInEntries } from '../api/check-in-api.ts';
import { decideCheckInLink } from '../quick-link-routing.ts';
import { beginCheckIn, CHECK_IN_FINAL_URL, dashboardUrl } from '../task-flow.ts';
import { formatEntryStart } from './format.ts';

/**
 * /user/check-in-landing: the patient's check-in entries (spec 2 §4: one entry per department and
 * date); choosing one starts its check-in on the task dashboard.
 */
export function CheckInLandingPage() {
  const { t, i18n } = useTranslation('checkIn');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linkAppointmentId = params.get('appointmentId');
  const entries = useQuery({ ...checkInEntriesQuery(), enabled: !linkAppointmentId });
  const routed = useRef(false);

  // A check-in quick link lands here with its appointment (spec 2 §4 "Check-in quick link").
  useEffect(() => {
    if (!linkAppointmentId || routed.current) {
      return;
    }
    routed.current = true;
    const route = async () => {
      try {
        const [all, tasks] = await Promise.all([
          listCheckInEntries(),
          listAppointmentTasks(linkAppointmentId),
        ]);
        const decision = decideCheckInLink(linkAppointmentId, all, tasks);
        if (decision.kind === 'landing') {
          await navigate('/user/check-in-landing', { replace: true });
          return;
        }
        beginCheckIn(decision.appointmentIds, { selfCheckIn: false });
        await navigate(
          decision.kind === 'final' ? CHECK_IN_FINAL_URL : dashboardUrl(linkAppointmentId, false),
          { replace: true },
        );
      } catch {
        // spec 2 §4: on error go to the base url.
        await navigate('/', { replace: true });
      }
    };
    void route();
  }, [linkAppointmentId, navigate]);

  const start = (entry: CheckInEntry) => {
    const [first] = entry.appointmentIds;
    if (!first) {
      return;
    }
    beginCheckIn(entry.appointmentIds, { selfCheckIn: false });
    void navigate(dashboardUrl(first, false));
  };

  return (
    <Stack gap="md">
      <PageTitle>{t('landing.title')}</PageTitle>
      <Text>{t('landing.intro')}</Text>
      {entries.isPending ? <Loader role="status" aria-label={t('dashboard.loading')} /> : null}
      {entries.isError ? <Alert color="red">{t('landing.failed')}</Alert> : null}
      {entries.data?.length === 0 ? <Text>{t('landing.empty')}</Text> : null}
      {entries.data && entries.data.length > 0 ? (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {entries.data.map((entry) => (
            <li key={`${entry.departmentUuid}|${entry.date}`}>
              <Paper withBorder p="md">
                <Group justify="space-between" wrap="wrap">
                  <Stack gap={2}>
                    <Text fw={700}>
                      {t('landing.entry', {
                        department: entry.departmentName,
                        when: formatEntryStart(entry.startAt, entry.timezone, i18n.language),
                      })}
                    </Text>
                    <Text size="sm">{t('landing.visits', { count: entry.appointmentIds.length })}</Text>
                  </Stack>
                  {entry.isFinished ? (
                    <Text fw={700}>{t('landing.finished')}</Text>
                  ) : (
                    <Button
                      onClick={() => {
                        start(entry);
                      }}
                    >
                      {entry.flow === 'new' ? t('landing.start') : t('landing.continue')}
                    </Button>
                  )}
                </Group>
              </Paper>
            </li>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
