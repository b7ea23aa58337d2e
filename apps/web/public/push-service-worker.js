// Shows the notifications the server pushes (Web Push, docs/decisions/0013-devices-and-push.md).
// A plain script served as is from the site root, so its scope is the whole app. Payloads carry no
// health data: a title, a short text and a path of this app to open.
/* global self, clients */

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Care Portal';
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/';
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => 'focus' in client);
      if (open) {
        return open.navigate(url).then((client) => (client || open).focus());
      }
      return clients.openWindow(url);
    }),
  );
});

// The browser replaced the subscription: ask the open app to register the device again.
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    clients.matchAll({ type: 'window' }).then((windows) => {
      windows.forEach((client) => client.postMessage({ type: 'push-subscription-change' }));
    }),
  );
});
