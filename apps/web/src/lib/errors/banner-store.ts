import { GENERIC_ERROR_TEXT } from '@app/contracts/errors';
import { isApiRequestError } from '../api/api-error.ts';
import { bannerMessages } from './banner-message.ts';

// The error banner's state lives outside React so the query and mutation caches can report to it.

export interface BannerState {
  /** Grows with each report so the same text reported twice still re-announces. */
  id: number;
  messages: string[];
}

type Listener = () => void;
const listeners = new Set<Listener>();
let state: BannerState | null = null;
let counter = 0;

function notify(): void {
  for (const listener of listeners) {
    listener();
  }
}

export function getBanner(): BannerState | null {
  return state;
}

export function subscribeBanner(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function showBanner(messages: string[]): void {
  counter += 1;
  state = { id: counter, messages };
  notify();
}

export function dismissBanner(): void {
  if (state) {
    state = null;
    notify();
  }
}

/** Applies the spec 1 §8 rules to a failed call and shows the banner when they say so. */
export function reportRequestError(error: unknown): void {
  if (isApiRequestError(error)) {
    // Like the expired-token message (spec 1 §8): a session ended elsewhere is said on the login page.
    if (error.sessionEnded) {
      return;
    }
    const messages = bannerMessages({
      status: error.status,
      url: error.url,
      body: error.body,
      fallbackMessage: error.message,
    });
    if (messages) {
      showBanner(messages);
    }
    return;
  }
  if (error instanceof Error && error.name !== 'AbortError') {
    // Not an HTTP answer (e.g. an unexpected bug): no technical text for the person.
    showBanner([GENERIC_ERROR_TEXT]);
  }
}
