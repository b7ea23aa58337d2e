import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { taskSettings } from '../db/schema/check-in.ts';
import { clinics } from '../db/schema/clinics.ts';
import { signDocuments } from '../db/schema/documents.ts';

// Issue 5 item 8: the demo clinic's consent to sign. The sign-document task setting (demoKey 'consent',
// seed-demo-tasks.ts) is pointed at it through config.documentIds.

export const DEMO_CONSENT_TITLE = 'Consent to treatment';

export const DEMO_CONSENT_PARAGRAPHS = [
  "I voluntarily consent to the examination, diagnostic procedures and medical treatment that my provider at this clinic considers necessary, including care given by nurses, medical assistants and other staff under the provider's direction.",
  'I understand that medicine is not an exact science and that no guarantee has been made to me about the results of any examination or treatment. I may ask questions about my care at any time, and I may refuse or stop any treatment.',
  'I authorize the clinic to use and share my health information for treatment, payment and health care operations as described in the Notice of Privacy Practices, which I have been offered.',
  'I authorize the clinic to bill my insurance plan for the services I receive, and I agree to pay any copay, deductible or amount my plan does not cover.',
  'This consent stays in effect until I withdraw it in writing. A copy of this signed form is as valid as the original.',
];

export async function seedDemoDocuments(tx: Db, clinicName: string): Promise<void> {
  const [clinic] = await tx.select({ id: clinics.id }).from(clinics).where(eq(clinics.name, clinicName));
  if (!clinic) {
    throw new Error(`Demo documents: clinic ${clinicName} is missing`);
  }
  const [document] = await tx
    .insert(signDocuments)
    .values({ clinicId: clinic.id, title: DEMO_CONSENT_TITLE, paragraphs: DEMO_CONSENT_PARAGRAPHS })
    .returning({ id: signDocuments.id });
  if (!document) {
    throw new Error('Demo documents: the consent was not created');
  }
  await tx
    .update(taskSettings)
    .set({ config: { demoKey: 'consent', documentIds: [document.id] } })
    .where(and(eq(taskSettings.clinicId, clinic.id), sql`${taskSettings.config}->>'demoKey' = 'consent'`));
}
