import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../access.ts';

// Who may watch which topic (decision 0023). Topics are `<kind>:<uuid>`; the contract's schema has
// already checked the shape. Kinds other modules own (issue 7's video rooms) register their rule here.

// A rule gets the database of the app that asks (not one captured at registration), so two apps in
// one process (the cross-instance tests) each check against their own.
export interface TopicRuleDeps {
  db: Db;
}
export type TopicRule = (auth: AuthContext, id: string, deps: TopicRuleDeps) => Promise<boolean> | boolean;

const rules = new Map<string, TopicRule>([
  // A clinic's waiting rooms and counts: its providers only.
  ['clinic', (auth, id) => auth.role === 'provider' && auth.clinicIds.includes(id)],
  // A user's own events: that user only.
  ['user', (auth, id) => auth.userId === id],
]);

export function registerTopicRule(kind: string, rule: TopicRule): void {
  rules.set(kind, rule);
}

export async function maySubscribe(auth: AuthContext, topic: string, deps: TopicRuleDeps): Promise<boolean> {
  const separator = topic.indexOf(':');
  const rule = rules.get(topic.slice(0, separator));
  return rule ? await rule(auth, topic.slice(separator + 1), deps) : false;
}
