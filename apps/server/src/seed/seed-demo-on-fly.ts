import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { taskSettings, tasks } from '../db/schema/check-in.ts';
import { clinics } from '../db/schema/clinics.ts';

// Issue 5, spec 2 §4 "On-the-fly tasks": the demo clinic has sent jane one task outside any
// appointment, so the on-the-fly flow has something to show (open it from /user/task?flow=on-fly).

export const DEMO_ON_FLY_TASK = {
  title: 'Update your pharmacy',
  description: 'Tell us which pharmacy we should send your prescriptions to.',
} as const;

export async function seedDemoOnFlyTask(tx: Db, clinicName: string, username: string): Promise<void> {
  const [clinic] = await tx.select({ id: clinics.id }).from(clinics).where(eq(clinics.name, clinicName));
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username), eq(users.memberType, 'patient')));
  if (!clinic || !user) {
    throw new Error(`Demo on-the-fly task: clinic ${clinicName} or ${username} is missing`);
  }
  const [setting] = await tx
    .insert(taskSettings)
    .values({
      clinicId: clinic.id,
      title: DEMO_ON_FLY_TASK.title,
      description: DEMO_ON_FLY_TASK.description,
      actionType: 'regular',
      isOnFly: true,
      order: 100,
      config: { demoKey: 'on-fly-pharmacy' },
    })
    .returning({ id: taskSettings.id });
  if (!setting) {
    throw new Error('Demo on-the-fly setting was not created');
  }
  await tx.insert(tasks).values({ clinicId: clinic.id, userId: user.id, settingId: setting.id });
}
