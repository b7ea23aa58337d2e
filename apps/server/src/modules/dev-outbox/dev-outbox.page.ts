import { DEV_OUTBOX_LIMIT, DEV_OUTBOX_PATH, type DevOutboxMessage } from '@app/contracts/dev-outbox';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Message bodies are arbitrary text (and may quote what a user typed): everything is escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

const CHANNEL_NAMES: Record<DevOutboxMessage['channel'], string> = {
  email: 'Email',
  sms: 'SMS',
  push: 'Push',
  voice: 'Voice call',
};

function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/** The outbox's address with the given query parameters (empty and missing ones left out). */
export function outboxHref(params: Record<string, string | undefined>): string {
  const present = Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1]));
  const query = new URLSearchParams(present).toString();
  return query ? `${DEV_OUTBOX_PATH}?${query}` : DEV_OUTBOX_PATH;
}

/** The table's columns; on a phone each cell shows its column's name beside it (data-label). */
const COLUMNS = ['Time', 'Channel', 'Recipient', 'Purpose', 'Status', 'Message'] as const;

function renderRow(message: DevOutboxMessage): string {
  const subject = message.subject ? `<strong>${escapeHtml(message.subject)}</strong>` : '';
  const cells = [
    `<time datetime="${escapeHtml(message.createdAt)}">${escapeHtml(formatTime(message.createdAt))}</time>`,
    CHANNEL_NAMES[message.channel],
    escapeHtml(message.recipient),
    escapeHtml(message.purpose),
    escapeHtml(message.status),
    `${subject}<pre>${escapeHtml(message.body)}</pre>`,
  ];
  return `<tr>
${cells.map((cell, index) => `<td data-label="${COLUMNS[index] ?? ''}">${cell}</td>`).join('\n')}
</tr>`;
}

// Inline styles are allowed by our CSP (style-src 'unsafe-inline'); scripts are not, and none are needed.
const STYLES = `
body { font-family: system-ui, sans-serif; margin: 0 auto; padding: 1rem 1.5rem; max-width: 80rem; color: #1a1a1a; background: #fff; }
h1 { font-size: 1.6rem; margin: 0.5rem 0; }
h2 { font-size: 1.2rem; margin: 1.5rem 0 0.5rem; }
form { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
input { font: inherit; padding: 0.35rem 0.5rem; min-width: 18rem; border: 1px solid #555; border-radius: 4px; }
button { font: inherit; padding: 0.35rem 1rem; border: 0; border-radius: 4px; background: #1f6f66; color: #fff; cursor: pointer; }
a { color: #0b4f9c; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: 0.5rem; border-bottom: 1px solid #ccc; }
th { background: #f2f2f2; }
pre { white-space: pre-wrap; word-break: break-word; margin: 0.25rem 0 0; font-size: 0.95rem; }
.note { color: #444; }
/* A phone: six columns do not fit 390 px, so each message becomes a block of labelled lines. */
@media (max-width: 40rem) {
  body { padding: 1rem; }
  input { min-width: 0; flex: 1 1 12rem; }
  thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  table, tbody, tr, td { display: block; width: auto; }
  caption { display: block; text-align: left; }
  tr { border-bottom: 2px solid #999; padding: 0.5rem 0; }
  td { border: 0; padding: 0.2rem 0; overflow-wrap: anywhere; }
  td::before { content: attr(data-label) ": "; font-weight: 600; }
}
`;

/** The dev outbox as a page: a filter form and the latest messages in a table. */
export function renderDevOutboxPage({
  messages,
  to,
  earlierCursor,
}: {
  messages: DevOutboxMessage[];
  to: string | undefined;
  /** The cursor of the older messages (decision 0076); null when this page holds the oldest. */
  earlierCursor: string | null;
}): string {
  const filter = to?.trim() ?? '';
  const heading = filter ? `Latest messages to ${escapeHtml(filter)}` : 'Latest messages';
  const jsonHref = outboxHref({ to: filter, format: 'json' });
  // A plain link (the page has no script): the older page opens as a page of its own.
  const earlier =
    earlierCursor === null
      ? ''
      : `<p><a href="${escapeHtml(outboxHref({ to: filter, before: earlierCursor }))}">Show earlier messages</a></p>`;
  const list =
    messages.length === 0
      ? '<p>No messages yet.</p>'
      : `<table>
<caption class="note">${messages.length} message${messages.length === 1 ? '' : 's'}, newest first (at most ${DEV_OUTBOX_LIMIT} a page).</caption>
<thead><tr>${COLUMNS.map((column) => `<th scope="col">${column}</th>`).join('')}</tr></thead>
<tbody>
${messages.map(renderRow).join('\n')}
</tbody>
</table>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development outbox · Care Portal</title>
<style>${STYLES}</style>
</head>
<body>
<header>
<h1>Development outbox</h1>
<p class="note">Every email, SMS and outbound call the server has sent or placed, kept here so you can finish two-factor login and recovery without a real gateway. This page does not exist in production.</p>
</header>
<main>
<form method="get" action="${DEV_OUTBOX_PATH}" role="search" aria-label="Filter messages">
<label for="to">Email address or phone number</label>
<input id="to" name="to" type="search" value="${escapeHtml(filter)}" autocomplete="off">
<button type="submit">Show messages</button>
<a href="${DEV_OUTBOX_PATH}">Show all</a>
<a href="${escapeHtml(jsonHref)}">As JSON</a>
</form>
<h2>${heading}</h2>
${list}
${earlier}
</main>
</body>
</html>
`;
}
