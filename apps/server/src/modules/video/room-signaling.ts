import { randomUUID } from 'node:crypto';
import type { RealtimeEvent } from '@app/contracts/realtime';
import { realtimeTopic } from '@app/contracts/realtime';
import {
  ROOM_CLOSE_REPLACED,
  ROOM_TOKEN_EXPIRED,
  ROOM_TOKEN_REJECTED,
  VIDEO_MAX_PARTICIPANTS,
  type RoomMediaState,
  type RoomServerMessage,
  type RoomSignal,
  type VideoChatMessage,
  type VideoRoomParticipant,
} from '@app/contracts/video-call';
import type { AppContext } from '../../app-context.ts';
import type {
  RoomClientMessage,
  RoomMessageHandler,
  RoomSession,
} from '../../platform/realtime/realtime-connection.ts';
import { publishWaitingRoomChanged } from '../provider-schedule/provider-schedule.service.ts';
import { endVisitVoiceCalls } from '../voice-calls/voice-calls.service.ts';
import { checkRoomToken, type RoomTokenClaims } from './room-token.ts';
import {
  endRoom,
  insertChatMessage,
  isPresent,
  lastChatMessages,
  lockRoom,
  markLeft,
  markRoomTimes,
  presentParticipants,
  replaceOlderParticipants,
  upsertParticipant,
  type ChatRow,
  type ParticipantRow,
} from './video.repository.ts';

// Issue 7 signaling (decision 0030). Each room connection gets a RoomSessionImpl. Presence is written
// to PostgreSQL (the source of truth, so every instance agrees); what must reach the other
// participants goes through the realtime hub (memory or Redis), so they may sit on other instances:
//   room:{appointmentId}          presence, chat, media state, the end (also watched by the patient's
//                                 appointment page and the clinic over their normal sockets)
//   room-signal:{participantId}   offers, answers and ICE candidates for one participant only (not a
//                                 topic a client can subscribe to: the contract's topic pattern
//                                 refuses it)

/** spec: the persisted chat a newcomer receives. */
export const ROOM_CHAT_HISTORY = 200;
/** Closes the older socket of a participant who joined again elsewhere; the client must not reconnect. */
export const CLOSE_REPLACED = ROOM_CLOSE_REPLACED;

const signalTopic = (participantId: string) => `room-signal:${participantId}`;

/** What travels on the hub between sessions; our own publishes, so the shapes are trusted. */
type RoomHubEvent =
  | { type: 'room.participant-joined'; payload: { participant: VideoRoomParticipant; connectionId: string } }
  | { type: 'room.participant-left'; payload: { participantId: string; byConnectionId: string } }
  | { type: 'room.chat'; payload: { message: VideoChatMessage } }
  | { type: 'room.media'; payload: { participantId: string; media: RoomMediaState } }
  | { type: 'room.ended' }
  | { type: 'room.signal'; payload: { from: string; signal: RoomSignal } };

interface Logger {
  warn: (details: object, message: string) => void;
}

interface Connection {
  send: (message: RoomServerMessage) => void;
  close: (code: number, reason: string) => void;
}

type JoinOutcome =
  | { ok: false; code: 'room_ended' | 'room_full'; message: string }
  | { ok: true; others: ParticipantRow[]; replaced: string[]; chat: ChatRow[]; joinedAt: Date };

function toParticipant(
  row: Pick<ParticipantRow, 'id' | 'displayName' | 'role' | 'joinedAt'>,
): VideoRoomParticipant {
  return {
    participantId: row.id,
    displayName: row.displayName,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
  };
}

function toChatMessage(row: ChatRow): VideoChatMessage {
  return {
    id: row.id,
    participantId: row.participantId,
    senderName: row.senderName,
    text: row.text,
    sentAt: row.sentAt.toISOString(),
  };
}

