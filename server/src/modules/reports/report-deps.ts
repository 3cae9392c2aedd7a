import type { Database } from '../../db/client.js';

export interface ReportDeps {
  db: Database;
  /** the clock reports count "today" and "yesterday" from (tests pin it) */
  now: () => Date;
}
