import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

// The server's layering is kept by the linter (eslint.config.js, docs/decisions/017-server-layering.md): these
// snippets break each rule once, so a config change that stops enforcing one fails here.
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.line}:${m.ruleId}`);
}

describe('server layering', () => {
  it('keeps queries in *.sql.ts files', async () => {
    expect(await problems('server/src/modules/brands/brands.route.ts', "import { sql } from 'drizzle-orm';\nexport const q = sql`select 1`;\n")).toEqual(['1:@typescript-eslint/no-restricted-imports']);
    expect(await problems('server/src/modules/brands/brands.sql.ts', "import { sql } from 'drizzle-orm';\nexport const q = sql`select 1`;\n")).toEqual([]);
  });

  it("lets a module use its own queries and the shared data layer's, not another module's", async () => {
    const code = "import { findUserById } from '../auth/auth.sql.js';\nimport { findGrant } from '../../db/grants.sql.js';\nimport { findBrand } from './brands.sql.js';\nimport type { AccessibleBrand } from '../auth/auth.sql.js';\nexport const a = [findUserById, findGrant, findBrand];\nexport type B = AccessibleBrand;\n";
    expect(await problems('server/src/modules/brands/brands.service.ts', code)).toEqual(['1:@typescript-eslint/no-restricted-imports']);
    expect(await problems('server/src/modules/brands/brands.sql.ts', code)).toEqual(['1:@typescript-eslint/no-restricted-imports']);
    expect(await problems('server/src/sync/queue.ts', "import { findBrand } from '../modules/brands/brands.sql.js';\nexport const a = findBrand;\n")).toEqual(['1:@typescript-eslint/no-restricted-imports']);
  });

  it('keeps services free of HTTP', async () => {
    const code = "import type { FastifyReply } from 'fastify';\nexport function answer(reply: FastifyReply): void {\n  void reply;\n}\nexport const status = (e: { statusCode: number }) => e.statusCode;\n";
    const found = await problems('server/src/modules/brands/brands.service.ts', code);
    expect(found).toContain('1:@typescript-eslint/no-restricted-imports');
    expect(found).toContain('2:no-restricted-syntax');
    expect(found).toContain('5:no-restricted-syntax');
    expect(await problems('server/src/modules/brands/brands.route.ts', code)).toEqual([]);
  });
});
