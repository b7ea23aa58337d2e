import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  RoomMediaState,
  RoomSignal,
  RoomServerMessage,
  VideoChatMessage,
  VideoRoomParticipant,
  VideoRoomTicket,
} from '@app/contracts/video-call';
import { ROOM_RELOAD_CODES, VIDEO_INIT_TIMEOUT_MS } from '@app/contracts/video-call';
import { isApiRequestError } from '../../lib/api/api-error.ts';
import { joinVideoRoom } from './api/join-video-room.ts';
import { BlurProcessor, type BlurStats } from './blur/blur-processor.ts';
import {
  listCameras,
  nextCamera,
  openCamera,
  openLocalMedia,
  type PermissionProblem,
} from './local-media.ts';
import { PeerMesh } from './peer-mesh.ts';
import { RoomConnection, type RoomStatus } from './room-connection.ts';
import { ScreenShare } from './screen-share.ts';

// The call's state for the room screen: the room socket (RoomConnection), the connections to the
// others (PeerMesh), our camera and microphone, screen share and blur. The screen only renders what
// this hook answers and calls its actions.

/**
 * loading: waiting for the ticket and `room.joined` (30 s, then timeout); ready: in the room;
 * unavailable: 404 (no right to the room, or not a video visit), or a reloaded ticket refused again;
 * full: the fifth participant; ended: the provider ended the visit; left: we left it; replaced: we
 * joined from another window, which now holds our place (close code 4409, final).
 */
export type CallPhase =
  'loading' | 'timeout' | 'ready' | 'unavailable' | 'full' | 'ended' | 'left' | 'replaced';

export interface UseVideoCallOptions {
  appointmentId: string;
  uuid?: string;
  displayName?: string;
  /** False until a guest has typed a name. */
  enabled: boolean;
  /** The blur preference to apply when the call starts. */
  initialBlur: boolean;
}

export interface VideoCallDebug {
  peers(): RTCPeerConnection[];
  /** Closes the room socket as a lost network would (e2e: the retry and re-join mid-call). */
  dropConnection(): void;
  localStream(): MediaStream | null;
  /** The background blur's own cost per processed frame (bench/video-call.ts); null while off. */
  blurStats(): BlurStats | null;
}

declare global {
  interface Window {
    __videoCall?: VideoCallDebug;
  }
}

/** The common brief: the tests' hook exists outside production builds, or with localStorage.videoDebug. */
function debugHookWanted(): boolean {
  try {
    return import.meta.env.MODE !== 'production' || window.localStorage.getItem('videoDebug') === '1';
  } catch {
    return import.meta.env.MODE !== 'production';
  }
}

const BLUR_TOGGLE_DEBOUNCE_MS = 300;

