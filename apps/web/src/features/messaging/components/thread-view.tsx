import { Alert, Anchor, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MESSAGE_BODY_MAX } from '@app/contracts/messaging-constants';
import { Button } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { errorText } from '../../account-settings/error-text.ts';
import { threadQuery } from '../api/get-thread.ts';
import { markThreadRead } from '../api/mark-thread-read.ts';
import { scopeKey, type MessagingScope } from '../api/messaging-scope.ts';
import { replyToThread } from '../api/reply-to-thread.ts';
import { useMessagingRealtime } from '../use-messaging-realtime.ts';
import { formatInstant } from '../../../lib/dates/format-time.ts';

interface ThreadViewProps {
  scope: MessagingScope;
  threadId: string;
  backTo: string;
}

/** One conversation and its composer; opening it marks it read (the unread dot goes). */
export function ThreadView({ scope, threadId, backTo }: ThreadViewProps) {
  const { t, i18n } = useTranslation('messaging');
  const queryClient = useQueryClient();
  const thread = useQuery(threadQuery(scope, threadId));
  useMessagingRealtime(scope);
  const [body, setBody] = useState('');
  const dateTime = (value: string) => formatInstant(value, { language: i18n.language, style: 'dateTime' });

  const refreshAll = () => queryClient.invalidateQueries({ queryKey: scopeKey(scope) });
  const read = useMutation({
    mutationFn: () => markThreadRead(scope, threadId),
    onSuccess: refreshAll,
    meta: { errorBanner: false },
  });
  const unread = thread.data?.unreadCount ?? 0;
  const { mutate: markRead, isPending: marking } = read;
  useEffect(() => {
    if (unread > 0 && !marking) {
      markRead();
    }
  }, [unread, marking, markRead]);

  const send = useMutation({
    mutationFn: (text: string) => replyToThread(scope, threadId, text),
    onSuccess: (updated) => {
      queryClient.setQueryData(threadQuery(scope, threadId).queryKey, updated);
      setBody('');
      void refreshAll();
    },
    meta: { errorBanner: false },
  });

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (body.trim()) {
      send.mutate(body);
    }
  };

  if (thread.isPending) {
    return <Text role="status">{t('loading')}</Text>;
  }
  if (thread.isError) {
    return (
      <Stack gap="md">
        <PageTitle>{t('conversation')}</PageTitle>
        <Alert color="red" role="alert">
          {t('threadNotFound')}
        </Alert>
        <Anchor component={Link} to={backTo}>
          {t('backToMessages')}
        </Anchor>
      </Stack>
    );
  }
  const data = thread.data;
  return (
    <Stack gap="md" maw={760}>
      <Anchor component={Link} to={backTo}>
        {t('backToMessages')}
      </Anchor>
      <PageTitle>{data.subject}</PageTitle>
      <Text size="sm">
        {t('participants')}: {data.participants.map((participant) => participant.name).join(', ')}
      </Text>
      <Stack
        component="ol"
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('conversation')}
        data-testid="thread-messages"
      >
        {data.messages.map((message) => (
          <Paper
            component="li"
            key={message.id}
            withBorder
            p="sm"
            bg={message.mine ? 'gray.1' : 'white'}
            ml={message.mine ? 'xl' : 0}
            mr={message.mine ? 0 : 'xl'}
          >
            <Text size="sm" fw={600}>
              {t('sentAt', {
                sender: message.mine ? t('you') : message.senderName,
                date: dateTime(message.createdAt),
              })}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{message.body}</Text>
          </Paper>
        ))}
      </Stack>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Textarea
            label={t('replyLabel')}
            value={body}
            onChange={(event) => {
              setBody(event.currentTarget.value);
            }}
            autosize
            minRows={3}
            maxLength={MESSAGE_BODY_MAX}
            required
          />
          {send.isError ? (
            <Alert color="red" role="alert">
              {errorText(send.error)}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={send.isPending} disabled={!body.trim()}>
              {t('send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
