import { openDatabase } from '@parallels/server/db/client';

// `tsx src/create-database.ts DIR`: create and migrate a PGlite data directory, then print this process's peak
// RSS in MiB. bench:backfill runs it in a child process for a large store (BENCH_SHOPIFY_ORDERS), so that our
// process's peak RSS is the app's and the backfill's: PGlite's initdb alone peaks near 1 GiB, once per data
// directory (`npm start` on an existing .data directory does not run it).
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: create-database.ts DIR');
const database = await openDatabase({ dataDir });
await database.close();
console.log((process.resourceUsage().maxRSS / 1024).toFixed(0));
