import type * as WebPush from 'web-push';

// Imported when first used (decision 0078): web-push and its JWT/ASN.1 dependencies load at every
// start otherwise, and only the VAPID key generation and sending a push need them.
let loading: Promise<typeof WebPush> | undefined;

export function loadWebPush(): Promise<typeof WebPush> {
  loading ??= import('web-push').then((module) => module.default);
  return loading;
}
