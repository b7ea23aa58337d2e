import { sql } from 'drizzle-orm';
import { createPatient } from '../apps/server/src/modules/scheduling/scheduling-test-helpers.ts';
import { loginTokens } from '../apps/server/src/modules/auth/auth-test-helpers.ts';
import { announce, announceBare, bootBenchWorld, openMessageThread } from './world.ts';

// A child process of bench/message-send.ts: either a bare Fastify POST route that parses a JSON body
// and answers a small JSON object (the baseline), or the real app (world.ts) with threads between the
// provider and BENCH_PATIENTS patients (default 1: the world's own), each already BENCH_HISTORY
// messages long. It announces the first thread's path and token, and every patient's as `callers`.

if ((process.env.BENCH_MODE ?? 'app') === 'bare') {
  await announceBare((bare) =>
    bare.post('/bare', (request) => ({ ok: true, length: JSON.stringify(request.body).length })),
  );
} else {
  const history = Number(process.env.BENCH_HISTORY ?? 200);
  const patientCount = Number(process.env.BENCH_PATIENTS ?? 1);
  const bench = await bootBenchWorld();
  const { app, context, world } = bench;
  const callers: { path: string; token: string }[] = [];
  for (let index = 0; index < patientCount; index++) {
    const patient = index === 0 ? world.patient : await createPatient(context.db, world.clinicId);
    const threadId = await openMessageThread(bench, patient.id);
    // A conversation of some months: messages of about 300 characters, both sides in turn.
    await context.db.execute(sql`
      insert into thread_messages (thread_id, sender_user_id, body, created_at)
      select ${threadId}::uuid,
             case when i % 2 = 0 then ${patient.id}::uuid else ${world.providerUser.id}::uuid end,
             'Message ' || i || ': ' || repeat('about the results, the next visit and the medication. ', 5),
             now() - interval '1 day' * (${history} - i)
      from generate_series(1, ${history}) i`);
    const token = index === 0 ? bench.patientToken : (await loginTokens(app, patient.username)).access_token;
    callers.push({ path: `/api/messages/threads/${threadId}/messages`, token });
  }
  await context.db.execute(sql`vacuum analyze`);
  const [first] = callers;
  await announce(app, { path: first?.path, token: first?.token, callers });
}
