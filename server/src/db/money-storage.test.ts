import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumAmounts, toAmount } from '@parallels/contract/money';

// The money rule (contract/money.ts) rounds in JavaScript what PostgreSQL used to round on storing: for any
// platform amount, it must give the very value a numeric(16,2) column keeps, so no stored figure changes.

let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create();
});
afterAll(async () => {
  await pg.close();
});

const amount = fc
  .record({
    negative: fc.boolean(),
    whole: fc.bigInt({ min: 0n, max: 10n ** 12n }),
    frac: fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 9 }),
  })
  .map(({ negative, whole, frac }) => `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`);

async function stored(values: string[]): Promise<string[]> {
  const res = await pg.query<{ v: string }>('select x::numeric(16,2)::text as v from unnest($1::text[]) with ordinality as t(x, i) order by i', [values]);
  return res.rows.map((r) => r.v);
}

describe('money as PostgreSQL stores it', () => {
  it('every amount rounds to the numeric(16,2) value PostgreSQL keeps', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(amount, { minLength: 1, maxLength: 200 }), async (values) => {
        expect(values.map(toAmount)).toEqual(await stored(values));
      }),
      { numRuns: 30 },
    );
  });

  it('a sum of amounts is PostgreSQL’s exact numeric sum, stored', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(amount, { minLength: 1, maxLength: 30 }), async (values) => {
        const res = await pg.query<{ v: string }>('select sum(x::numeric)::numeric(16,2)::text as v from unnest($1::text[]) as t(x)', [values]);
        expect(sumAmounts(values)).toBe(res.rows[0]!.v);
      }),
      { numRuns: 30 },
    );
  });

  it('halves and negative zero as PostgreSQL has them', async () => {
    const values = ['1.005', '-1.005', '0.004999', '-0.001', '-0.005', '2.675', '1.015', '99999999999999.99'];
    expect(values.map(toAmount)).toEqual(await stored(values));
  });
});
