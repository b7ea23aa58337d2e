import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { buildApp, type App } from '../apps/server/src/app.ts';
import type { AppContext } from '../apps/server/src/app-context.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { parseEnv, type Env } from '../apps/server/src/env.ts';
import { createAppContext } from '../apps/server/src/start-up.ts';
import { startAuditSealer } from '../apps/server/src/platform/audit/audit-sealer.ts';
import { loginTokens } from '../apps/server/src/modules/auth/auth-test-helpers.ts';
import { createSchedulingWorld } from '../apps/server/src/modules/scheduling/scheduling-test-helpers.ts';

// The world a load bench's child process serves (decision 0078): the real app on PGlite in memory or
// on BENCH_DATABASE_URL, with a clinic, a provider and a patient (createSchedulingWorld), or a bare
// Fastify route as the baseline. scheduling-server.ts, message-server.ts and audit-server.ts add
// only what their bench needs. The child prints one JSON line (what the parent needs: url, paths,
// token), then serves until killed; world-load.ts is the parent's side.

export type SchedulingWorld = Awaited<ReturnType<typeof createSchedulingWorld>>;

export interface BenchWorld {
  context: AppContext;
  app: App;
  world: SchedulingWorld;
  patientToken: string;
  /** Stops the sealer, the app and the database (a bench that boots several worlds in one process). */
  close(): Promise<void>;
}

/** Builds the app the way server.ts does, minus the listening, with the rate limits out of the way. */
export async function bootBenchWorld(envOverrides: Partial<Env> = {}): Promise<BenchWorld> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { memory: true });
  await database.migrate();
  const env: Env = {
    ...parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    AUTH_RATE_LIMIT_PER_IP: 1_000_000,
    AUTH_RATE_LIMIT_PER_ACCOUNT: 1_000_000,
    ...envOverrides,
  };
  const context = await createAppContext(env, database);
  const app = await buildApp({ context, logger: false, webDist: '/nonexistent-web-dist' });
  await app.ready();
  const world = await createSchedulingWorld(context.db);
  const patientToken = (await loginTokens(app, world.patient.username)).access_token;
  // As server.ts does: the audit rows a change writes are sealed after commit (decision 0077).
  const sealer = startAuditSealer(context.db, app.log);
  const close = async () => {
    await sealer.stop();
    await app.close();
    await database.close();
  };
  return { context, app, world, patientToken, close };
}

/** The patient's slot search: the world's provider, a 7-day window from tomorrow. */
export function slotSearchPath(world: SchedulingWorld): string {
  const from = DateTime.now().setZone('America/New_York').plus({ days: 1 });
  const query = new URLSearchParams({
    clinicUuid: world.clinicId,
    providerId: world.providerId,
    consultationTypeId: world.typeId,
    departmentUuid: world.departmentId,
    startAt: from.toISODate() ?? '',
    finishAt: from.plus({ days: 6 }).toISODate() ?? '',
  });
  return `/api/scheduling/time-slots?${query.toString()}`;
}

/**
 * A thread the provider opened with a patient (the world's own unless `patientId` is given; the
 * provider gets the MESSAGE permission); its id.
 */
export async function openMessageThread(
  { context, app, world }: BenchWorld,
  patientId: string = world.patient.id,
): Promise<string> {
  await context.db.execute(
    sql`update providers set permissions = array_append(permissions, 'MESSAGE') where user_id = ${world.providerUser.id}::uuid and not ('MESSAGE' = any(permissions))`,
  );
  const providerToken = (await loginTokens(app, world.providerUser.username)).access_token;
  const thread = await app.inject({
    method: 'POST',
    url: `/api/provider/clinics/${world.clinicId}/messages/threads`,
    headers: { authorization: `Bearer ${providerToken}` },
    payload: { subject: 'Bench', body: 'Hello from the clinic', patientId },
  });
  if (thread.statusCode !== 200 && thread.statusCode !== 201) {
    throw new Error(`creating the thread answered ${String(thread.statusCode)}: ${thread.body}`);
  }
  return thread.json<{ id: string }>().id;
}

/** Listens on a free port and prints the one JSON line the parent waits for. */
export async function announce(app: FastifyInstance, info: Record<string, unknown>): Promise<void> {
  const url = await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
  console.log(JSON.stringify({ ...info, url }));
}

/** The baseline: a bare Fastify server with the one route `route` adds, announced as `/bare`. */
export async function announceBare(route: (bare: FastifyInstance) => void): Promise<void> {
  const bare = Fastify({ logger: false });
  route(bare);
  await announce(bare, { path: '/bare', token: null });
}

// A clean exit on SIGTERM lets `node --cpu-prof` write its profile when the parent stops us.
process.on('SIGTERM', () => process.exit(0));
