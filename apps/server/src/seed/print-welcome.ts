import { DEV_OUTBOX_PATH } from '@app/contracts/dev-outbox';
import type { Env } from '../env.ts';
import type { DemoSummary } from './seed-demo-data.ts';

/** The lines `npm start` prints once the server listens; a function of its input so it can be tested. */
export function welcomeLines({
  url,
  env,
  demo,
}: {
  url: string;
  env: Env;
  demo: DemoSummary | null;
}): string[] {
  const base = url.replace(/\/$/, '');
  const lines = [`Care portal is running at ${base}  (variant ${env.APP_VARIANT})`];
  // Demo logins, the master password and the dev outbox exist only outside production.
  if (env.NODE_ENV === 'production') {
    return lines;
  }
  if (demo) {
    const width = Math.max(...demo.logins.map((login) => login.username.length));
    lines.push(
      '',
      `Demo clinic: ${demo.clinicName}, Clinic ID ${demo.clinicNumber}, master password ${
        demo.masterPassword ?? '(changed since it was seeded)'
      }`,
      `Demo logins, all with password ${demo.password}:`,
      ...demo.logins.map(
        (login) => `  ${login.username.padEnd(width)}  ${login.role.padEnd(8)}  ${login.shows}`,
      ),
      `Security question answer for the demo logins: ${demo.securityAnswer}`,
      `Doctor registration: a provider imported from the health record, last name Newhire, email dr.newhire@example.com (${base}/guest/doctor-registration; the pin code arrives in the dev outbox)`,
      `Video visit: jane.patient's telehealth visit with dr.smith is open now. Log in as jane.patient, open it in her appointments and press Start video visit; as dr.smith in another browser window (or a private one), open Waiting room > Telehealth (${base}/provider/waiting-room-telehealth) and join.`,
    );
    if (demo.invitation) {
      lines.push(
        `Clinic invitation: ${demo.invitation.clinicName}, code ${demo.invitation.code} (as jane.patient: Clinics > Connect to another clinic, or open ${base}${demo.invitation.connectPath})`,
      );
    }
  }
  lines.push('', `Dev outbox (every email and SMS, two-factor codes included): ${base}${DEV_OUTBOX_PATH}`);
  return lines;
}

export function printWelcome(input: { url: string; env: Env; demo: DemoSummary | null }): void {
  console.log(welcomeLines(input).join('\n'));
}
