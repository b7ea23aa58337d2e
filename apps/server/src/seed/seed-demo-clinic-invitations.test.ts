import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invitationPreviewSchema, patientClinicListSchema } from '@app/contracts/clinic-invitations';
import { parseEnv } from '../env.ts';
import { clinics } from '../db/schema/clinics.ts';
import { clinicInvitations } from '../db/schema/patient-records.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { passwordGrant } from '../modules/auth/auth-test-helpers.ts';
import { bearer } from '../modules/patients/patients-test-helpers.ts';
import { welcomeLines } from './print-welcome.ts';
import { DEMO_PASSWORD, seedDemoDataIfEmpty, type DemoSummary } from './seed-demo-data.ts';
import { DEMO_INVITATION_CODE, DEMO_SECOND_CLINIC_NAME } from './seed-demo-clinic-invitations.ts';

// Issue 16 item 1 (decision 0035): the second demo clinic jane.patient can connect to by its code.

describe('demo clinic invitation', () => {
  let t: TestApp;
  let summary: DemoSummary | null;
  let janeToken: string;
  beforeAll(async () => {
    t = await buildTestApp();
    summary = await seedDemoDataIfEmpty(t.context.db, t.context.now());
    const login = await passwordGrant(t.app, 'jane.patient', DEMO_PASSWORD);
    janeToken = login.json<{ access_token: string }>().access_token;
  });
  afterAll(() => t.close());

  it('seeds a second clinic jane is not connected to, with a code that opens it', async () => {
    const [clinic] = await t.context.db.select().from(clinics).where(eq(clinics.clinicNumber, 1002));
    expect(clinic?.name).toBe(DEMO_SECOND_CLINIC_NAME);
    const mine = patientClinicListSchema.parse(
      (await t.app.inject({ url: '/api/user/clinics', headers: bearer(janeToken) })).json(),
    );
    expect(mine.clinics.map((item) => item.name)).toEqual(['Riverside Family Health']);

    const preview = await t.app.inject({
      url: '/api/user/clinic-invitations/HCM7-4QPD',
      headers: bearer(janeToken),
    });
    expect(preview.statusCode).toBe(200);
    expect(invitationPreviewSchema.parse(preview.json())).toEqual({
      code: DEMO_INVITATION_CODE,
      clinicName: 'Hillcrest Medical Group',
      logo: null,
      locations: [
        {
          name: 'Hillcrest Downtown',
          address: '88 Asylum Street, Hartford, CT 06103',
          city: 'Hartford',
          state: 'CT',
        },
      ],
      alreadyConnected: false,
    });
  });

  it('prints the code and the invitation link on start, while the code is valid', async () => {
    expect(summary?.invitation).toEqual({
      clinicName: 'Hillcrest Medical Group',
      code: 'HCM7-4QPD',
      connectPath: '/user/provider/connect?code=HCM74QPD',
    });
    const env = parseEnv({ NODE_ENV: 'development' });
    const text = welcomeLines({ url: 'http://localhost:3000/', env, demo: summary }).join('\n');
    expect(text).toContain(
      'Clinic invitation: Hillcrest Medical Group, code HCM7-4QPD (as jane.patient: Clinics > Connect to another clinic, or open http://localhost:3000/user/provider/connect?code=HCM74QPD)',
    );

    await t.context.db
      .update(clinicInvitations)
      .set({ revokedAt: t.context.now() })
      .where(eq(clinicInvitations.code, DEMO_INVITATION_CODE));
    const again = await seedDemoDataIfEmpty(t.context.db, t.context.now());
    expect(again?.invitation).toBeNull();
    expect(welcomeLines({ url: 'http://localhost:3000/', env, demo: again }).join('\n')).not.toContain(
      'Clinic invitation',
    );
  });
});
