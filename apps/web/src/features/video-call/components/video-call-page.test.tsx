import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VideoRoomParticipant, VideoRoomTicket } from '@app/contracts/video-call';
import { renderRoutes } from '../../../test/render.tsx';
import { clearSession } from '../../../lib/auth/session-store.ts';
import type { VideoCallState } from '../use-video-call.ts';
import { FakeStream, FakeTrack } from '../testing/fake-webrtc.ts';
import { PatientVideoCallPage, ProviderVideoCallPage } from './video-call-page.tsx';

// The screen only renders what useVideoCall answers: each test gives it one state.
const hook = vi.hoisted((): { state: unknown; options: unknown } => ({ state: null, options: null }));
vi.mock('../use-video-call.ts', () => ({
  useVideoCall: (options: unknown) => {
    hook.options = options;
    return hook.state;
  },
}));

const TICKET = {
  roomToken: 't',
  participantId: 'me',
  displayName: 'Dr. Jane Doe',
  role: 'provider',
  appointment: { id: 'a1', patientName: 'John Smith' },
  media: { width: 640, height: 360, frameRate: 24, codec: 'VP8' },
  iceServers: [],
  endedAt: null,
} as unknown as VideoRoomTicket;

const PATIENT: VideoRoomParticipant = {
  participantId: 'p1',
  displayName: 'John Smith',
  role: 'patient',
  joinedAt: '2026-11-23T10:00:00Z',
};
const PROVIDER: VideoRoomParticipant = {
  ...PATIENT,
  participantId: 'd1',
  displayName: 'Dr. Jane Doe',
  role: 'provider',
};

function actions() {
  return {
    joinCall: vi.fn(),
    toggleCamera: vi.fn(),
    toggleMic: vi.fn(),
    swapCamera: vi.fn(),
    toggleShare: vi.fn(),
    setBlurOn: vi.fn(),
    sendChat: vi.fn(() => true),
    toggleChat: vi.fn(),
    closeChat: vi.fn(),
    endVisit: vi.fn(),
    leave: vi.fn(),
    retry: vi.fn(),
    retryNow: vi.fn(),
  };
}

function state(overrides: Partial<VideoCallState> = {}): VideoCallState {
  return {
    phase: 'ready',
    status: 'connected',
    ticket: TICKET,
    selfId: 'me',
    others: [],
    remoteStreams: {},
    remoteMedia: {},
    chat: [],
    chatOpen: false,
    unread: false,
    inCall: false,
    permission: 'none',
    localStream: null,
    previewTrack: null,
    cameraOn: true,
    micOn: true,
    sharing: false,
    screenError: false,
    blurOn: false,
    blurError: false,
    cameraCount: 1,
    announcement: null,
    actions: actions(),
    ...overrides,
  };
}

function renderPage(
  side: 'provider' | 'patient',
  url = `/${side === 'provider' ? 'provider' : 'user'}/video-call/a1`,
) {
  return renderRoutes(
    [
      { path: '/provider/video-call/:appointmentId', Component: ProviderVideoCallPage },
      { path: '/user/video-call/:appointmentId', Component: PatientVideoCallPage },
    ],
    url,
  );
}

