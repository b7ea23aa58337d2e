import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ThreadSummary } from '@app/contracts/messaging';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ListSkeleton } from '../../../components/ui/list-skeleton.tsx';
import { threadsQuery } from '../api/list-threads.ts';
import type { MessagingScope } from '../api/messaging-scope.ts';
import { useMessagingRealtime } from '../use-messaging-realtime.ts';
import { UnreadDot } from './unread-dot.tsx';
import { formatInstant } from '../../../lib/dates/format-time.ts';

interface ThreadListProps {
  scope: MessagingScope;
  /** A provider's list of one patient's threads (the patient view's message tab). */
  patientId?: string;
  linkTo: (threadId: string) => string;
  /** The signed-in user, left out of "With ..." */
  selfId: string | null;
  /** What an empty list says beyond "No messages yet", and the next action if there is one. */
  empty?: { text: string; action?: ReactNode };
}

function otherNames(thread: ThreadSummary, selfId: string | null): string {
  return thread.participants
    .filter((participant) => participant.userId !== selfId)
    .map((participant) => participant.name)
    .join(', ');
}

/** Threads newest first, with the unread dot (spec 3 §2 "Secure Messaging"). */
export function ThreadList({ scope, patientId, linkTo, selfId, empty }: ThreadListProps) {
  const { t, i18n } = useTranslation('messaging');
  const threads = useQuery(threadsQuery(scope, patientId));
  useMessagingRealtime(scope);
  const dateTime = (value: string) => formatInstant(value, { language: i18n.language, style: 'dateTime' });

  if (threads.isPending) {
    return <ListSkeleton label={t('loading')} rows={3} rowHeight={96} />;
  }
  if (threads.isError) {
    return <Text role="alert">{t('loadError')}</Text>;
  }
  if (threads.data.threads.length === 0) {
    return (
      <EmptyState
        icon={<IconMessages size={24} />}
        title={t('noThreads')}
        text={empty?.text}
        action={empty?.action}
        order={2}
      />
    );
  }
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="thread-list">
      {threads.data.threads.map((thread) => (
        <Paper component="li" key={thread.id} withBorder p="md" data-testid="thread-row">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={linkTo(thread.id)} fw={thread.unreadCount > 0 ? 700 : 500}>
                {thread.subject}
              </Anchor>
              <Text size="sm">{t('threadWith', { names: otherNames(thread, selfId) })}</Text>
              {thread.lastMessage ? (
                <Text size="sm" lineClamp={2}>
                  {t('lastMessage', { sender: thread.lastMessage.senderName, body: thread.lastMessage.body })}
                </Text>
              ) : null}
            </Stack>
            <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
              <Text size="sm">
                <time dateTime={thread.lastMessageAt}>{dateTime(thread.lastMessageAt)}</time>
              </Text>
              {thread.unreadCount > 0 ? <UnreadDot count={thread.unreadCount} /> : null}
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
