/** The product's public support address (footer, legal pages, not-found page, support tickets). */
export const SUPPORT_EMAIL = 'support@parallels.dev';

/**
 * How long the first import takes, said the same way everywhere (landing page, brand setup, the Preparing screen,
 * the README): the newest days come first and land within about a minute, two years within minutes (see
 * bench/README.md, bench:backfill).
 */
export const FIRST_IMPORT_TEXT =
  'The first import brings in two years of history, newest days first: your recent figures usually appear within a minute and the rest follows within minutes. After that your data refreshes every 3 hours.';
