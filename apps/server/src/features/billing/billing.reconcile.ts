import { loadConfig } from '../../config';
import { DataDirLockedError, openDatabase } from '../../db/client';
import { reconcile } from './billing.ledger';

/**
 * `npm run billing:reconcile`: compares every school's cached balances with its ledger, as a
 * nightly job would. Prints each mismatch and exits 1 when there is one. With the embedded
 * database, run it while the server is stopped (PGlite admits one process).
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const mismatches = await reconcile(database.db);
    for (const m of mismatches)
      console.log(
        `school ${m.schoolId}: ${m.field} cached ${m.cached}, ledger ${m.ledger}` +
          (m.cached === -1 ? ' (running balances of entries broken)' : ''),
      );
    console.log(
      mismatches.length === 0
        ? 'ledger reconciled: every balance equals the sum of its entries'
        : `${mismatches.length} mismatch(es)`,
    );
    process.exitCode = mismatches.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof DataDirLockedError
      ? 'the data directory is in use: stop the server first, or set DATABASE_URL'
      : error,
  );
  process.exitCode = 2;
});
