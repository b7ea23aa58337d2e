// Whose messages a screen shows: a provider's in one clinic (/api/provider/clinics/:clinicId/...) or
// the signed-in patient's own (/api/messages/...). The thread screens are shared by both (decision 0026).
export type MessagingScope = { kind: 'provider'; clinicId: string } | { kind: 'patient' };

export const MESSAGING_KEY = 'messaging';

/** The base path of the thread calls of a scope. */
export function messagesPath(scope: MessagingScope): string {
  return scope.kind === 'provider'
    ? `/api/provider/clinics/${encodeURIComponent(scope.clinicId)}/messages`
    : '/api/messages';
}

export function clinicPath(clinicId: string): string {
  return `/api/provider/clinics/${encodeURIComponent(clinicId)}`;
}

/** Every messaging query of a scope starts with this key, so one invalidation refreshes them all. */
export function scopeKey(scope: MessagingScope): readonly [string, string] {
  return [MESSAGING_KEY, scope.kind === 'provider' ? scope.clinicId : 'patient'];
}
