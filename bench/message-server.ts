import { sql } from 'drizzle-orm';
import { announce, announceBare, bootBenchWorld, openMessageThread } from './world.ts';

// A child process of bench/message-send.ts: either a bare Fastify POST route that parses a JSON body
// and answers a small JSON object (the baseline), or the real app (world.ts) with one thread between
// the provider and the patient already BENCH_HISTORY messages long.

if ((process.env.BENCH_MODE ?? 'app') === 'bare') {
  await announceBare((bare) =>
    bare.post('/bare', (request) => ({ ok: true, length: JSON.stringify(request.body).length })),
  );
} else {
  const history = Number(process.env.BENCH_HISTORY ?? 200);
  const bench = await bootBenchWorld();
  const { context, world } = bench;
  const threadId = await openMessageThread(bench);
  // A conversation of some months: messages of about 300 characters, both sides in turn.
  await context.db.execute(sql`
    insert into thread_messages (thread_id, sender_user_id, body, created_at)
    select ${threadId}::uuid,
           case when i % 2 = 0 then ${world.patient.id}::uuid else ${world.providerUser.id}::uuid end,
           'Message ' || i || ': ' || repeat('about the results, the next visit and the medication. ', 5),
           now() - interval '1 day' * (${history} - i)
    from generate_series(1, ${history}) i`);
  await context.db.execute(sql`vacuum analyze`);
  await announce(bench.app, {
    path: `/api/messages/threads/${threadId}/messages`,
    token: bench.patientToken,
  });
}
