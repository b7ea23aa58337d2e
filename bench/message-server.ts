import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { parseEnv } from '../apps/server/src/env.ts';
import { createAppContext } from '../apps/server/src/start-up.ts';
import { startAuditSealer } from '../apps/server/src/platform/audit/audit-sealer.ts';
import { loginTokens } from '../apps/server/src/modules/auth/auth-test-helpers.ts';
import { createSchedulingWorld } from '../apps/server/src/modules/scheduling/scheduling-test-helpers.ts';

// A child process of bench/message-send.ts: either a bare Fastify POST route that parses a JSON body
// and answers a small JSON object (the baseline), or the real app (PGlite, or PostgreSQL from
// BENCH_DATABASE_URL) with a provider, a patient and one thread already BENCH_HISTORY messages long.
// It prints one JSON line (url, path, token), then serves until killed.

const mode = process.env.BENCH_MODE ?? 'app';

if (mode === 'bare') {
  const bare = Fastify({ logger: false });
  bare.post('/bare', (request) => ({ ok: true, length: JSON.stringify(request.body).length }));
  const url = await bare.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ url, path: '/bare', token: null }));
} else {
  const history = Number(process.env.BENCH_HISTORY ?? 200);
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { memory: true });
  await database.migrate();
  const env = {
    ...parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    AUTH_RATE_LIMIT_PER_IP: 1_000_000,
    AUTH_RATE_LIMIT_PER_ACCOUNT: 1_000_000,
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
  if (thread.statusCode !== 201) {
    throw new Error(`creating the thread answered ${String(thread.statusCode)}: ${thread.body}`);
  }
  const threadId = thread.json<{ id: string }>().id;
  // A conversation of some months: messages of about 300 characters, both sides in turn.
  await context.db.execute(sql`
    insert into thread_messages (thread_id, sender_user_id, body, created_at)
    select ${threadId}::uuid,
           case when i % 2 = 0 then ${world.patient.id}::uuid else ${world.providerUser.id}::uuid end,
           'Message ' || i || ': ' || repeat('about the results, the next visit and the medication. ', 5),
           now() - interval '1 day' * (${history} - i)
    from generate_series(1, ${history}) i`);
  await context.db.execute(sql`vacuum analyze`);
  // As server.ts does: the audit rows a change writes are sealed after commit (decision 0077).
  startAuditSealer(context.db, app.log);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(
    JSON.stringify({ url, path: `/api/messages/threads/${threadId}/messages`, token: patientToken }),
  );
}

process.on('SIGTERM', () => process.exit(0));
