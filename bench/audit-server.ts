import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { parseEnv } from '../apps/server/src/env.ts';
import { createAppContext } from '../apps/server/src/start-up.ts';
import { startAuditSealer } from '../apps/server/src/platform/audit/audit-sealer.ts';
import { loginTokens } from '../apps/server/src/modules/auth/auth-test-helpers.ts';
import { createSchedulingWorld } from '../apps/server/src/modules/scheduling/scheduling-test-helpers.ts';

// A child process of bench/audit-overhead.ts: the real app on PGlite with audit recording as
// AUDIT_RECORDING says (on, or off for the baseline), a scheduling world and one message thread.
// It prints one JSON line (url, the two paths, the patient's token), then serves until killed.

const database = await openDatabase({ memory: true });
await database.migrate();
const env = {
  ...parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
  AUTH_RATE_LIMIT_PER_IP: 1_000_000,
  AUTH_RATE_LIMIT_PER_ACCOUNT: 1_000_000,
  AUDIT_RECORDING: process.env.AUDIT_RECORDING === 'off' ? ('off' as const) : ('on' as const),
};
const context = await createAppContext(env, database);
const app = await buildApp({ context, logger: false, webDist: '/nonexistent-web-dist' });
await app.ready();
const world = await createSchedulingWorld(context.db);
await context.db.execute(
  sql`update providers set permissions = array_append(permissions, 'MESSAGE') where user_id = ${world.providerUser.id}::uuid`,
);

const providerToken = (await loginTokens(app, world.providerUser.username)).access_token;
const patientToken = (await loginTokens(app, world.patient.username)).access_token;
const thread = await app.inject({
  method: 'POST',
  url: `/api/provider/clinics/${world.clinicId}/messages/threads`,
  headers: { authorization: `Bearer ${providerToken}` },
  payload: { subject: 'Bench', body: 'Hello from the clinic', patientId: world.patient.id },
});
if (thread.statusCode !== 200 && thread.statusCode !== 201) {
  throw new Error(`creating the thread answered ${String(thread.statusCode)}: ${thread.body}`);
}
const threadId = thread.json<{ id: string }>().id;

const from = DateTime.now().setZone('America/New_York').plus({ days: 1 });
const query = new URLSearchParams({
  clinicUuid: world.clinicId,
  providerId: world.providerId,
  consultationTypeId: world.typeId,
  departmentUuid: world.departmentId,
  startAt: from.toISODate() ?? '',
  finishAt: from.plus({ days: 6 }).toISODate() ?? '',
});
// As server.ts does: the audit rows a change writes are sealed after commit (decision 0077).
startAuditSealer(context.db, app.log);
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(
  JSON.stringify({
    url,
    slotPath: `/api/scheduling/time-slots?${query.toString()}`,
    messagePath: `/api/messages/threads/${threadId}/messages`,
    token: patientToken,
  }),
);

process.on('SIGTERM', () => process.exit(0));
