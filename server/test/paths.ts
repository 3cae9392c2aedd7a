import { fileURLToPath } from 'node:url';

export const PGLITE_TEMPLATE_PATH = fileURLToPath(new URL('../../.tmp/test/pglite-template.tar', import.meta.url));
