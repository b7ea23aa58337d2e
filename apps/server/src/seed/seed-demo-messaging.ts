import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { clinics } from '../db/schema/clinics.ts';
import {
  messageThreadParticipants,
  messageThreads,
  smsOptOuts,
  smsTemplates,
  threadMessages,
} from '../db/schema/messaging.ts';

/**
 * Issue 6 messaging demo: dr.smith and jane.patient share a thread with a reply dr.smith has not read
 * (the unread dot), olive.balance has an older read thread, two SMS templates, and reset.required
 * (Riley) has opted out of text messages so a bulk send shows the opted-out status.
 */
export async function seedDemoMessaging(tx: Db, clinicName: string, now: Date): Promise<void> {
  const [clinicRow] = await tx.select({ id: clinics.id }).from(clinics).where(eq(clinics.name, clinicName));
  if (!clinicRow) {
    throw new Error(`Demo messaging: clinic ${clinicName} is missing`);
  }
  const clinic = clinicRow;
  const people = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['dr.smith', 'jane.patient', 'olive.balance', 'reset.required']));
  const idOf = (username: string) => {
    const person = people.find((row) => row.username === username);
    if (!person) {
      throw new Error(`Demo messaging: ${username} is missing`);
    }
    return person.id;
  };
  const smith = idOf('dr.smith');
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  async function thread(
    patient: string,
    subject: string,
    messages: { from: string; body: string; minutesAgo: number }[],
    readBy: string[],
  ) {
    const last = messages.at(-1);
    const [row] = await tx
      .insert(messageThreads)
      .values({
        clinicId: clinic.id,
        subject,
        createdByUserId: smith,
        createdAt: minutesAgo(messages[0]?.minutesAgo ?? 0),
        lastMessageAt: minutesAgo(last?.minutesAgo ?? 0),
      })
      .returning({ id: messageThreads.id });
    if (!row) {
      throw new Error('Demo messaging: thread was not created');
    }
    const inserted = await tx
      .insert(threadMessages)
      .values(
        messages.map((message) => ({
          threadId: row.id,
          senderUserId: message.from,
          body: message.body,
          createdAt: minutesAgo(message.minutesAgo),
        })),
      )
      .returning({ seq: threadMessages.seq });
    const lastSeq = Math.max(...inserted.map((message) => message.seq));
    // Everyone has read up to their own last message; `readBy` have read everything.
    const readUpTo = (userId: string) => {
      if (readBy.includes(userId)) {
        return lastSeq;
      }
      const own = messages.map((message, index) => ({ message, seq: inserted[index]?.seq ?? 0 }));
      return Math.max(0, ...own.filter((item) => item.message.from === userId).map((item) => item.seq));
    };
    await tx.insert(messageThreadParticipants).values([
      { threadId: row.id, userId: smith, kind: 'provider', lastReadSeq: readUpTo(smith) },
      { threadId: row.id, userId: patient, kind: 'patient', lastReadSeq: readUpTo(patient) },
    ]);
  }

  const jane = idOf('jane.patient');
  await thread(
    jane,
    'Your visit next week',
    [
      {
        from: smith,
        body: 'Hello Jane, please bring your current medication list to your visit next week.',
        minutesAgo: 180,
      },
      { from: jane, body: 'Will do, thank you. Should I come in fasting?', minutesAgo: 95 },
    ],
    [jane],
  );
  const olive = idOf('olive.balance');
  await thread(
    olive,
    'Lab results',
    [
      { from: smith, body: 'Hi Olive, your lab results are normal. No action needed.', minutesAgo: 4_320 },
      { from: olive, body: 'Great news, thanks!', minutesAgo: 4_200 },
    ],
    [smith, olive],
  );

  await tx.insert(smsTemplates).values([
    {
      clinicId: clinic.id,
      name: 'Appointment reminder',
      body: 'Hi {firstName}, this is {clinicName} reminding you of your upcoming appointment. Reply STOP to opt out.',
      createdAt: now,
      updatedAt: now,
    },
    {
      clinicId: clinic.id,
      name: 'Flu shots available',
      body: 'Hi {firstName}, flu shots are now available at {clinicName}. Walk in any weekday.',
      createdAt: now,
      updatedAt: now,
    },
  ]);
  await tx.insert(smsOptOuts).values({ userId: idOf('reset.required'), optedOutAt: now });
}