class RoomSessionImpl implements RoomSession {
  /** Random per socket: tells this socket's own hub echoes from another socket of the same participant. */
  private readonly connectionId = randomUUID();
  /** The one room of this connection, fixed by its first valid token. */
  private roomId: string | null = null;
  private member: RoomTokenClaims | null = null;
  private subscriptions: (() => void)[] = [];
  /** Hub events that arrive while joining wait until `room.joined` went out. */
  private pending: RoomHubEvent[] | null = null;
  private snapshotIds = new Set<string>();
  /** The socket is gone; a join still under way must not leave a participant behind. */
  private disposed = false;

  constructor(
    private readonly context: AppContext,
    private readonly connection: Connection,
    private readonly log: Logger,
  ) {}

  get joined(): boolean {
    return this.member !== null;
  }

  async handle(message: RoomClientMessage): Promise<void> {
    if (message.type === 'room.join') {
      await this.join(message.token);
      return;
    }
    const member = this.member;
    if (!member) {
      this.error('not_joined', 'Join the room first.');
      return;
    }
    switch (message.type) {
      case 'room.signal':
        await this.signal(member, message.to, message.signal);
        return;
      case 'room.chat':
        await this.chat(member, message.text);
        return;
      case 'room.media':
        await this.publish(realtimeTopic.room(member.appointmentId), {
          type: 'room.media',
          payload: { participantId: member.participantId, media: message.media },
        });
        return;
      case 'room.leave':
        await this.leave(member);
        return;
      case 'room.end':
        await this.end(member);
        return;
    }
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    const member = this.member;
    if (!member) {
      this.unsubscribe();
      return;
    }
    try {
      await this.leave(member);
    } catch (error) {
      this.log.warn({ err: error }, 'video room leave failed');
    }
  }

  private async join(token: string): Promise<void> {
    const now = this.context.now();
    const checked = await checkRoomToken(this.context.signingKey, token, now);
    // spec 3 §8 reconnect codes (decision 0047): the browser loads the visit and a new ticket, then
    // joins again; whether it may still enter is the ticket route's decision, not this socket's.
    if (!checked.ok && checked.problem === 'expired') {
      this.error(ROOM_TOKEN_EXPIRED, 'Your pass to this visit has expired. Loading the visit again…');
      return;
    }
    const claims = checked.ok ? checked.claims : null;
    if (!claims || (this.roomId !== null && claims.appointmentId !== this.roomId)) {
      this.error(ROOM_TOKEN_REJECTED, 'This pass is not valid for this visit. Loading the visit again…');
      return;
    }
    if (this.member) {
      this.error('not_allowed', 'You are already in this room.');
      return;
    }
    this.roomId = claims.appointmentId;
    // Listen before entering, so nothing said between our entry and our listening is lost; it is
    // held back until `room.joined` has gone out.
    this.pending = [];
    this.subscriptions = [
      this.context.realtime.subscribe(realtimeTopic.room(claims.appointmentId), (event) => {
        this.onRoomEvent(event);
      }),
      this.context.realtime.subscribe(signalTopic(claims.participantId), (event) => {
        this.onRoomEvent(event);
      }),
    ];
    let outcome: JoinOutcome;
    try {
      outcome = await this.enter(claims, now);
    } catch (error) {
      this.unsubscribe();
      throw error;
    }
    if (!outcome.ok) {
      this.unsubscribe();
      this.error(outcome.code, outcome.message);
      return;
    }
    this.member = claims;
    const room = realtimeTopic.room(claims.appointmentId);
    for (const participantId of outcome.replaced.filter((id) => id !== claims.participantId)) {
      await this.publish(room, {
        type: 'room.participant-left',
        payload: { participantId, byConnectionId: this.connectionId },
      });
    }
    if (outcome.replaced.includes(claims.participantId)) {
      // The same ticket again (a re-join after a network loss): the others drop the old peer first.
      await this.publish(room, {
        type: 'room.participant-left',
        payload: { participantId: claims.participantId, byConnectionId: this.connectionId },
      });
    }
    if (this.disposed) {
      // The socket closed while we were entering: leave again at once instead of haunting the room.
      await this.leave(claims);
      return;
    }
    const self = toParticipant({ ...claims, id: claims.participantId, joinedAt: outcome.joinedAt });
    await this.publish(room, {
      type: 'room.participant-joined',
      payload: { participant: self, connectionId: this.connectionId },
    });
    this.snapshotIds = new Set(outcome.others.map((row) => row.id));
    this.connection.send({
      type: 'room.joined',
      participantId: claims.participantId,
      participants: outcome.others.map(toParticipant),
      chat: outcome.chat.map(toChatMessage),
    });
    const held = this.pending;
    this.pending = null;
    for (const event of held) {
      this.deliver(event);
    }
    await publishWaitingRoomChanged(this.context, claims.clinicId);
  }

