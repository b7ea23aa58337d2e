import { Alert, Anchor, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MESSAGE_BODY_MAX } from '@app/contracts/messaging-constants';
import { Button } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { errorText } from '../../account-settings/error-text.ts';
import { threadMessages, threadQuery, withSentMessage } from '../api/get-thread.ts';
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

/** Where the reader was when they asked for earlier messages: the first message shown, and its place. */
interface ReadingPosition {
  messageId: string;
  top: number;
  pageCount: number;
}

/**
 * One conversation and its composer; opening it marks it read (the unread dot goes). It shows the
 * newest page and loads earlier pages on request, keeping the reader's place (decision 0069).
 */
export function ThreadView({ scope, threadId, backTo }: ThreadViewProps) {
  const { t, i18n } = useTranslation('messaging');
  const queryClient = useQueryClient();
  const thread = useInfiniteQuery(threadQuery(scope, threadId));
  useMessagingRealtime(scope);
  const [body, setBody] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const readingPosition = useRef<ReadingPosition | null>(null);
  const dateTime = (value: string) => formatInstant(value, { language: i18n.language, style: 'dateTime' });

  const refreshAll = () => queryClient.invalidateQueries({ queryKey: scopeKey(scope) });
  // After a send the thread already holds the new message: only the list and the counts move.
  const refreshOthers = () =>
    queryClient.invalidateQueries({
      queryKey: scopeKey(scope),
      predicate: (query) => query.queryKey[2] !== 'thread',
    });
  const read = useMutation({
    mutationFn: () => markThreadRead(scope, threadId),
    onSuccess: refreshAll,
    meta: { errorBanner: false },
  });
  const unread = thread.data?.pages[0]?.unreadCount ?? 0;
  const { mutate: markRead, isPending: marking } = read;
  useEffect(() => {
    if (unread > 0 && !marking) {
      markRead();
    }
  }, [unread, marking, markRead]);

  const send = useMutation({
    mutationFn: (text: string) => replyToThread(scope, threadId, text),
    onSuccess: (sent) => {
      // The answer is the new message alone; the sender's own realtime hint refetches the thread
      // later, and that replaces the pages rather than adding to them, so it never shows twice.
      queryClient.setQueryData(threadQuery(scope, threadId).queryKey, (data) => withSentMessage(data, sent));
      setBody('');
      void refreshOthers();
    },
    meta: { errorBanner: false },
  });

  const { fetchNextPage } = thread;
  const loadEarlier = () => {
    const first = listRef.current?.firstElementChild;
    readingPosition.current =
      first instanceof HTMLElement && first.dataset.messageId
        ? {
            messageId: first.dataset.messageId,
            top: first.getBoundingClientRect().top,
            pageCount: thread.data?.pages.length ?? 0,
          }
        : null;
    setAnnouncement('');
    void fetchNextPage();
  };

  // The earlier page goes above what the reader sees: scroll by as much as it added, so the message
  // they were at stays where it was, and say how many arrived (a live region for screen readers).
  const pages = thread.data?.pages;
  const hasEarlier = thread.hasNextPage;
  useLayoutEffect(() => {
    const position = readingPosition.current;
    const list = listRef.current;
    if (!position || !list || !pages || pages.length <= position.pageCount) {
      return;
    }
    readingPosition.current = null;
    const anchor = Array.from(list.children).find(
      (element): element is HTMLElement =>
        element instanceof HTMLElement && element.dataset.messageId === position.messageId,
    );
    const scroller = document.scrollingElement;
    if (anchor && scroller) {
      scroller.scrollTop += anchor.getBoundingClientRect().top - position.top;
    }
    setAnnouncement(t('earlierLoaded', { count: pages.at(-1)?.messages.length ?? 0 }));
    // The button is gone with the first page: keyboard focus goes to the newest earlier message,
    // just above the reader's place, instead of falling back to the page's start.
    const previous = anchor?.previousElementSibling;
    if (!hasEarlier && previous instanceof HTMLElement) {
      previous.focus({ preventScroll: true });
    }
  }, [pages, hasEarlier, t]);

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (body.trim()) {
      send.mutate(body);
    }
  };

  if (thread.isPending) {
    return <Text role="status">{t('loading')}</Text>;
  }
  // A failed refetch or earlier page keeps what was shown; only a thread never loaded is "not found".
  if (!thread.data) {
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
  const [data] = thread.data.pages;
  if (!data) {
    return null;
  }
  const messages = threadMessages(thread.data);
  return (
    <Stack gap="md" maw={760}>
      <Anchor component={Link} to={backTo}>
        {t('backToMessages')}
      </Anchor>
      <PageTitle>{data.subject}</PageTitle>
      <Text size="sm">
        {t('participants')}: {data.participants.map((participant) => participant.name).join(', ')}
      </Text>
      {thread.hasNextPage ? (
        <Group>
          <Button
            variant="outline"
            onClick={loadEarlier}
            loading={thread.isFetchingNextPage}
            aria-controls="thread-messages"
          >
            {t('showEarlier')}
          </Button>
        </Group>
      ) : null}
      {thread.isFetchNextPageError ? (
        <Alert color="red" role="alert">
          {t('earlierLoadError')}
        </Alert>
      ) : null}
      <div role="status" className="app-visually-hidden">
        {announcement}
      </div>
      <ol
        ref={listRef}
        id="thread-messages"
        // The view keeps the reader's place itself when earlier messages arrive (above).
        style={{
          listStyle: 'none',
          overflowAnchor: 'none',
          display: 'flex',
          flexDirection: 'column',
          gap: 'var(--mantine-spacing-sm)',
          padding: 0,
          margin: 0,
        }}
        aria-label={t('conversation')}
        data-testid="thread-messages"
      >
        {messages.map((message) => (
          <Paper
            component="li"
            key={message.id}
            data-message-id={message.id}
            tabIndex={-1}
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
      </ol>
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
