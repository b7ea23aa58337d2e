import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import type { AppContext } from '../apps/server/src/app-context.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/accounts.ts';
import {
  clinicPatients,
  clinics,
  consultationTypes,
  departments,
  providers,
  providerSchedules,
} from '../apps/server/src/db/schema/clinics.ts';
import { providerConsultationTypes } from '../apps/server/src/db/schema/scheduling.ts';
import { parseEnv } from '../apps/server/src/env.ts';
import { startAuditSealer } from '../apps/server/src/platform/audit/audit-sealer.ts';
import { loadSigningKey } from '../apps/server/src/platform/auth/signing-key.ts';
import { createMemoryHub } from '../apps/server/src/platform/realtime/realtime-hub.ts';
import { hashSecret } from '../apps/server/src/platform/passwords.ts';
import {
  BENCH_PASSWORD,
  BENCH_PATIENTS,
  BENCH_PROVIDERS,
  SLOT_MINUTES,
  type BenchWorld,
} from './booking-world.ts';

// Child process of booking-load.ts: `bare` serves one bare Fastify route (the baseline); `portal`
// builds the real app on PGlite (in memory) or on DATABASE_URL, writes a bench clinic, logs the
// patients in and prints what the load generator needs as one JSON line.

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) {
    throw new Error(`bench: ${what} was not created`);
  }
  return value;
}

async function bare(port: number): Promise<void> {
  const app = Fastify({ logger: false });
  app.post('/bare', async (_request, reply) => reply.status(201).send({ id: 'bare' }));
  await app.listen({ port, host: '127.0.0.1' });
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
}

async function portal(port: number): Promise<void> {
  const url = process.env.DATABASE_URL;
  const database = await openDatabase(url ? { url } : { memory: true });
  await database.migrate();
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
  });
  const context: AppContext = {
    env,
    db: database.db,
    signingKey: await loadSigningKey(database.db, env.JWT_SECRET),
    redis: null,
    realtime: createMemoryHub(),
    now: () => new Date(),
  };
  const { db } = database;
  const suffix = randomBytes(3).toString('hex');
  const [clinicRow] = await db
    .insert(clinics)
    .values({ clinicNumber: 60_000 + Math.floor(Math.random() * 30_000), name: `Bench ${suffix}` })
    .returning({ id: clinics.id });
  const clinic = must(clinicRow, 'clinic');
  const [departmentRow] = await db
    .insert(departments)
    .values({ clinicId: clinic.id, name: 'Bench department', timezone: 'UTC' })
    .returning({ id: departments.id });
  const department = must(departmentRow, 'department');
  const [typeRow] = await db
    .insert(consultationTypes)
    .values({ clinicId: clinic.id, name: 'Bench visit', durationMinutes: SLOT_MINUTES })
    .returning({ id: consultationTypes.id });
  const type = must(typeRow, 'consultation type');
  const passwordHash = await hashSecret(BENCH_PASSWORD);
  const providerIds: string[] = [];
  for (let i = 0; i < BENCH_PROVIDERS; i++) {
    const [doctorRow] = await db
      .insert(users)
      .values({
        memberId: `BD-${suffix}-${i}`,
        username: `bench.doctor.${suffix}.${i}`,
        passwordHash,
        memberType: 'doctor',
        firstName: 'Bench',
        lastName: `Doctor ${i}`,
      })
      .returning({ id: users.id });
    const [providerRow] = await db
      .insert(providers)
      .values({ userId: must(doctorRow, 'doctor').id, clinicId: clinic.id })
      .returning({ id: providers.id });
    const provider = must(providerRow, 'provider');
    providerIds.push(provider.id);
    await db.insert(providerSchedules).values(
      [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
        providerId: provider.id,
        departmentId: department.id,
        weekday,
        startTime: '00:00:00',
        endTime: '23:30:00',
      })),
    );
    await db.insert(providerConsultationTypes).values({
      providerId: provider.id,
      departmentId: department.id,
      consultationTypeId: type.id,
    });
  }
  const app = await buildApp({ context, logger: false, webDist: '/nonexistent-web-dist' });
  await app.ready();
  const tokens: string[] = [];
  for (let i = 0; i < BENCH_PATIENTS; i++) {
    const username = `bench.patient.${suffix}.${i}`;
    const [patientRow] = await db
      .insert(users)
      .values({
        memberId: `BP-${suffix}-${i}`,
        username,
        passwordHash,
        memberType: 'patient',
        firstName: 'Bench',
        lastName: `Patient ${i}`,
        securityQuestion: 'Bench?',
      })
      .returning({ id: users.id });
    await db.insert(clinicPatients).values({ clinicId: clinic.id, userId: must(patientRow, 'patient').id });
    const login = await app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      payload: { grant_type: 'password', client_id: '34', username, password: BENCH_PASSWORD },
    });
    tokens.push(login.json<{ access_token: string }>().access_token);
  }
  // As server.ts does: the audit rows a booking writes are sealed after commit (decision 0077).
  startAuditSealer(db, app.log);
  await app.listen({ port, host: '127.0.0.1' });
  const world: BenchWorld = {
    url: `http://127.0.0.1:${port}`,
    clinicId: clinic.id,
    departmentId: department.id,
    consultationTypeId: type.id,
    providerIds,
    tokens,
  };
  console.log(JSON.stringify(world));
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
}

const [mode, portText] = process.argv.slice(2);
const port = Number(portText);
if (mode === 'bare') {
  await bare(port);
} else if (mode === 'portal') {
  await portal(port);
} else {
  throw new Error('usage: booking-server.ts bare|portal <port>');
}
