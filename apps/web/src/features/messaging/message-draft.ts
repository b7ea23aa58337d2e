import { readJson, removeItem, writeJson } from '../../lib/storage/browser-storage.ts';
import { SESSION_KEYS } from '../../lib/storage/storage-keys.ts';

// The receivers a provider picks across message/search-patient, message/search-provider and
// message/receiver-list before message/thread/create (spec 3 §2). Kept per tab in sessionStorage,
// cleared on logout with the other "thread data" (spec 1 §4) and after the message is sent.

export interface DraftReceiver {
  userId: string;
  name: string;
}

export interface MessageDraft {
  /** One patient at most (decision 0026). */
  patient: DraftReceiver | null;
  providers: DraftReceiver[];
}

const EMPTY: MessageDraft = { patient: null, providers: [] };

function isReceiver(value: unknown): value is DraftReceiver {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>).userId === 'string' &&
    typeof (value as Record<string, unknown>).name === 'string'
  );
}

export function readDraft(): MessageDraft {
  const value = readJson('session', SESSION_KEYS.messageDraft);
  if (typeof value !== 'object' || value === null) {
    return EMPTY;
  }
  const record = value as Record<string, unknown>;
  return {
    patient: isReceiver(record.patient) ? record.patient : null,
    providers: Array.isArray(record.providers) ? record.providers.filter(isReceiver) : [],
  };
}

export function writeDraft(draft: MessageDraft): void {
  writeJson('session', SESSION_KEYS.messageDraft, draft);
}

export function clearDraft(): void {
  removeItem('session', SESSION_KEYS.messageDraft);
}

export function addReceiver(draft: MessageDraft, kind: 'patient' | 'provider', receiver: DraftReceiver) {
  if (kind === 'patient') {
    return { ...draft, patient: receiver };
  }
  return draft.providers.some((item) => item.userId === receiver.userId)
    ? draft
    : { ...draft, providers: [...draft.providers, receiver] };
}

export function removeReceiver(draft: MessageDraft, userId: string): MessageDraft {
  return {
    patient: draft.patient?.userId === userId ? null : draft.patient,
    providers: draft.providers.filter((item) => item.userId !== userId),
  };
}
