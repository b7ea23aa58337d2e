import { parseEnv } from './env.ts';
import { openMigratedDatabase } from './start-up.ts';
import { describeVerdict, verifyAuditChain } from './platform/audit/audit-verify.ts';

/**
 * `npm run audit:verify` (issue 19 item 1): checks the audit trail's hash chain on the configured
 * database (DATABASE_URL, else the embedded one in DATA_DIR) and names the first broken row.
 * Exit code 0: intact; 1: broken; 2: could not check.
 */
async function main(): Promise<number> {
  const database = await openMigratedDatabase(parseEnv());
  try {
    const verdict = await verifyAuditChain(database.db);
    console.log(describeVerdict(verdict));
    return verdict.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('audit:verify could not check the trail:', error instanceof Error ? error.message : error);
    process.exitCode = 2;
  },
);
