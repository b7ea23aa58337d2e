import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { taskSettings } from '../db/schema/check-in.ts';
import { clinics } from '../db/schema/clinics.ts';

// Issue 5: the demo clinic's check-in asks for what a real intake asks for, in this order. Each task's
// own feature seeds what its page needs (the questionnaire forms, the document to sign) and fills the
// config here through its own seed function.

export const DEMO_TASKS = [
  { key: 'questionnaire', title: 'Health questionnaire', actionType: 'questionnaire', valueType: 'REGULAR' },
  {
    key: 'demographics',
    title: 'Confirm your details',
    actionType: 'demographics',
    valueType: 'DEMOGRAPHICS',
  },
  { key: 'insurance', title: 'Insurance card', actionType: 'insurance_card', valueType: 'INSURANCE_CARD' },
  { key: 'consent', title: 'Sign the consent form', actionType: 'sign_document', valueType: 'REGULAR' },
  { key: 'vitals', title: 'Your vitals today', actionType: 'vital', valueType: 'VITAL' },
  { key: 'copay', title: 'Copay', actionType: 'copay', valueType: 'REGULAR' },
] as const;

export async function seedDemoTasks(tx: Db, clinicName: string): Promise<void> {
  const [clinic] = await tx.select({ id: clinics.id }).from(clinics).where(eq(clinics.name, clinicName));
  if (!clinic) {
    throw new Error(`Demo tasks: clinic ${clinicName} is missing`);
  }
  await tx.insert(taskSettings).values(
    DEMO_TASKS.map((task, index) => ({
      clinicId: clinic.id,
      title: task.title,
      actionType: task.actionType,
      valueType: task.valueType,
      order: (index + 1) * 10,
      config: { demoKey: task.key },
    })),
  );
}
