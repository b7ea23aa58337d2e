import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { RoomServerMessage, VideoRoomTicket } from '@app/contracts/video-call';
import { VIDEO_RETRY_AFTER_MS } from '@app/contracts/video-call';
import { joinVideoRoom } from './api/join-video-room.ts';
import { useVideoCall } from './use-video-call.ts';
import { FakeStream, FakeTrack, flush, installFakeWebRtc } from './testing/fake-webrtc.ts';

// The hook wired to fakes: the ticket API, the camera, the room socket and RTCPeerConnection.
vi.mock('./api/join-video-room.ts', () => ({
  joinVideoRoom: vi.fn(() =>
    Promise.resolve({
      roomToken: 'token',
      participantId: 'me',
      displayName: 'John Smith',
      role: 'patient',
      appointment: { id: 'a1', patientName: 'John Smith' },
      iceServers: [],
      media: { width: 640, height: 360, frameRate: 24, codec: 'VP8' },
      endedAt: null,
    } as unknown as VideoRoomTicket),
  ),
}));
vi.mock('./local-media.ts', () => ({
  openLocalMedia: vi.fn(() =>
    Promise.resolve({
      stream: new FakeStream([new FakeTrack('audio'), new FakeTrack('video')]),
      problem: 'none',
    }),
  ),
  listCameras: vi.fn(() => Promise.resolve([])),
  nextCamera: vi.fn(),
  openCamera: vi.fn(),
}));

class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: { type: string; [key: string]: unknown }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeSocket.instances.push(this);
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as { type: string });
  }
  close() {
    this.readyState = 3;
  }
  receive(message: RoomServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const participant = (id: string, role: 'provider' | 'patient', joinedAt: string) => ({
  participantId: id,
  displayName: id,
  role,
  joinedAt,
});

async function joinedRoom() {
  const created = installFakeWebRtc();
  vi.stubGlobal('WebSocket', FakeSocket);
  const hook = renderHook(() => useVideoCall({ appointmentId: 'a1', enabled: true, initialBlur: false }));
  await waitFor(() => {
    expect(FakeSocket.instances[0]?.sent[0]).toEqual({ type: 'room.join', token: 'token' });
  });
  const socket = FakeSocket.instances[0] as FakeSocket;
  act(() => {
    socket.receive({
      type: 'room.joined',
      participantId: 'me',
      participants: [
        participant('dr', 'provider', '2026-11-23T10:00:00Z'),
        participant('me', 'patient', '2026-11-23T10:01:00Z'),
      ],
      chat: [],
    });
  });
  return { hook, socket, created };
}

describe('useVideoCall (room socket + mesh wired together)', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is ready after room.joined and offers to those present on Join Call', async () => {
    const { hook, socket, created } = await joinedRoom();
    expect(hook.result.current.phase).toBe('ready');
    expect(hook.result.current.others.map((item) => item.participantId)).toEqual(['dr']);
    act(() => {
      hook.result.current.actions.joinCall();
    });
    await act(flush);
    expect(created).toHaveLength(1);
    expect(socket.sent.filter((message) => message.type === 'room.signal')).toEqual([
      {
        type: 'room.signal',
        to: 'dr',
        signal: { kind: 'description', type: 'offer', sdp: expect.any(String) as string },
      },
    ]);
    expect(window.__videoCall?.peers()).toHaveLength(1);
  });

  it('keeps an offer that came before Join Call and answers it on Join (no own offer)', async () => {
    const { hook, socket, created } = await joinedRoom();
    act(() => {
      socket.receive({
        type: 'room.signal',
        from: 'dr',
        signal: { kind: 'description', type: 'offer', sdp: 'dr-offer' },
      });
    });
    expect(created).toHaveLength(0);
    act(() => {
      hook.result.current.actions.joinCall();
    });
    await act(flush);
    const signals = socket.sent.filter((message) => message.type === 'room.signal');
    expect(signals).toEqual([
      {
        type: 'room.signal',
        to: 'dr',
        signal: { kind: 'description', type: 'answer', sdp: expect.any(String) as string },
      },
    ]);
  });

  it('marks chat unread while closed, clears it on open; the provider’s end ends the visit', async () => {
    const { hook, socket } = await joinedRoom();
    act(() => {
      socket.receive({
        type: 'room.chat',
        message: { id: 'm1', participantId: 'dr', senderName: 'dr', text: 'Hello', sentAt: '' },
      });
    });
    expect(hook.result.current.unread).toBe(true);
    act(() => {
      hook.result.current.actions.toggleChat();
    });
    expect(hook.result.current.unread).toBe(false);
    expect(hook.result.current.chatOpen).toBe(true);
    act(() => {
      socket.receive({ type: 'room.ended' });
    });
    expect(hook.result.current.phase).toBe('ended');
  });

  it('a fifth participant is told the room is full', async () => {
    const { hook, socket } = await joinedRoom();
    act(() => {
      socket.receive({ type: 'room.error', code: 'room_full', message: 'full' });
    });
    expect(hook.result.current.phase).toBe('full');
  });

  it('mid-call: a lost connection reconnects after 30 s, joins again and calls the others again', async () => {
    const { hook, socket, created } = await joinedRoom();
    act(() => {
      hook.result.current.actions.joinCall();
    });
    await act(flush);
    expect(created).toHaveLength(1);
    const ticketsBefore = vi.mocked(joinVideoRoom).mock.calls.length;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      act(() => {
        socket.drop();
      });
      expect(hook.result.current.status).toBe('reconnecting');
      expect(hook.result.current.phase).toBe('ready');
      expect(hook.result.current.inCall).toBe(true);
      await act(() => vi.advanceTimersByTimeAsync(VIDEO_RETRY_AFTER_MS));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => {
      expect(FakeSocket.instances[1]?.sent[0]).toEqual({ type: 'room.join', token: 'token' });
    });
    // The kept ticket re-joins: no second ticket request.
    expect(vi.mocked(joinVideoRoom).mock.calls.length).toBe(ticketsBefore);
    const again = FakeSocket.instances[1] as FakeSocket;
    act(() => {
      again.receive({
        type: 'room.joined',
        participantId: 'me',
        participants: [participant('dr', 'provider', '2026-11-23T10:00:00Z')],
        chat: [],
      });
    });
    await act(flush);
    expect(hook.result.current.status).toBe('connected');
    // Still in the call: the old connection to the doctor is replaced by a new offer.
    expect(created).toHaveLength(2);
    expect(again.sent.filter((message) => message.type === 'room.signal')).toHaveLength(1);
  });

  it('joined from another window (close 4409): the call ends here for good', async () => {
    const { hook, socket } = await joinedRoom();
    act(() => {
      socket.drop(4409);
    });
    expect(hook.result.current.phase).toBe('replaced');
    await act(flush);
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