  /** The room's rules, in one transaction with the room row locked (concurrent joins count right). */
  private enter(claims: RoomTokenClaims, now: Date): Promise<JoinOutcome> {
    return this.context.db.transaction(async (tx): Promise<JoinOutcome> => {
      const room = await lockRoom(tx, claims.appointmentId, now);
      if (room.endedAt) {
        return { ok: false, code: 'room_ended', message: 'The visit has ended.' };
      }
      const present = await presentParticipants(tx, claims.appointmentId);
      // The same person (another tab, a dropped connection) takes their own place: they do not count.
      const others = present.filter(
        (row) => row.id !== claims.participantId && (claims.userId === null || row.userId !== claims.userId),
      );
      if (others.length >= VIDEO_MAX_PARTICIPANTS) {
        return {
          ok: false,
          code: 'room_full',
          message: 'This visit already has the most participants it can take.',
        };
      }
      const replaced = await replaceOlderParticipants(
        tx,
        claims.appointmentId,
        claims.participantId,
        claims.userId,
        now,
      );
      await upsertParticipant(tx, {
        id: claims.participantId,
        appointmentId: claims.appointmentId,
        userId: claims.userId,
        role: claims.role,
        displayName: claims.displayName,
        connectionId: this.connectionId,
        joinedAt: now,
      });
      if (claims.role === 'patient') {
        await markRoomTimes(tx, claims.appointmentId, { patientJoinedAt: now });
      } else if (claims.role === 'provider') {
        await markRoomTimes(tx, claims.appointmentId, { providerJoinedAt: now });
      }
      const chat = await lastChatMessages(tx, claims.appointmentId, ROOM_CHAT_HISTORY);
      return { ok: true, others, replaced, chat, joinedAt: now };
    });
  }

  private async signal(member: RoomTokenClaims, to: string, signal: RoomSignal): Promise<void> {
    if (to === member.participantId || !(await isPresent(this.context.db, member.appointmentId, to))) {
      this.error('not_joined', 'That participant is not in the room.');
      return;
    }
    await this.publish(signalTopic(to), {
      type: 'room.signal',
      payload: { from: member.participantId, signal },
    });
  }

  private async chat(member: RoomTokenClaims, text: string): Promise<void> {
    // Persisted first (the visit keeps its transcript), then delivered to everyone, the sender too.
    const row = await insertChatMessage(this.context.db, {
      appointmentId: member.appointmentId,
      participantId: member.participantId,
      senderName: member.displayName,
      text,
      sentAt: this.context.now(),
    });
    await this.publish(realtimeTopic.room(member.appointmentId), {
      type: 'room.chat',
      payload: { message: toChatMessage(row) },
    });
  }

  private async leave(member: RoomTokenClaims): Promise<void> {
    this.member = null;
    this.unsubscribe();
    const now = this.context.now();
    const row = await markLeft(this.context.db, member.participantId, this.connectionId, now);
    if (!row) {
      // Another socket took this participant over (a re-join) or the visit ended: nothing to say.
      return;
    }
    if (member.role === 'patient') {
      await markRoomTimes(this.context.db, member.appointmentId, { patientLeftAt: now });
    }
    await this.publish(realtimeTopic.room(member.appointmentId), {
      type: 'room.participant-left',
      payload: { participantId: member.participantId, byConnectionId: this.connectionId },
    });
    await publishWaitingRoomChanged(this.context, member.clinicId);
  }

