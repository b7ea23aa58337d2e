import { parseEnv } from './env.ts';
import { clockOfEnv } from './platform/clock.ts';
import { openMigratedDatabase } from './start-up.ts';
import { describeHead, describeVerdict, parseHead, verifyAuditChain } from './platform/audit/audit-verify.ts';

/**
 * `npm run audit:verify [-- --expect-head <seal_seq>:<hash>]` (issue 19 item 1, decision 0077): checks
 * the audit trail's hash chain on the configured database (DATABASE_URL, else the embedded one in
 * DATA_DIR), names the first broken row, and prints the head to keep elsewhere; given a head kept from
 * an earlier run, checks the chain still reaches it. Exit code 0: intact; 1: broken or alarm; 2: could
 * not check.
 */
async function main(): Promise<number> {
  const flag = process.argv.indexOf('--expect-head');
  const expectedText = flag === -1 ? undefined : process.argv[flag + 1];
  const expected = expectedText === undefined ? undefined : parseHead(expectedText);
  if (expected === null) {
    throw new Error('--expect-head takes <seal_seq>:<hash> as a run of audit:verify printed it');
  }
  const env = parseEnv();
  const database = await openMigratedDatabase(env);
  try {
    const verdict = await verifyAuditChain(database.db, clockOfEnv(env).now(), expected);
    console.log(describeVerdict(verdict));
    if (expected && verdict.ok) {
      console.log(`the chain still reaches ${describeHead(expected)}`);
    }
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