describe('video-call page (spec 3 §2, issue 7)', () => {
  beforeEach(() => {
    clearSession();
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the loader while connecting, and when a failed connect will be retried', async () => {
    hook.state = state({ phase: 'loading' });
    const view = renderPage('patient');
    expect(await screen.findByRole('status')).toHaveTextContent('Connecting to the visit…');
    view.unmount();
    hook.state = state({ phase: 'loading', status: 'failed' });
    renderPage('patient');
    expect(
      await screen.findByText('The connection failed. We will try again in 30 seconds.'),
    ).toBeInTheDocument();
  });

  it('a failed first connect offers "Try again now" (decision 0047)', async () => {
    const current = state({ phase: 'loading', status: 'failed' });
    hook.state = current;
    renderPage('patient');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again now' }));
    expect(current.actions.retryNow).toHaveBeenCalledTimes(1);
  });

  it('a connection lost mid-call shows "Reconnecting…" over the call, with "Try again now"', async () => {
    const current = state({
      status: 'reconnecting',
      inCall: true,
      others: [PATIENT],
      localStream: new FakeStream([new FakeTrack('video')]) as unknown as MediaStream,
    });
    hook.state = current;
    renderPage('provider');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Reconnecting…');
    expect(alert).toHaveTextContent('The connection to the visit was lost. We will try again in 30 seconds.');
    // The call stays on screen behind the notice.
    expect(screen.getByRole('group', { name: 'Participants' })).toBeInTheDocument();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again now' }));
    expect(current.actions.retryNow).toHaveBeenCalledTimes(1);
  });

  it('no notice while connected; the self view is the small corner picture once someone else is there', async () => {
    hook.state = state({ inCall: true, others: [PATIENT] });
    renderPage('provider');
    await screen.findByRole('group', { name: 'Participants' });
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();
    expect(screen.getByTestId('local-video').closest('figure')).toHaveClass('video-tile--self');
    expect(screen.getByTestId('remote-video').closest('figure')).not.toHaveClass('video-tile--self');
  });

  it('joined from another window (4409): says so, and nothing else', async () => {
    hook.state = state({ phase: 'replaced', status: 'replaced' });
    renderPage('patient');
    expect(
      await screen.findByRole('heading', { name: 'You joined this visit from another window.' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('provider before joining, patient not here yet: waits for them by name', async () => {
    hook.state = state();
    renderPage('provider');
    expect(await screen.findByRole('heading', { name: 'Welcome to the waiting room!' })).toBeInTheDocument();
    expect(screen.getByText('Your call will start when John Smith arrives')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join Call' })).toBeEnabled();
  });

  it('provider before joining, patient already here: says so (a first join, not "again"), Join Call joins', async () => {
    const user = userEvent.setup();
    const current = state({ others: [PATIENT] });
    hook.state = current;
    renderPage('provider');
    expect(
      await screen.findByText('Your patient is here. Click below to join the call.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join Call' }));
    expect(current.actions.joinCall).toHaveBeenCalled();
  });

  it('provider in the call: End visit ends it for everyone', async () => {
    const user = userEvent.setup();
    const current = state({ inCall: true, others: [PATIENT], cameraCount: 2 });
    hook.state = current;
    renderPage('provider');
    expect(await screen.findByRole('button', { name: 'Swap camera' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Participants' })).toHaveClass('video-grid--2');
    await user.click(screen.getByRole('button', { name: 'End visit' }));
    expect(current.actions.endVisit).toHaveBeenCalled();
  });

  it('invited guest on the provider route gives a name first, then joins with the uuid', async () => {
    const user = userEvent.setup();
    hook.state = state({ ticket: { ...TICKET, role: 'guest' } });
    renderPage('provider', '/provider/video-call/a1?uuid=5f0c2c36-4e3a-4d0b-9a55-3a8f1f5d6f11');
    await user.type(await screen.findByLabelText('Your name'), 'Interpreter Ann');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(hook.options).toMatchObject({
      appointmentId: 'a1',
      uuid: '5f0c2c36-4e3a-4d0b-9a55-3a8f1f5d6f11',
      displayName: 'Interpreter Ann',
    });
  });

  it('patient: waiting text until a provider is present', async () => {
    const patientTicket = { ...TICKET, role: 'patient', displayName: 'John Smith' } as VideoRoomTicket;
    hook.state = state({ ticket: patientTicket });
    renderPage('patient');
    expect(await screen.findByRole('heading', { name: 'Your video visit' })).toBeInTheDocument();
    expect(screen.getByText('Please wait, your provider will join shortly.')).toBeInTheDocument();
  });

  it('patient: with the provider present Join Call joins', async () => {
    const user = userEvent.setup();
    const patientTicket = { ...TICKET, role: 'patient', displayName: 'John Smith' } as VideoRoomTicket;
    const current = state({ ticket: patientTicket, others: [PROVIDER] });
    hook.state = current;
    renderPage('patient');
    await user.click(await screen.findByRole('button', { name: 'Join Call' }));
    expect(screen.queryByText('Please wait, your provider will join shortly.')).not.toBeInTheDocument();
    expect(current.actions.joinCall).toHaveBeenCalled();
  });

  it('Join Call reads “Reconnecting ...” and is disabled while the room socket is down', async () => {
    hook.state = state({ status: 'reconnecting' });
    renderPage('patient');
    expect(await screen.findByRole('button', { name: 'Reconnecting ...' })).toBeDisabled();
  });

  it.each([
    ['both', 'Your camera and microphone are off'],
    ['camera', 'Your camera is off'],
    ['microphone', 'Your microphone is off'],
  ] as const)('permissions block (%s) replaces Join Call', async (problem, text) => {
    hook.state = state({ permission: problem });
    renderPage('patient');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(
      within(alert).getByRole('link', { name: 'How to allow camera and microphone' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join Call' })).not.toBeInTheDocument();
  });

  it('a blocked help pop-up says so', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'open').mockReturnValue(null);
    hook.state = state({ permission: 'camera' });
    renderPage('patient');
    await user.click(await screen.findByRole('link', { name: 'How to allow camera and microphone' }));
    expect(screen.getByText('Pop-up window blocked')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Please be sure to allow pop-ups under your browser settings and attempt the call again',
      ),
    ).toBeInTheDocument();
  });

  it('in the call: tiles, controls, chat with unread dot, blur switch', async () => {
    const user = userEvent.setup();
    const patientTicket = { ...TICKET, role: 'patient', displayName: 'John Smith' } as VideoRoomTicket;
    const current = state({
      ticket: patientTicket,
      inCall: true,
      others: [PROVIDER, { ...PATIENT, participantId: 'g1', displayName: 'Ann', role: 'guest' }],
      unread: true,
      localStream: new FakeStream([new FakeTrack('audio'), new FakeTrack('video')]) as unknown as MediaStream,
      remoteMedia: { g1: { camera: false, microphone: true, screen: false } },
    });
    hook.state = current;
    renderPage('patient');
    const remotes = await screen.findAllByTestId('remote-video');
    expect(remotes.map((video) => video.getAttribute('data-participant-id'))).toEqual(['d1', 'g1']);
    expect(screen.getByTestId('local-video')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Participants' })).toHaveClass('video-grid--3');
    expect(screen.getByRole('img', { name: 'Ann’s camera is off' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn camera off' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mute' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share screen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave visit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End visit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Swap camera' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send link' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Open chat/ }));
    expect(screen.getByText('New messages')).toBeInTheDocument();
    expect(current.actions.toggleChat).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'More options' }));
    expect(screen.getByText('OFF')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Blur background' }));
    expect(current.actions.setBlurOn).toHaveBeenCalledWith(true);
    // Patients keep the choice in this browser for the next visit.
    expect(window.localStorage.getItem('videoCallPreferences')).toBe('{"isBlurApplied":true}');
  });

  it('the chat region lists messages and sends from the Message box', async () => {
    const user = userEvent.setup();
    const current = state({
      ticket: { ...TICKET, role: 'patient' },
      inCall: true,
      chatOpen: true,
      others: [PROVIDER],
      chat: [{ id: 'm1', participantId: 'd1', senderName: 'Dr. Jane Doe', text: 'Hello', sentAt: '' }],
    });
    hook.state = current;
    renderPage('patient');
    const chat = await screen.findByRole('region', { name: 'Chat' });
    expect(chat).toHaveTextContent('Dr. Jane Doe: Hello');
    await user.type(within(chat).getByRole('textbox', { name: 'Message' }), 'Hi doctor');
    await user.click(within(chat).getByRole('button', { name: 'Send' }));
    expect(current.actions.sendChat).toHaveBeenCalledWith('Hi doctor');
  });

  it('shows a screen-capture failure', async () => {
    hook.state = state({ inCall: true, others: [PATIENT], screenError: true });
    renderPage('patient');
    expect(await screen.findByText('Unknown error while capturing screen')).toBeInTheDocument();
  });

  it.each([
    ['ended', 'The visit has ended.'],
    ['unavailable', 'This video visit is not available.'],
  ] as const)('after the room (%s)', async (phase, text) => {
    hook.state = state({ phase });
    renderPage('patient');
    expect(await screen.findByRole('heading', { name: text })).toBeInTheDocument();
  });

  it('after 30 s without the room offers Retry', async () => {
    const user = userEvent.setup();
    const current = state({ phase: 'timeout' });
    hook.state = current;
    renderPage('patient');
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(current.actions.retry).toHaveBeenCalled();
  });
});
