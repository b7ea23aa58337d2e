import './video-call.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VideoCallPreferences } from '@app/contracts/provider-data';
import { Button } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { currentRole } from '../../../lib/auth/session-store.ts';
import { providerDataQuery, saveProviderData } from '../../../lib/provider/provider-data.ts';
import { providerWorkspaceQuery } from '../../../lib/provider/provider-workspace.ts';
import { createVideoInvitation } from '../api/create-video-invitation.ts';
import { sendReminder } from '../../provider-schedule/api/appointment-actions.ts';
import { readLocalBlurPreference, saveLocalBlurPreference } from '../blur/blur-preference.ts';
import { useVideoCall, type VideoCallState } from '../use-video-call.ts';
import { usePatientReturned } from '../use-patient-returned.ts';
import { useExtensionChatResize } from '../use-extension-chat-resize.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { isBrowserExtensionApp } from '../../../lib/variant/variant-traits.ts';
import { CallControls } from './call-controls.tsx';
import { ChatPanel } from './chat-panel.tsx';
import { PermissionsBlock } from './permissions-block.tsx';
import { previewStream, VideoTile } from './video-tile.tsx';
import { VisitDialer } from '../../voice-calls/components/visit-dialer.tsx';

// spec 3 §2 "Video-call room", issue 7. One screen for both routes:
// - /provider/video-call/:appointmentId: a signed-in provider, or (with ?uuid=) an invited guest,
//   who first gives a name;
// - /user/video-call/:appointmentId: the appointment's patient.

type Side = 'provider' | 'patient';

export function ProviderVideoCallPage() {
  return <VideoCallPage side="provider" />;
}

export function PatientVideoCallPage() {
  return <VideoCallPage side="patient" />;
}

function storedBlur(preferences: unknown): boolean {
  return (preferences as Partial<VideoCallPreferences> | null)?.isBlurApplied === true;
}

export function VideoCallPage({ side }: { side: Side }) {
  const { t } = useTranslation('videoCall');
  const { appointmentId = '' } = useParams();
  const [search] = useSearchParams();
  const uuid = search.get('uuid') ?? undefined;
  const signedInProvider = side === 'provider' && currentRole() === 'provider';
  const isGuest = side === 'provider' && !signedInProvider && uuid !== undefined;
  const [guestName, setGuestName] = useState<string | null>(null);
  const preferences = useQuery({ ...providerDataQuery('videoCallPreferences'), enabled: signedInProvider });

  if (isGuest && guestName === null) {
    return <GuestNameForm onSubmit={setGuestName} />;
  }
  if (signedInProvider && preferences.isPending) {
    return <Loader />;
  }
  const initialBlur = signedInProvider
    ? storedBlur(preferences.data?.value ?? null)
    : readLocalBlurPreference();
  return (
    <VideoRoom
      side={side}
      appointmentId={appointmentId}
      uuid={uuid}
      displayName={guestName ?? undefined}
      initialBlur={initialBlur}
      saveBlur={(on) => {
        if (signedInProvider) {
          void saveProviderData('videoCallPreferences', { isBlurApplied: on }).catch(() => undefined);
        } else {
          saveLocalBlurPreference(on);
        }
      }}
      heading={side === 'provider' ? t('providerHeading') : t('patientHeading')}
    />
  );
}

