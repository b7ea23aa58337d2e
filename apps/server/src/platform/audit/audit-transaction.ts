import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../../db/client.ts';
import { recordAuditEvents, type AuditEvent } from './audit-recorder.ts';

/**
 * The audit events of one change request, prepared by the audit hook before the handler runs
 * (decision 0064). `pending` until a transaction of the request commits them; `recorded` once one
 * did; `closed` when the answer left without either (the hook then decides alone).
 */
export interface ChangeAuditScope {
  readonly events: readonly AuditEvent[];
  state: 'pending' | 'writing' | 'recorded' | 'closed';
}

const scopes = new AsyncLocalStorage<ChangeAuditScope>();

/** Runs `next` (the rest of the request pipeline: the handler) with `scope` as the request's scope. */
export function runInChangeScope(scope: ChangeAuditScope, next: () => void): void {
  scopes.run(scope, next);
}

const joined = new WeakSet<Db>();

/**
 * Makes every transaction that `db` opens during a change request append the request's audit events
 * just before it commits (issue 19 item 1: "written in the same transaction as the change"). A change
 * that rolls back takes its events with it; a committed change always has them. Modules keep calling
 * `db.transaction` as before: this is the one place that joins them, for both drivers (drizzle's
 * transaction on PGlite and on a node-postgres pool).
 *
 * Only the first transaction of a request carries the events: a request is one event set, whichever
 * of its transactions commits first. Transactions of no request (the outbox worker, start-up, tests)
 * and of reads are untouched. Nested transactions (savepoints) go through `tx.transaction`, not here.
 */
export function joinChangeTransactions(db: Db, now: () => Date): void {
  if (joined.has(db)) {
    return;
  }
  joined.add(db);
  const open = db.transaction.bind(db);
  const transaction: Db['transaction'] = async (run, config) => {
    const scope = scopes.getStore();
    if (scope?.state !== 'pending') {
      return open(run, config);
    }
    // A transaction running beside this one in the same request leaves the events to it.
    scope.state = 'writing';
    try {
      const result = await open(async (tx) => {
        const value = await run(tx);
        // Last statement before COMMIT: the chain lock is held only for the commit itself.
        await recordAuditEvents(tx, scope.events, now());
        return value;
      }, config);
      scope.state = 'recorded';
      return result;
    } catch (error) {
      // Rolled back with its change: a later transaction of the request, or the hook, records it.
      if (scope.state === 'writing') {
        scope.state = 'pending';
      }
      throw error;
    }
  };
  db.transaction = transaction;
}