export function useVideoCall(options: UseVideoCallOptions) {
  const { appointmentId, uuid, displayName, enabled, initialBlur } = options;
  const [phase, setPhase] = useState<CallPhase>('loading');
  const [status, setStatus] = useState<RoomStatus>('connecting');
  const [ticket, setTicket] = useState<VideoRoomTicket | null>(null);
  const [selfId, setSelfId] = useState<string | null>(null);
  const [participants, setParticipants] = useState<VideoRoomParticipant[]>([]);
  const [remoteStreams, setRemoteStreams] = useState<Record<string, MediaStream>>({});
  const [remoteMedia, setRemoteMedia] = useState<Record<string, RoomMediaState>>({});
  const [chat, setChat] = useState<VideoChatMessage[]>([]);
  const [chatOpen, setChatOpen] = useState(false);
  const [unread, setUnread] = useState(false);
  const [inCall, setInCall] = useState(false);
  const [permission, setPermission] = useState<PermissionProblem | null>(null);
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const [previewTrack, setPreviewTrack] = useState<MediaStreamTrack | null>(null);
  const [cameraOn, setCameraOn] = useState(true);
  const [micOn, setMicOn] = useState(true);
  const [sharing, setSharing] = useState(false);
  const [screenError, setScreenError] = useState(false);
  const [blurOn, setBlurOn] = useState(initialBlur);
  const [blurError, setBlurError] = useState(false);
  const [cameraCount, setCameraCount] = useState(0);
  const [announcement, setAnnouncement] = useState<{ key: 'joined' | 'left'; name: string } | null>(null);
  const [attempt, setAttempt] = useState(0);

  const connectionRef = useRef<RoomConnection | null>(null);
  const meshRef = useRef<PeerMesh | null>(null);
  const localRef = useRef<MediaStream | null>(null);
  const screenRef = useRef<ScreenShare | null>(null);
  const blurRef = useRef<BlurProcessor | null>(null);
  /** The camera as published: the raw camera track or its blurred version. */
  const publishedCameraRef = useRef<MediaStreamTrack | null>(null);
  const inCallRef = useRef(false);
  const chatOpenRef = useRef(false);
  const selfIdRef = useRef<string | null>(null);
  const participantsRef = useRef<VideoRoomParticipant[]>([]);
  const mediaStateRef = useRef<RoomMediaState>({ camera: true, microphone: true, screen: false });
  /**
   * Signals that arrived before we clicked Join Call, per sender: someone in the call offered to us.
   * On Join we answer that offer instead of sending our own (with two offers out and the earlier
   * joiner being the impolite side, its stale offer would otherwise block the connection).
   */
  const pendingRef = useRef(new Map<string, RoomSignal[]>());

  const broadcastMedia = useCallback(() => {
    connectionRef.current?.send({ type: 'room.media', media: mediaStateRef.current });
  }, []);

  useEffect(() => {
    if (!enabled) {
      return undefined;
    }
    // An object, so TypeScript does not narrow it across the awaits below.
    const life = { disposed: false };
    const isDisposed = () => life.disposed;

    const getTicket = async (): Promise<VideoRoomTicket> => {
      try {
        const fresh = await joinVideoRoom(appointmentId, {
          ...(uuid ? { uuid } : {}),
          ...(displayName ? { displayName } : {}),
        });
        if (!localRef.current && !life.disposed) {
          const media = await openLocalMedia(fresh.media);
          if (isDisposed()) {
            stopTracks(media.stream);
          } else {
            localRef.current = media.stream;
            publishedCameraRef.current = media.stream?.getVideoTracks()[0] ?? null;
            setLocalStream(media.stream);
            setPreviewTrack(publishedCameraRef.current);
            setPermission(media.problem);
            mediaStateRef.current = {
              camera: media.stream?.getVideoTracks().length !== 0 && media.stream !== null,
              microphone: media.stream?.getAudioTracks().length !== 0 && media.stream !== null,
              screen: false,
            };
            setCameraOn(mediaStateRef.current.camera);
            setMicOn(mediaStateRef.current.microphone);
            void listCameras().then((cameras) => {
              setCameraCount(cameras.length);
            });
          }
        }
        if (fresh.endedAt) {
          setPhase('ended');
        }
        setTicket(fresh);
        return fresh;
      } catch (error) {
        if (
          isApiRequestError(error) &&
          (error.status === 404 || error.status === 403 || error.status === 400)
        ) {
          setPhase('unavailable');
          connectionRef.current?.close();
        }
        throw error;
      }
    };

    const mesh = (current: VideoRoomTicket): PeerMesh => {
      meshRef.current ??= new PeerMesh({
        iceServers: current.iceServers,
        preferredCodec: current.media.codec,
        sendSignal: (to, signal) => {
          connectionRef.current?.send({ type: 'room.signal', to, signal });
        },
        isPolite: (participantId) => isLaterJoiner(selfIdRef.current, participantId, participantsRef.current),
        onRemoteStream: (participantId, stream) => {
          setRemoteStreams((streams) => {
            const others = Object.entries(streams).filter(([id]) => id !== participantId);
            return Object.fromEntries(stream ? [...others, [participantId, stream]] : others);
          });
        },
      });
      meshRef.current.setLocalStream(localRef.current);
      return meshRef.current;
    };

    const setRoster = (list: VideoRoomParticipant[]) => {
      participantsRef.current = list;
      setParticipants(list);
    };

    const onMessage = (message: RoomServerMessage, current: VideoRoomTicket) => {
      switch (message.type) {
        case 'room.joined': {
          selfIdRef.current = message.participantId;
          setSelfId(message.participantId);
          setRoster(message.participants);
          setChat(message.chat);
          setPhase('ready');
          // A re-join after a network loss: we are a newcomer with a new id, so call everyone again.
          const peers = mesh(current);
          peers.close();
          pendingRef.current.clear();
          if (inCallRef.current) {
            for (const participant of message.participants) {
              if (participant.participantId !== message.participantId) {
                peers.call(participant.participantId);
              }
            }
          }
          broadcastMedia();
          break;
        }
        case 'room.participant-joined':
          setRoster([
            ...participantsRef.current.filter(
              (item) => item.participantId !== message.participant.participantId,
            ),
            message.participant,
          ]);
          setAnnouncement({ key: 'joined', name: message.participant.displayName });
          broadcastMedia();
          break;
        case 'room.participant-left': {
          const leaving = participantsRef.current.find(
            (item) => item.participantId === message.participantId,
          );
          setRoster(participantsRef.current.filter((item) => item.participantId !== message.participantId));
          meshRef.current?.remove(message.participantId);
          pendingRef.current.delete(message.participantId);
          if (leaving) {
            setAnnouncement({ key: 'left', name: leaving.displayName });
          }
          break;
        }
        case 'room.signal':
          if (!inCallRef.current) {
            keepPending(pendingRef.current, message.from, message.signal);
          } else {
            void mesh(current)
              .handleSignal(message.from, message.signal)
              .catch((error: unknown) => {
                console.warn('video-call: signal failed', error);
              });
          }
          break;
        case 'room.chat':
          setChat((messages) => [...messages, message.message]);
          if (!chatOpenRef.current && message.message.participantId !== selfIdRef.current) {
            setUnread(true);
          }
          break;
        case 'room.media':
          setRemoteMedia((states) => ({ ...states, [message.participantId]: message.media }));
          break;
        case 'room.ended':
          setPhase('ended');
          break;
        case 'room.error':
          if (message.code === 'room_full') {
            setPhase('full');
          } else if (message.code === 'room_ended') {
            setPhase('ended');
          } else if (message.code === 'not_allowed' || ROOM_RELOAD_CODES.includes(message.code)) {
            // A reload code reaches us only when the freshly loaded ticket was refused too.
            setPhase('unavailable');
          }
          break;
      }
    };

    const onStatus = (next: RoomStatus) => {
      setStatus(next);
      if (next === 'replaced') {
        setPhase('replaced');
      }
    };
    const connection = new RoomConnection({ getTicket, onMessage, onStatus });
    connectionRef.current = connection;
    connection.start();
    const timeout = setTimeout(() => {
      setPhase((current) => (current === 'loading' ? 'timeout' : current));
    }, VIDEO_INIT_TIMEOUT_MS);

    return () => {
      life.disposed = true;
      clearTimeout(timeout);
      connection.close();
      connectionRef.current = null;
      meshRef.current?.close();
      meshRef.current = null;
      void screenRef.current?.stop();
      blurRef.current?.stop();
      blurRef.current = null;
      stopTracks(localRef.current);
      localRef.current = null;
      inCallRef.current = false;
    };
  }, [appointmentId, uuid, displayName, enabled, attempt, broadcastMedia]);

  // The call is over for us: free the camera and the connections.
  useEffect(() => {
    if (
      phase === 'ended' ||
      phase === 'left' ||
      phase === 'full' ||
      phase === 'unavailable' ||
      phase === 'replaced'
    ) {
      connectionRef.current?.close();
      meshRef.current?.close();
      void screenRef.current?.stop();
      stopTracks(localRef.current);
      inCallRef.current = false;
    }
  }, [phase]);

  const joinCall = useCallback(() => {
    const current = connectionRef.current?.currentTicket();
    const mesh = meshRef.current;
    if (!current || !mesh) {
      return;
    }
    inCallRef.current = true;
    setInCall(true);
    mesh.setLocalStream(localRef.current);
    const pending = new Map(pendingRef.current);
    pendingRef.current.clear();
    for (const participant of participantsRef.current) {
      const id = participant.participantId;
      if (id === selfIdRef.current) {
        continue;
      }
      const signals = pending.get(id);
      if (signals) {
        void replaySignals(mesh, id, signals);
      } else {
        mesh.call(id);
      }
    }
    broadcastMedia();
  }, [broadcastMedia]);

  const publishCamera = useCallback(async (track: MediaStreamTrack | null) => {
    publishedCameraRef.current = track;
    setPreviewTrack(track);
    if (!screenRef.current?.sharing()) {
      await meshRef.current?.replaceVideoTrack(track);
    }
  }, []);

  const toggleCamera = useCallback(() => {
    const track = localRef.current?.getVideoTracks()[0];
    if (!track) {
      return;
    }
    track.enabled = !track.enabled;
    setCameraOn(track.enabled);
    mediaStateRef.current = { ...mediaStateRef.current, camera: track.enabled };
    broadcastMedia();
  }, [broadcastMedia]);

  const toggleMic = useCallback(() => {
    const track = localRef.current?.getAudioTracks()[0];
    if (!track) {
      return;
    }
    track.enabled = !track.enabled;
    setMicOn(track.enabled);
    mediaStateRef.current = { ...mediaStateRef.current, microphone: track.enabled };
    broadcastMedia();
  }, [broadcastMedia]);

  const swapCamera = useCallback(async () => {
    const stream = localRef.current;
    const old = stream?.getVideoTracks()[0];
    const current = connectionRef.current?.currentTicket();
    if (!stream || !old || !current) {
      return;
    }
    const next = nextCamera(await listCameras(), old.getSettings().deviceId);
    if (!next) {
      return;
    }
    const track = await openCamera(current.media, next.deviceId);
    if (!track) {
      return;
    }
    track.enabled = old.enabled;
    stream.removeTrack(old);
    stream.addTrack(track);
    old.stop();
    const blurred = blurRef.current ? await blurRef.current.start(track) : track;
    if (blurred) {
      await publishCamera(blurred);
    }
  }, [publishCamera]);

  const toggleShare = useCallback(async () => {
    setScreenError(false);
    screenRef.current ??= new ScreenShare({
      replaceVideoTrack: async (track) => {
        await meshRef.current?.replaceVideoTrack(track);
      },
      cameraTrack: () => publishedCameraRef.current,
      onChange: (on, screenTrack) => {
        setSharing(on);
        setPreviewTrack(on ? screenTrack : publishedCameraRef.current);
        mediaStateRef.current = { ...mediaStateRef.current, screen: on };
        broadcastMedia();
      },
    });
    if (screenRef.current.sharing()) {
      await screenRef.current.stop();
      return;
    }
    const result = await screenRef.current.start();
    if (result === 'error') {
      setScreenError(true);
    }
  }, [broadcastMedia]);

  // Blur follows `blurOn` after a short pause, so quick toggling does not load and free the model
  // several times.
  useEffect(() => {
    if (!localStream) {
      return undefined;
    }
    const timer = setTimeout(() => {
      const camera = localRef.current?.getVideoTracks()[0];
      if (!camera) {
        return;
      }
      if (blurOn && !blurRef.current) {
        void BlurProcessor.create()
          .then(async (processor) => {
            blurRef.current = processor;
            const blurred = await processor.start(camera);
            // Null: blur was turned off while its first frame was drawn, and the camera is back.
            if (blurred) {
              await publishCamera(blurred);
            }
            setBlurError(false);
          })
          .catch((error: unknown) => {
            console.warn('video-call: blur unavailable', error);
            setBlurError(true);
          });
      } else if (!blurOn && blurRef.current) {
        blurRef.current.stop();
        blurRef.current = null;
        void publishCamera(camera);
      }
    }, BLUR_TOGGLE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [blurOn, localStream, publishCamera]);

  const sendChat = useCallback((text: string) => {
    const trimmed = text.trim();
    return trimmed ? (connectionRef.current?.send({ type: 'room.chat', text: trimmed }) ?? false) : false;
  }, []);

  const toggleChat = useCallback(() => {
    setChatOpen((open) => {
      chatOpenRef.current = !open;
      return !open;
    });
    setUnread(false);
  }, []);

  // spec 3 §9 (decision 0046): the browser extension closes the chat on a resize.
  const closeChat = useCallback(() => {
    chatOpenRef.current = false;
    setChatOpen(false);
  }, []);

  const endVisit = useCallback(() => {
    connectionRef.current?.send({ type: 'room.end' });
  }, []);

  const leave = useCallback(() => {
    setPhase('left');
  }, []);

  /** "Try again now" while the connection waits its 30 s (spec 3 §8, decision 0047). */
  const retryNow = useCallback(() => {
    connectionRef.current?.retryNow();
  }, []);

  const retry = useCallback(() => {
    setPhase('loading');
    setInCall(false);
    setAttempt((value) => value + 1);
  }, []);

  useEffect(() => {
    if (!debugHookWanted()) {
      return undefined;
    }
    window.__videoCall = {
      peers: () => meshRef.current?.connections() ?? [],
      dropConnection: () => {
        connectionRef.current?.simulateLoss();
      },
      localStream: () => localRef.current,
      blurStats: () => blurRef.current?.stats() ?? null,
    };
    return () => {
      delete window.__videoCall;
    };
  }, []);

  return {
    phase,
    status,
    ticket,
    selfId,
    others: participants.filter((participant) => participant.participantId !== selfId),
    remoteStreams,
    remoteMedia,
    chat,
    chatOpen,
    unread,
    inCall: inCall && phase === 'ready',
    permission,
    localStream,
    previewTrack,
    cameraOn,
    micOn,
    sharing,
    screenError,
    blurOn,
    blurError,
    cameraCount,
    announcement,
    actions: {
      joinCall,
      toggleCamera,
      toggleMic,
      swapCamera,
      toggleShare,
      setBlurOn,
      sendChat,
      toggleChat,
      closeChat,
      endVisit,
      leave,
      retry,
      retryNow,
    },
  };
}

export type VideoCallState = ReturnType<typeof useVideoCall>;

const MAX_PENDING_SIGNALS = 50;

/** Keeps the latest offer from `from` and the candidates after it (bounded). */
function keepPending(pending: Map<string, RoomSignal[]>, from: string, signal: RoomSignal): void {
  if (signal.kind === 'description' && signal.type === 'offer') {
    pending.set(from, [signal]);
    return;
  }
  const list = pending.get(from);
  if (list && list.length < MAX_PENDING_SIGNALS) {
    list.push(signal);
  }
}

async function replaySignals(mesh: PeerMesh, from: string, signals: RoomSignal[]): Promise<void> {
  try {
    for (const signal of signals) {
      await mesh.handleSignal(from, signal);
    }
  } catch (error) {
    console.warn('video-call: answering a waiting offer failed', error);
  }
}

function stopTracks(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) {
    track.stop();
  }
}

/** Decision 0030: of two participants the later joiner of the room is polite (ties: the larger id). */
export function isLaterJoiner(
  selfId: string | null,
  otherId: string,
  participants: VideoRoomParticipant[],
): boolean {
  const self = participants.find((participant) => participant.participantId === selfId);
  const other = participants.find((participant) => participant.participantId === otherId);
  if (!self || !other) {
    return !self; // we are not in the list yet: we are the newest
  }
  if (self.joinedAt !== other.joinedAt) {
    return self.joinedAt > other.joinedAt;
  }
  return self.participantId > other.participantId;
}
