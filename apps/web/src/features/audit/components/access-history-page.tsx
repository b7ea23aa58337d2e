import { Alert, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { IconHistory } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AccessHistoryEntry } from '@app/contracts/audit';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { formatInstant } from '../../../lib/dates/format-time.ts';
import { accessHistoryQuery } from '../api/get-access-history.ts';
import { actionLabel, personName, resourceLabel } from './audit-labels.ts';
import { LoadMore, useFocusAfterLoad } from './load-more.tsx';

/**
 * /user/access-history (issue 19 item 2, decision 0063): who opened the patient's record — name and
 * role, which part, when (viewer's zone) — newest first, a page at a time with "Load more" (each page
 * names the next by a cursor, decision 0076). A list of cards, so a phone reads each entry top to bottom.
 */
export function AccessHistoryPage() {
  const { t } = useTranslation('audit');
  const { t: tRoot } = useTranslation();
  const history = useInfiniteQuery(accessHistoryQuery());
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];
  const listBox = useRef<HTMLDivElement>(null);
  const focusAfterLoad = useFocusAfterLoad(
    listBox,
    '[data-history-entry]',
    entries.length,
    history.hasNextPage,
  );

  let body;
  if (history.isError && !history.data) {
    body = (
      <Alert color="red" role="alert">
        {t('loadFailed')}
      </Alert>
    );
  } else if (!history.data) {
    body = <Text role="status">{t('loading')}</Text>;
  } else if (entries.length === 0) {
    body = (
      <EmptyState
        icon={<IconHistory size={28} aria-hidden="true" />}
        title={t('historyEmptyTitle')}
        text={t('historyEmpty')}
      />
    );
  } else {
    body = (
      <Stack gap="sm" ref={listBox}>
        <Text size="sm" aria-live="polite">
          {/* Not counted on the server (the history grows without bound): the entries shown so far. */}
          {t(history.hasNextPage ? 'historyShown' : 'historyCount', { count: entries.length })}
        </Text>
        <Stack component="ul" gap="sm" aria-label={t('historyListLabel')} className="audit-cards">
          {entries.map((entry) => (
            <AccessHistoryCard key={entry.id} entry={entry} />
          ))}
        </Stack>
        {history.isError ? (
          <Alert color="red" role="alert">
            {t('loadFailed')}
          </Alert>
        ) : null}
        {history.hasNextPage ? (
          <LoadMore
            loadNext={() => history.fetchNextPage()}
            loading={history.isFetchingNextPage}
            onLoadStart={() => {
              focusAfterLoad(entries.length);
            }}
          />
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={720}>
      <PageTitle>{tRoot('route.user.accessHistory')}</PageTitle>
      <Text>{t('historyIntro')}</Text>
      {body}
    </Stack>
  );
}

function AccessHistoryCard({ entry }: { entry: AccessHistoryEntry }) {
  const { t, i18n } = useTranslation('audit');
  const name = personName(t, entry.actor);
  return (
    <li data-testid="access-history-entry" data-history-entry tabIndex={-1}>
      <Paper withBorder p="md" radius="md">
        <Stack gap={4}>
          <Group gap="xs" justify="space-between" align="flex-start">
            <Text fw={700}>{name}</Text>
            <Badge variant="light">{t(`role_${entry.actor.role}`)}</Badge>
          </Group>
          <Text>
            {t('historyWhat', {
              action: actionLabel(t, entry.action),
              resource: resourceLabel(t, entry.resourceType),
            })}
          </Text>
          <Text size="sm" c="dimmed">
            <time dateTime={entry.occurredAt}>
              {formatInstant(entry.occurredAt, { language: i18n.language, style: 'weekdayDateTime' })}
            </time>
          </Text>
          {entry.throughPatientSession ? (
            <Text size="sm" c="dimmed">
              {entry.actor.role === 'family' ? t('throughFamily') : t('throughYourSession')}
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </li>
  );
}
