import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { ThreadDetail, ThreadMessage } from '@app/contracts/messaging';
import type { RealtimeEvent } from '@app/contracts/realtime';
import { forgetCachedSession, setSession } from '../../../lib/auth/session-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ThreadView } from './thread-view.tsx';

// Issue 20 item 4 (decision 0069): the thread is read by pages, newest first, and a send answers only
// the new message, which the view appends.

const realtime = vi.hoisted(() => ({ listener: null as ((event: RealtimeEvent) => void) | null }));
vi.mock('../../../lib/realtime/use-realtime-event.ts', () => ({
  useRealtimeEvent: (topic: string | null, onEvent: (event: RealtimeEvent) => void) => {
    realtime.listener = topic ? onEvent : null;
  },
}));

const THREAD = '11111111-1111-4111-8111-111111111111';
const JANE = '33333333-3333-4333-8333-333333333333';
const SMITH = '22222222-2222-4222-8222-222222222222';
const PAGE = 3;

const message = (index: number, mine = index % 2 === 0): ThreadMessage => ({
  id: `m-${String(index)}`,
  senderId: mine ? JANE : SMITH,
  senderName: mine ? 'Jane Cooper' : 'Alice Smith',
  body: `Message ${String(index)}`,
  createdAt: `2026-11-20T10:${String(index).padStart(2, '0')}:00.000Z`,
  mine,
});

/** A small server: pages of PAGE messages before a cursor ("c<index>"), newest page first. */
function stubServer(count: number, options: { unread?: number; failEarlier?: boolean } = {}) {
  const messages = Array.from({ length: count }, (_, index) => message(index + 1));
  let unread = options.unread ?? 0;
  const calls: { method: string; url: string }[] = [];
  const json = (body: unknown, status = 200) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      const path = new URL(url, 'http://localhost');
      if (method === 'POST' && path.pathname.endsWith('/read')) {
        unread = 0;
        return json({ count: 0 });
      }
      if (method === 'POST' && path.pathname.endsWith('/messages')) {
        const { body } = JSON.parse(init?.body as string) as { body: string };
        const sent = { ...message(messages.length + 1, true), body };
        messages.push(sent);
        return json(sent, 201);
      }
      if (path.pathname === `/api/messages/threads/${THREAD}`) {
        const before = path.searchParams.get('before');
        if (before && options.failEarlier) {
          return json({ message: 'Oops' }, 500);
        }
        const end = before ? Number(before.slice(1)) - 1 : messages.length;
        const start = Math.max(0, end - PAGE);
        const page: ThreadDetail = {
          id: THREAD,
          clinicId: 'c',
          clinicName: 'Sunrise Clinic',
          subject: 'Lab results',
          participants: [],
          lastMessage: null,
          lastMessageAt: '2026-11-20T10:00:00.000Z',
          unreadCount: unread,
          messages: messages.slice(start, end),
          earlierCursor: start > 0 ? `c${String(start + 1)}` : null,
        };
        return json(page);
      }
      return json({ message: 'Not found' }, 404);
    }),
  );
  return calls;
}

function renderThread() {
  return renderWithProviders(
    <MemoryRouter>
      <ThreadView scope={{ kind: 'patient' }} threadId={THREAD} backTo="/user/message" />
    </MemoryRouter>,
  );
}

const shownBodies = () =>
  within(screen.getByTestId('thread-messages'))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p:last-child')?.textContent);

// jsdom has no FontFaceSet; the reply box's autosize listens to it for font loads.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

describe('thread view by pages (decision 0069)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    forgetCachedSession();
    setSession({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: Date.now() + 600_000,
      user: {
        id: JANE,
        memberId: 'm1',
        memberType: 'patient',
        role: 'user',
        isResetPasswordRequired: false,
        isSecurityQuestionEmpty: false,
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    forgetCachedSession();
    realtime.listener = null;
  });

  it('shows the newest page and loads earlier pages above it with a button, announcing each', async () => {
    const calls = stubServer(7);
    renderThread();
    await screen.findByText('Message 7');
    expect(shownBodies()).toEqual(['Message 5', 'Message 6', 'Message 7']);

    await userEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    await screen.findByText('Message 2');
    expect(shownBodies()).toEqual([
      'Message 2',
      'Message 3',
      'Message 4',
      'Message 5',
      'Message 6',
      'Message 7',
    ]);
    expect(calls.map((call) => call.url)).toContain(`/api/messages/threads/${THREAD}?before=c5`);
    expect(screen.getByRole('status')).toHaveTextContent('3 earlier messages loaded.');
    // More remain: the button stays, and keeps the keyboard focus for the next page.
    const button = screen.getByRole('button', { name: 'Show earlier messages' });
    expect(button).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    await screen.findByText('Message 1');
    expect(shownBodies()[0]).toBe('Message 1');
    expect(screen.getByRole('status')).toHaveTextContent('1 earlier message loaded.');
    // The first page is there: no button, and focus goes to the newest earlier message, not the top.
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).not.toBeInTheDocument();
    expect(screen.getByText('Message 1').closest('li')).toHaveFocus();
  });

  it('shows no button when the whole thread fits on one page', async () => {
    stubServer(2);
    renderThread();
    await screen.findByText('Message 2');
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).not.toBeInTheDocument();
  });

  it('appends the sent message from the answer, and shows it once when its realtime hint refetches', async () => {
    const calls = stubServer(4);
    renderThread();
    await screen.findByText('Message 4');
    const threadReads = () => calls.filter((call) => call.method === 'GET').length;
    const readsBefore = threadReads();

    await userEvent.type(screen.getByRole('textbox', { name: /Your reply/ }), 'Thank you, doctor!');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Thank you, doctor!');
    expect(shownBodies()).toEqual(['Message 2', 'Message 3', 'Message 4', 'Thank you, doctor!']);
    expect(screen.getByRole('textbox', { name: /Your reply/ })).toHaveValue('');
    // The answer was enough: the thread was not read again for it.
    expect(threadReads()).toBe(readsBefore);

    // The sender's own hint (their other tabs) refetches the thread; the message stays single.
    realtime.listener?.({ type: 'message.created', payload: { threadId: THREAD } });
    await waitFor(() => {
      expect(threadReads()).toBeGreaterThan(readsBefore);
    });
    await waitFor(() => {
      expect(shownBodies()).toEqual(['Message 3', 'Message 4', 'Thank you, doctor!']);
    });
    expect(screen.getAllByText('Thank you, doctor!')).toHaveLength(1);
  });

  it('marks the thread read when it opens with unread messages', async () => {
    const calls = stubServer(5, { unread: 2 });
    renderThread();
    await screen.findByText('Message 5');
    await waitFor(() => {
      expect(calls).toContainEqual({ method: 'POST', url: `/api/messages/threads/${THREAD}/read` });
    });
  });

  it('keeps the shown messages when an earlier page fails, and says so', async () => {
    stubServer(5, { failEarlier: true });
    renderThread();
    await screen.findByText('Message 5');
    await userEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    expect(
      await screen.findByText('The earlier messages could not be loaded. Please try again.'),
    ).toBeVisible();
    expect(shownBodies()).toEqual(['Message 3', 'Message 4', 'Message 5']);
  });
});
