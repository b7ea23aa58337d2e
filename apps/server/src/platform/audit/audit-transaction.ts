import { AsyncLocalStorage } from 'node:async_hooks';
import { getTableName, is, Table } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recordAuditEvents, type AuditEvent } from './audit-recorder.ts';

/**
 * The audit events of one change request, prepared by the audit hook before the handler runs
 * (decision 0064). `pending` until a transaction of the request commits them; `recorded` once one
 * did; `closed` when the answer left without either (the hook then decides alone).
 */
export interface ChangeAuditScope {
  events: readonly AuditEvent[];
  state: 'pending' | 'writing' | 'recorded' | 'closed';
  /**
   * The statement that wrote through `db` itself (not a transaction) while the request was served: such
   * a write is not atomic with the events. Tests refuse it (audit hook); the fix is `db.transaction`.
   */
  writeOutside?: string;
}

const scopes = new AsyncLocalStorage<ChangeAuditScope>();

/** Runs `next` (the rest of the request pipeline: the handler) with `scope` as the request's scope. */
export function runInChangeScope(scope: ChangeAuditScope, next: () => void): void {
  scopes.run(scope, next);
}

/**
 * Names the patients of the change being served when only its handler knows them (a bulk send to a
 * selection, a registration that creates the patient): one event per patient instead of one without a
 * patient. Call it inside the change's transaction, before it commits. Outside a change request (the
 * worker, a test, audit off) it does nothing.
 */
export function auditChangeTouches(patientIds: readonly string[]): void {
  const scope = scopes.getStore();
  const [template] = scope?.events ?? [];
  if (scope === undefined || template === undefined || patientIds.length === 0) {
    return;
  }
  scope.events = [...new Set(patientIds)].map((patientId) => ({ ...template, patientId }));
}

const joined = new WeakSet<Db>();

/**
 * Tables a change request writes on purpose apart from the change: the password throttle that a
 * credential check inside a change (a family member's password) counts, which must stand even when the
 * change does not happen. Not patient data.
 */
const STANDS_ALONE = new Set(['login_throttles']);

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
        // Last statement before COMMIT, so a failed change never reaches it (the append takes no lock).
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

  // A write through `db` itself commits on its own, apart from the events: remember it for the hook.
  for (const method of ['insert', 'update', 'delete'] as const) {
    const write = db[method].bind(db) as (table: unknown) => unknown;
    const watched = (table: unknown) => {
      const scope = scopes.getStore();
      const name = tableNameOf(table);
      if (scope !== undefined && scope.state !== 'closed' && !STANDS_ALONE.has(name)) {
        scope.writeOutside ??= `${method} ${name}`;
      }
      return write(table);
    };
    (db as unknown as Record<typeof method, unknown>)[method] = watched;
  }
}

function tableNameOf(table: unknown): string {
  return is(table, Table) ? getTableName(table) : 'a table';
}
