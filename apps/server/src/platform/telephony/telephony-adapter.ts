/** What the adapters log through (the app's pino logger; the room signaling's narrower one). */
export interface TelephonyLog {
  warn: (details: object, message: string) => void;
  info?: (details: object, message: string) => void;
}

/** One outbound call as an adapter sees it: who to ring, nothing about the visit or the patient. */
export interface OutboundCall {
  /** Our voice_calls row id, passed on so a provider's logs can be matched with ours. */
  callId: string;
  /** E.164. */
  to: string;
  /** What the local default records in the outbox (who is calling, from which clinic). */
  note: string;
}

export interface PlacedCall {
  /** The provider's id of the call, used to hang it up. */
  externalId: string;
  /** Ringing at the provider, or (the local default) already recorded. */
  status: 'dialing' | 'in-progress';
}

/**
 * Places and ends outbound calls (issue 17 item 4, decision 0043). `placeCall` resolves once the
 * provider accepted the call and throws otherwise; errors never carry the number or the note.
 */
export interface TelephonyAdapter {
  /** Shown in logs: 'telephony-http', 'outbox'. */
  readonly name: string;
  placeCall(call: OutboundCall): Promise<PlacedCall>;
  hangUp(externalId: string): Promise<void>;
}