/** spec 3 §2 loader until the room is ready; spec 3 §8 says when a failed connect is retried. */
function Loader({ failed = false, onRetryNow }: { failed?: boolean; onRetryNow?: () => void }) {
  const { t } = useTranslation('videoCall');
  return (
    <div className="video-call video-call--center">
      <div role="status" className="video-call__loader">
        <span className="video-call__spinner" aria-hidden="true" />
        {t('connecting')}
      </div>
      {failed ? <p>{t('connectFailed')}</p> : null}
      {failed && onRetryNow ? (
        <Button variant="outline" onClick={onRetryNow}>
          {t('tryAgainNow')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * Decision 0047: the room's connection was lost (before or during the call). The call is retried
 * every 30 s (spec 3 §8); the button does not wait.
 */
function ConnectionLost({ call }: { call: VideoCallState }) {
  const { t } = useTranslation('videoCall');
  if (call.status !== 'reconnecting') {
    return null;
  }
  return (
    <div className="video-call__lost" role="alert">
      <span className="video-call__spinner" aria-hidden="true" />
      <div className="video-call__lost-text">
        <strong>{t('reconnectingTitle')}</strong>
        <span>{t('connectionLost')}</span>
      </div>
      <Button variant="outline" onClick={call.actions.retryNow}>
        {t('tryAgainNow')}
      </Button>
    </div>
  );
}

function GuestNameForm({ onSubmit }: { onSubmit: (name: string) => void }) {
  const { t } = useTranslation('videoCall');
  const [name, setName] = useState('');
  return (
    <div className="video-call video-call--center">
      <PageTitle>{t('providerHeading')}</PageTitle>
      <form
        className="video-call__guest"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) {
            onSubmit(name.trim());
          }
        }}
      >
        <p>{t('guestIntro')}</p>
        <TextField
          label={t('yourName')}
          value={name}
          maxLength={100}
          required
          onChange={(event) => {
            setName(event.target.value);
          }}
        />
        {/* The name opens the room's pre-join screen (camera check, Join Call), as for everyone. */}
        <Button type="submit" disabled={!name.trim()}>
          {t('guestContinue')}
        </Button>
      </form>
    </div>
  );
}

interface VideoRoomProps {
  side: Side;
  appointmentId: string;
  uuid: string | undefined;
  displayName: string | undefined;
  initialBlur: boolean;
  saveBlur: (on: boolean) => void;
  heading: string;
}

function VideoRoom({
  side,
  appointmentId,
  uuid,
  displayName,
  initialBlur,
  saveBlur,
  heading,
}: VideoRoomProps) {
  const call = useVideoCall({ appointmentId, uuid, displayName, enabled: true, initialBlur });
  const config = useAppConfig();
  useExtensionChatResize(isBrowserExtensionApp(config.variant) && call.chatOpen, call.actions.closeChat);

  if (call.phase === 'loading') {
    return <Loader failed={call.status === 'failed'} onRetryNow={call.actions.retryNow} />;
  }
  if (call.phase !== 'ready') {
    return <CallOutcome call={call} />;
  }
  return (
    <div className="video-call">
      {call.inCall ? null : <PageTitle>{heading}</PageTitle>}
      <Announcer call={call} />
      <ConnectionLost call={call} />
      {call.permission && call.permission !== 'none' ? <PermissionsBlock problem={call.permission} /> : null}
      {call.inCall ? (
        <InCall call={call} side={side} appointmentId={appointmentId} saveBlur={saveBlur} />
      ) : (
        <PreJoin call={call} side={side} />
      )}
      {/* Issue 17 item 4: the provider may phone the patient; the clinic module decides (decision 0043). */}
      {side === 'provider' && call.ticket?.role === 'provider' ? (
        <VisitDialer appointmentId={appointmentId} />
      ) : null}
    </div>
  );
}

/** After the room: ended, left, full, refused, or the 30 s initialisation timeout. */
function CallOutcome({ call }: { call: VideoCallState }) {
  const { t } = useTranslation('videoCall');
  if (call.phase === 'timeout') {
    return (
      <div className="video-call video-call--center">
        <p role="alert">{t('connectTimeout')}</p>
        <Button onClick={call.actions.retry}>{t('retry')}</Button>
      </div>
    );
  }
  if (call.phase === 'replaced') {
    // The 4409 close: final, or the two windows would take the room from each other in turn.
    return (
      <div className="video-call video-call--center">
        <div role="status">
          <PageTitle>{t('replaced')}</PageTitle>
          <p>{t('replacedHelp')}</p>
        </div>
      </div>
    );
  }
  const text =
    call.phase === 'full' ? t('roomFull') : call.phase === 'unavailable' ? t('notAvailable') : t('ended');
  return (
    <div className="video-call video-call--center">
      <div role="status">
        <PageTitle>{text}</PageTitle>
      </div>
    </div>
  );
}

/** Announces arrivals and departures to screen readers. */
function Announcer({ call }: { call: VideoCallState }) {
  const { t } = useTranslation('videoCall');
  const text = call.announcement
    ? t(call.announcement.key === 'joined' ? 'participantJoined' : 'participantLeft', {
        name: call.announcement.name,
      })
    : '';
  return (
    <div role="status" aria-live="polite" className="app-visually-hidden">
      {text}
    </div>
  );
}

function JoinButton({ call }: { call: VideoCallState }) {
  const { t } = useTranslation('videoCall');
  // Hidden without camera or microphone (the permissions block says why instead).
  if (call.permission !== 'none') {
    return null;
  }
  const down = call.status !== 'connected';
  return (
    <Button disabled={down} onClick={call.actions.joinCall}>
      {down ? t('reconnecting') : t('joinCall')}
    </Button>
  );
}

function PreJoin({ call, side }: { call: VideoCallState; side: Side }) {
  const { t } = useTranslation('videoCall');
  const patientName = call.ticket?.appointment.patientName ?? '';
  const patientHere = call.others.some((participant) => participant.role === 'patient');
  const providerHere = call.others.some((participant) => participant.role === 'provider');
  const returned = usePatientReturned(patientHere);
  let text: string | null;
  if (side === 'provider' && call.ticket?.role !== 'guest') {
    text = patientHere
      ? t(returned ? 'patientIsHere' : 'patientIsHereFirst')
      : t('callStartsWhen', { name: patientName });
  } else {
    text = providerHere ? null : t('patientWaitingForProvider');
  }
  return (
    <section className="video-call__prejoin">
      {text ? (
        <p role="status" className="video-call__waiting">
          {text}
        </p>
      ) : null}
      <VideoTile
        stream={previewStream(call.previewTrack)}
        label={t('selfLabel', { name: call.ticket?.displayName ?? '' })}
        testId="local-video"
        muted
        cover={call.cameraOn ? null : t('cameraIsOff', { name: call.ticket?.displayName ?? '' })}
      />
      <JoinButton call={call} />
    </section>
  );
}

function InCall({
  call,
  side,
  appointmentId,
  saveBlur,
}: {
  call: VideoCallState;
  side: Side;
  appointmentId: string;
  saveBlur: (on: boolean) => void;
}) {
  const { t } = useTranslation('videoCall');
  const role = call.ticket?.role ?? (side === 'provider' ? 'provider' : 'patient');
  const selfName = call.ticket?.displayName ?? '';
  const tiles = call.others.length + 1;
  const patientName = call.ticket?.appointment.patientName ?? '';
  const patientHere = call.others.some((participant) => participant.role === 'patient');
  // The patient's waiting screen lasts until a provider's media arrives (the provider may be in the
  // room but not yet in the call).
  const providerHere = call.others.some(
    (participant) => participant.role === 'provider' && call.remoteStreams[participant.participantId],
  );
  let waiting: string | null = null;
  if (role === 'provider' && !patientHere) {
    waiting = t('callStartsWhen', { name: patientName });
  } else if (role !== 'provider' && !providerHere) {
    waiting = t('patientWaitingForProvider');
  }
  const local = call.localStream;
  return (
    <div className="video-call__room">
      {waiting ? (
        <p role="status" className="video-call__waiting">
          {waiting}
        </p>
      ) : null}
      {/* spec 3 §9 sizes (decision 0047): the stage and, beside it on wide screens or below it on a
          phone (≤ 768 px), the chat panel; our own picture sits in the stage's corner at 300x190. */}
      <div className="video-call__body">
        <div
          className={`video-grid video-grid--${String(Math.min(tiles, 4))}`}
          aria-label={t('participants')}
          role="group"
        >
          {call.others.map((participant) => {
            const media = call.remoteMedia[participant.participantId];
            return (
              <VideoTile
                key={participant.participantId}
                stream={call.remoteStreams[participant.participantId] ?? null}
                label={participant.displayName}
                testId="remote-video"
                participantId={participant.participantId}
                muted={false}
                cover={
                  media && !media.camera && !media.screen
                    ? t('cameraIsOff', { name: participant.displayName })
                    : null
                }
              />
            );
          })}
          <VideoTile
            stream={previewStream(call.previewTrack)}
            label={t('selfLabel', { name: selfName })}
            testId="local-video"
            muted
            cover={call.cameraOn || call.sharing ? null : t('cameraIsOff', { name: selfName })}
            {...(call.others.length > 0 ? { variant: 'self' as const } : {})}
          />
        </div>
        {call.chatOpen && call.others.length > 0 ? (
          <ChatPanel messages={call.chat} selfId={call.selfId} onSend={call.actions.sendChat} />
        ) : null}
      </div>
      {call.screenError ? <p role="alert">{t('screenError')}</p> : null}
      {call.blurError ? <p role="alert">{t('blurError')}</p> : null}
      <Controls call={call} role={role} appointmentId={appointmentId} saveBlur={saveBlur} local={local} />
    </div>
  );
}

function Controls({
  call,
  role,
  appointmentId,
  saveBlur,
  local,
}: {
  call: VideoCallState;
  role: 'provider' | 'patient' | 'guest';
  appointmentId: string;
  saveBlur: (on: boolean) => void;
  local: MediaStream | null;
}) {
  // Guests and patients have no provider workspace: do not ask for one.
  const workspace = useQuery({ ...providerWorkspaceQuery(), enabled: role === 'provider' });
  const clinicId = role === 'provider' ? workspace.data?.clinicId : undefined;
  // spec 3 §4 Send link: the reminder with the join link, through the outbox like the schedule's.
  const reminder = useMutation({
    mutationFn: () => sendReminder(clinicId ?? '', appointmentId),
  });
  // Decision 0030: a public link (?uuid=) lets one more person in, such as an interpreter.
  const invitation = useMutation({
    mutationFn: () => createVideoInvitation(clinicId ?? '', appointmentId),
  });
  return (
    <CallControls
      role={role}
      cameraOn={call.cameraOn}
      micOn={call.micOn}
      hasCamera={(local?.getVideoTracks().length ?? 0) > 0}
      hasMic={(local?.getAudioTracks().length ?? 0) > 0}
      canSwapCamera={call.cameraCount > 1}
      sharing={call.sharing}
      chatAvailable={call.others.length > 0}
      chatOpen={call.chatOpen}
      unread={call.unread}
      blurOn={call.blurOn}
      sendLink={
        clinicId
          ? {
              sent: reminder.isSuccess,
              pending: reminder.isPending,
              onSend: () => {
                reminder.mutate();
              },
            }
          : null
      }
      invite={
        clinicId
          ? {
              link: invitation.data?.link ?? null,
              pending: invitation.isPending,
              onCreate: () => {
                invitation.mutate();
              },
            }
          : null
      }
      onToggleCamera={call.actions.toggleCamera}
      onToggleMic={call.actions.toggleMic}
      onSwapCamera={() => {
        void call.actions.swapCamera();
      }}
      onToggleShare={() => {
        void call.actions.toggleShare();
      }}
      onToggleChat={call.actions.toggleChat}
      onBlurChange={(on) => {
        call.actions.setBlurOn(on);
        saveBlur(on);
      }}
      onEnd={role === 'provider' ? call.actions.endVisit : call.actions.leave}
    />
  );
}
