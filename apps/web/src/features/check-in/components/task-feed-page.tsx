import { Alert, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { taskFeedQuery } from '../api/task-feed.ts';
import { beginCheckIn, dashboardUrl } from '../task-flow.ts';
import { formatEntryStart } from './format.ts';

/** /user/task-feed: every open task of the upcoming, unfinished check-ins, each linking to its dashboard. */
export function TaskFeedPage() {
  const { t, i18n } = useTranslation('checkIn');
  const feed = useQuery(taskFeedQuery());

  return (
    <Stack gap="md">
      <PageTitle>{t('feed.title')}</PageTitle>
      <Text>{t('feed.intro')}</Text>
      {feed.isPending ? <Loader role="status" aria-label={t('dashboard.loading')} /> : null}
      {feed.isError ? <Alert color="red">{t('feed.failed')}</Alert> : null}
      {feed.data?.length === 0 ? <Text>{t('feed.empty')}</Text> : null}
      {feed.data?.map(({ entry, tasks }) => {
        const id = `feed-${entry.departmentUuid}-${entry.date}`;
        const [first] = entry.appointmentIds;
        return (
          <section key={id} aria-labelledby={id}>
            <Title order={2} size="h3" id={id} mb="sm">
              {t('feed.visit', {
                department: entry.departmentName,
                when: formatEntryStart(entry.startAt, entry.timezone, i18n.language),
              })}
            </Title>
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {tasks.map((task) => (
                <li key={task.taskId}>
                  <Paper withBorder p="sm">
                    <Link
                      to={dashboardUrl(first ?? '', false)}
                      onClick={() => {
                        beginCheckIn(entry.appointmentIds, { selfCheckIn: false });
                      }}
                    >
                      {task.title}
                    </Link>
                    <Text size="sm">{t(`status.${task.status}`)}</Text>
                  </Paper>
                </li>
              ))}
            </Stack>
          </section>
        );
      })}
    </Stack>
  );
}
