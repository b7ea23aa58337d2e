/** Unsubscribing may wait on the push service; logout does not wait longer than this. */
const UNSUBSCRIBE_TIMEOUT_MS = 2000;

/**
 * Logout ends this browser's push subscription, so on a shared computer the person who left gets no
 * more notifications there: the push service then answers 410 and the server forgets the endpoint
 * (decision 0013). The next login subscribes afresh. Best effort: nothing here stops a logout.
 */
export async function forgetPushSubscription(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    return;
  }
  const work = (async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const subscription = await registration?.pushManager.getSubscription();
    await subscription?.unsubscribe();
  })().catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, UNSUBSCRIBE_TIMEOUT_MS);
  });
  await Promise.race([work, timeout]);
  clearTimeout(timer);
}
