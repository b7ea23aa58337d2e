import { and, desc, eq } from 'drizzle-orm';
import type { HealthCardInsurance } from '@app/contracts/health-card';
import type { AppContext } from '../../app-context.ts';
import { clinicPatients, clinics } from '../../db/schema/clinics.ts';
import { insuranceCards } from '../../db/schema/insurance.ts';

/** The patient's insurance on file, primary and secondary; null where there is none. */
export interface InsuranceOnFile {
  primary: HealthCardInsurance | null;
  secondary: HealthCardInsurance | null;
}

/**
 * Issue 16 health card (decision 0034): the narrow call other modules make into insurance. Cards are
 * kept per clinic (decision 0022); per kind this is the most recently updated card among the clinics
 * the patient still belongs to, with that clinic's name. Details only: the photos keep their own rule.
 */
export async function insuranceOnFile(context: AppContext, userId: string): Promise<InsuranceOnFile> {
  const rows = await context.db
    .selectDistinctOn([insuranceCards.kind], {
      kind: insuranceCards.kind,
      payer: insuranceCards.ircName,
      planName: insuranceCards.planName,
      memberNumber: insuranceCards.insuranceNumber,
      policyHolderName: insuranceCards.policyHolderName,
      clinicName: clinics.name,
    })
    .from(insuranceCards)
    .innerJoin(
      clinicPatients,
      and(
        eq(clinicPatients.clinicId, insuranceCards.clinicId),
        eq(clinicPatients.userId, insuranceCards.userId),
      ),
    )
    .innerJoin(clinics, eq(clinics.id, insuranceCards.clinicId))
    .where(eq(insuranceCards.userId, userId))
    .orderBy(insuranceCards.kind, desc(insuranceCards.updatedAt), insuranceCards.id);
  return {
    primary: rows.find((row) => row.kind === 'primary') ?? null,
    secondary: rows.find((row) => row.kind === 'secondary') ?? null,
  };
}
