import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToAmount, microsToUnits, MoneyFormatError, sumAmounts, toAmount, toCents } from './money.js';

/** Decimal text as the platforms write it: optional sign, whole digits, up to 8 decimals. */
const decimalParts = fc.record({
  negative: fc.boolean(),
  whole: fc.bigInt({ min: 0n, max: 10n ** 13n - 1n }),
  frac: fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 8 }),
});
const decimalText = decimalParts.map(({ negative, whole, frac }) => `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`);

/**
 * The reference: the amount as an exact fraction n / 10^k, times 100, divided with a remainder, and the
 * remainder compared with half the divisor (half away from zero). No digit is looked at one by one.
 */
function referenceCents(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', frac = ''] = text.replace('-', '').split('.');
  const denominator = 10n ** BigInt(frac.length);
  const numerator = BigInt(whole + frac) * 100n;
  let cents = numerator / denominator;
  if ((numerator % denominator) * 2n >= denominator) cents += 1n;
  return negative ? -cents : cents;
}

describe('money: one rounding rule', () => {
  it('a number is rounded as its 15-digit decimal text is, on the fast path for whole cents too', () => {
    // the exact path's own reading of a number: its decimal text to 15 significant digits
    const asText = (v: number) => toCents(String(Number(v.toPrecision(15))));
    const outcome = (f: () => number) => {
      try {
        return f();
      } catch (e) {
        return e instanceof MoneyFormatError ? 'refused' : 'other error';
      }
    };
    const wholeCents = fc.integer({ min: -(10 ** 11) + 1, max: 10 ** 11 - 1 }).map((c) => c / 100);
    const sumsOfCents = fc.array(wholeCents, { minLength: 1, maxLength: 30 }).map((xs) => xs.reduce((a, b) => a + b, 0));
    const anyDouble = fc.double({ min: -1e12, max: 1e12, noNaN: true });
    const nearHalfCents = fc.integer({ min: -(10 ** 9), max: 10 ** 9 }).map((c) => (c + 0.5) / 100);
    for (const values of [wholeCents, sumsOfCents, anyDouble, nearHalfCents]) {
      fc.assert(fc.property(values, (v) => outcome(() => toCents(v)) === outcome(() => asText(v))), { numRuns: 5000 });
    }
    expect(Object.is(toCents(-0.001), 0)).toBe(true);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(-1.005)).toBe(-101);
  });

  it('rounds any decimal text to the cents an exact decimal computation gives', () => {
    fc.assert(fc.property(decimalText, (text) => BigInt(toCents(text)) === referenceCents(text)), { numRuns: 5000 });
  });

  it('never loses a cent: amounts of whole cents come back as they were, and add up exactly', () => {
    const centsText = fc.tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 99 }), fc.constantFrom(0, 1, 2)).map(
      ([neg, whole, cents, places]) => `${neg ? '-' : ''}${whole}${places === 0 ? '' : `.${String(cents).padStart(2, '0').slice(0, places)}`}`,
    );
    fc.assert(
      fc.property(fc.array(centsText, { maxLength: 40 }), (amounts) => {
        const cents = amounts.map(toCents);
        const exact = amounts.reduce((s, a) => s + referenceCents(a), 0n);
        return cents.every((c, i) => toCents(centsToAmount(c)) === c && BigInt(c) === referenceCents(amounts[i]!)) && BigInt(cents.reduce((s, c) => s + c, 0)) === exact && BigInt(toCents(sumAmounts(amounts))) === exact;
      }),
    );
  });

  it('a sum of amounts with more decimals is exact, then rounded once', () => {
    fc.assert(
      fc.property(fc.array(decimalText, { minLength: 1, maxLength: 20 }), (amounts) => {
        // the exact sum, as a fraction over 10^8 (no input has more than 8 decimals)
        const total = amounts.reduce((s, a) => {
          const [w = '0', f = ''] = a.replace('-', '').split('.');
          const units = BigInt(w + f.padEnd(8, '0'));
          return s + (a.startsWith('-') ? -units : units);
        }, 0n);
        const negative = total < 0n;
        const abs = negative ? -total : total;
        const text = `${negative ? '-' : ''}${abs / 10n ** 8n}.${(abs % 10n ** 8n).toString().padStart(8, '0')}`;
        return sumAmounts(amounts) === centsToAmount(Number(referenceCents(text)));
      }),
    );
  });

  it('rounds half away from zero on the digits, not through a float', () => {
    expect(toAmount('1.005')).toBe('1.01'); // 1.005 * 100 is 100.49999999999999 as a float
    expect(toAmount('-1.005')).toBe('-1.01');
    expect(toAmount('0.004999')).toBe('0.00');
    expect(toAmount('-0.001')).toBe('0.00');
    expect(toAmount('120.0')).toBe('120.00');
    expect(toAmount('0.5')).toBe('0.50');
    expect(toAmount('  412.37 ')).toBe('412.37');
    expect(toAmount('123456789012.999')).toBe('123456789013.00');
    expect(toAmount('1.5E-7')).toBe('0.00');
    expect(toAmount('2.5e3')).toBe('2500.00');
    expect(toAmount('4.9999999E-3')).toBe('0.00');
    expect(toAmount(0.1 + 0.2)).toBe('0.30');
    expect(toAmount(22720.745)).toBe('22720.75');
    expect(sumAmounts(['0.1', '0.2'])).toBe('0.30');
    expect(sumAmounts(['1.0049', '0.0001'])).toBe('1.01'); // rounded once, after adding
    expect(sumAmounts([])).toBe('0.00');
    expect(microsToUnits(1_234_560_000)).toBe(1234.56);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', '-', '.', 'abc', '1,000.00', '12.3.4', 'NaN', 'Infinity', '1e400']) expect(() => toCents(bad), bad).toThrow(MoneyFormatError);
    expect(() => toCents(Number.NaN)).toThrow(MoneyFormatError);
    expect(() => toCents('123456789012345678.00')).toThrow(MoneyFormatError);
    expect(toAmount('99999999999999.99')).toBe('99999999999999.99'); // numeric(16,2)'s largest, past a safe number of cents
  });
});