  private async end(member: RoomTokenClaims): Promise<void> {
    // Issue 7 item 1: the provider ending the visit ends it for everyone.
    if (member.role !== 'provider') {
      this.error('not_allowed', 'Only the provider can end the visit.');
      return;
    }
    const ended = await endRoom(this.context.db, member.appointmentId, member.userId, this.context.now());
    if (!ended) {
      this.error('room_ended', 'The visit has ended.');
      return;
    }
    // spec 3 §2: "Providers with an ended video call end all voice calls" (decision 0043).
    await endVisitVoiceCalls(this.context, member.appointmentId, member.userId, this.log);
    // Everyone, this socket included, hears it through the hub and leaves.
    await this.publish(realtimeTopic.room(member.appointmentId), { type: 'room.ended' });
    await publishWaitingRoomChanged(this.context, member.clinicId);
  }

  private onRoomEvent(event: RealtimeEvent): void {
    // Our own publishes (RoomHubEvent); anything else on the topic is not for the room.
    const roomEvent = event as RoomHubEvent;
    if (this.pending) {
      this.pending.push(roomEvent);
      return;
    }
    this.deliver(roomEvent);
  }

  private deliver(event: RoomHubEvent): void {
    const member = this.member;
    if (!member) {
      return;
    }
    const self = member.participantId;
    switch (event.type) {
      case 'room.participant-joined': {
        const { participant, connectionId } = event.payload;
        if (participant.participantId === self) {
          if (connectionId !== this.connectionId) {
            this.replaced();
          }
          return;
        }
        // Held back while joining: someone already in our snapshot needs no second announcement.
        if (this.snapshotIds.delete(participant.participantId)) {
          return;
        }
        this.connection.send({ type: 'room.participant-joined', participant });
        return;
      }
      case 'room.participant-left': {
        const { participantId, byConnectionId } = event.payload;
        if (participantId === self) {
          if (byConnectionId !== this.connectionId) {
            this.replaced();
          }
          return;
        }
        this.snapshotIds.delete(participantId);
        this.connection.send({ type: 'room.participant-left', participantId });
        return;
      }
      case 'room.chat':
        this.connection.send({ type: 'room.chat', message: event.payload.message });
        return;
      case 'room.media':
        if (event.payload.participantId !== self) {
          this.connection.send({ type: 'room.media', ...event.payload });
        }
        return;
      case 'room.signal':
        this.connection.send({ type: 'room.signal', ...event.payload });
        return;
      case 'room.ended':
        // The database already marked everyone left.
        this.member = null;
        this.unsubscribe();
        this.connection.send({ type: 'room.ended' });
        return;
    }
  }

  /** The same participant (or user) joined from another socket; this one steps aside. */
  private replaced(): void {
    this.member = null;
    this.unsubscribe();
    this.error('not_joined', 'You joined this visit from another window.');
    this.connection.close(CLOSE_REPLACED, 'Joined from another window.');
  }

  private async publish(topic: string, event: RoomHubEvent): Promise<void> {
    try {
      await this.context.realtime.publish(topic, event);
    } catch (error) {
      // The state is saved; the others catch up on their next join or the polling fallback.
      this.log.warn({ err: error }, 'video room publish failed');
    }
  }

  private unsubscribe(): void {
    for (const end of this.subscriptions) {
      end();
    }
    this.subscriptions = [];
    this.pending = null;
  }

  private error(code: string, message: string): void {
    this.connection.send({ type: 'room.error', code, message });
  }
}

/** The room side of every realtime connection (wired in app.ts). */
export function createRoomSignaling(context: AppContext, log: Logger): RoomMessageHandler {
  return {
    open: (connection) => new RoomSessionImpl(context, connection, log),
  };
}
