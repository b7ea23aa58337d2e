// Shows the notifications the server pushes (Web Push, docs/decisions/0013-devices-and-push.md).
// A plain script served as is from the site root, so its scope is the whole app. Payloads carry no
// health data: a title, a short text and a path of this app to open; notifications with buttons also
// carry their kind and a single-use action token (decision 0044).
/* global self, clients */

const ACTIONS_PATH = '/public/push/actions';

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Care Portal';
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/';
  // spec 3 §7 (decision 0044): todo Done/Skip, password Ok/Reject, message View/Skip, with the
  // notification's single-use action token.
  const actions = Array.isArray(data.actions)
    ? data.actions
        .filter((item) => item && typeof item.action === 'string' && typeof item.title === 'string')
        .slice(0, 2)
        .map((item) => ({ action: item.action, title: item.title }))
    : [];
  const token = typeof data.token === 'string' ? data.token : null;
  const kind = typeof data.kind === 'string' ? data.kind : null;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      data: { url, token, kind },
      ...(actions.length > 0 && token ? { actions } : {}),
    }),
  );
});

/** Opens the path in a window of this app: the one already open (navigated there), else a new one. */
function openApp(url) {
  return clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
    const open = windows.find((client) => 'focus' in client);
    if (open) {
      // Focus is allowed only during a real click; the navigation stands even where focus is refused.
      // A window the worker does not control cannot be navigated: a new one opens instead.
      return open.navigate(url).then(
        (client) => Promise.resolve((client || open).focus()).catch(() => client || open),
        () => clients.openWindow(url),
      );
    }
    return clients.openWindow(url);
  });
}

/** Posts the chosen button with the notification's token; resolves to the server's answer or null. */
function postAction(token, action) {
  return fetch(ACTIONS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, action }),
    credentials: 'omit',
  })
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null);
}

/**
 * A click on a notification: on a button, the action goes to the server (no login needed, the token
 * authorises it); View opens the thread the server names. A click on the body opens the notification's
 * path. A Done the server refused (a task its own flow completes) opens the task instead, so the
 * patient can finish it there. Exposed on `self` so a test can run it in the real worker.
 */
function handleNotificationClick(notification, action) {
  notification.close();
  const data = notification.data || {};
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/';
  if (!action || !data.token) {
    return openApp(url);
  }
  return postAction(data.token, action).then((answer) => {
    if (answer && typeof answer.url === 'string' && answer.url.startsWith('/')) {
      return openApp(answer.url);
    }
    if (!answer && (action === 'done' || action === 'view')) {
      return openApp(url);
    }
    return null;
  });
}
self.handleNotificationClick = handleNotificationClick;

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(handleNotificationClick(event.notification, event.action));
});

// The browser replaced the subscription: ask the open app to register the device again.
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    clients.matchAll({ type: 'window' }).then((windows) => {
      windows.forEach((client) => client.postMessage({ type: 'push-subscription-change' }));
    }),
  );
});
