import { smartAppRegistrationSchema } from '@app/contracts/smart-apps';
import { parseEnv } from './env.ts';
import { clockOfEnv } from './platform/clock.ts';
import { openMigratedDatabase } from './start-up.ts';
import { registerSmartApp } from './modules/smart-apps/smart-apps.service.ts';

/**
 * `npm run smart:register -w @app/server -- --name "Health Diary" --redirect-uri https://app.example/cb [--redirect-uri …]
 * [--clinic <clinic uuid>]` (issue 21 item 3, decision 0082): registers a SMART app (a public client
 * using PKCE) on the configured database and prints its client_id. Exit code 0: registered; 2: not.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const all = (flag: string) => args.flatMap((arg, index) => (arg === flag ? [args[index + 1] ?? ''] : []));
  const registration = smartAppRegistrationSchema.parse({
    name: all('--name')[0],
    redirectUris: all('--redirect-uri'),
    clinicId: all('--clinic')[0],
  });
  const env = parseEnv();
  const database = await openMigratedDatabase(env);
  try {
    const clock = clockOfEnv(env);
    const app = await registerSmartApp({ db: database.db, now: () => clock.now() }, registration);
    console.log(`registered "${registration.name}": client_id ${app.clientId}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('smart:register failed:', error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
