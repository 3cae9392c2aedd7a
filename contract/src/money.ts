// Money, the one rule every connector uses (docs/decisions/009-periods-and-today.md). Platforms send money as
// decimal text in major units ("412.37", "120.0", "2450.7512", now and then "1.5E-7"), Google Ads as micros
// (integers) and doubles. We store amounts as numeric(16,2): whole cents, rounded half away from zero on the
// decimal digits themselves (never through a binary float), which is also how PostgreSQL rounds numeric.

/** Text or a number that is not an amount of money. */
export class MoneyFormatError extends Error {}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Decimal text for a number: 15 significant digits drop the binary noise of summed doubles (0.1 + 0.2). */
function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new MoneyFormatError(`not an amount of money: ${value}`);
  return String(Number(value.toPrecision(15)));
}

/** Exponent form ("1.5E-7", "2.5e3") written out as plain decimal text, exactly. */
function plainText(text: string): string {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?[eE]([+-]?\d+)$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new MoneyFormatError(`not an amount of money: ${text}`);
  const [, sign = '', whole = '', frac = '', exp = '0'] = m;
  const shift = Number(exp);
  if (Math.abs(shift) > 40) throw new MoneyFormatError(`not an amount of money: ${text}`);
  const digits = whole + frac;
  const point = whole.length + shift;
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** The amount's whole cents by the one rule, as a bigint (exact at any size). */
function roundedCents(value: string | number): bigint {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  const m = DECIMAL.exec(text) ?? DECIMAL.exec(plainText(text));
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new MoneyFormatError(`not an amount of money: ${String(value)}`);
  const [, sign = '', whole = '', frac = ''] = m;
  let cents = BigInt(whole || '0') * 100n + BigInt((frac + '00').slice(0, 2));
  if (Number(frac.charAt(2) || '0') >= 5) cents += 1n;
  return sign === '-' ? -cents : cents;
}

/** Amounts under a billion (1e11 cents): a double carries them to within 1e-7, far inside the 15 digits the exact path reads. */
const FAST_CENTS_LIMIT = 1e11;

/**
 * The fast path for a number that already is whole cents (a sum of numeric(16,2) amounts read back as a double,
 * as every report's sums are): value x 100 lies within 1e-6 of a whole number r, so its decimal text is within
 * far less than half a cent of r / 100 and the one rule rounds it to r. Anything else (a third decimal, a huge
 * amount, NaN) takes the exact path. Reports convert thousands of sums a request; the exact path's text and
 * bigint work cost ~2 us each (a two-year Meta country tab: 6,000 conversions).
 */
function wholeCentsOf(value: number): number | undefined {
  const scaled = value * 100;
  const r = Math.round(scaled);
  // r === 0 only for 0 itself: a tiny amount goes the exact way (which refuses 5e-324, say, as before)
  if (!(Math.abs(r) < FAST_CENTS_LIMIT) || Math.abs(scaled - r) > 1e-6 || (r === 0 && value !== 0)) return undefined;
  return r + 0; // -0 -> 0
}

/**
 * An amount in major units -> whole cents: exact on the decimal digits, half away from zero ("1.005" is 101,
 * "-1.005" is -101, "0.004999" is 0). Throws MoneyFormatError for anything that is not a number, and for an
 * amount too large to count in cents exactly as a JavaScript number.
 */
export function toCents(value: string | number): number {
  if (typeof value === 'number') {
    const fast = wholeCentsOf(value);
    if (fast !== undefined) return fast;
  }
  const cents = roundedCents(value);
  const n = Number(cents);
  if (!Number.isSafeInteger(n)) throw new MoneyFormatError(`an amount too large to count in cents: ${String(value)}`);
  return n;
}

function bigCentsToAmount(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** Whole cents -> the numeric(16,2) text the fact tables store ("412.37", "-12.50", "0.00"). */
export function centsToAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new MoneyFormatError(`not a whole number of cents: ${cents}`);
  return bigCentsToAmount(BigInt(cents));
}

/** An amount as stored: rounded to cents by the one rule, written as numeric(16,2) text. */
export function toAmount(value: string | number): string {
  return bigCentsToAmount(roundedCents(value));
}

/** The exact sum of several amounts, rounded once (as the platform's own total of them would be). */
export function sumAmounts(values: readonly string[]): string {
  let scale = 0;
  const parsed = values.map((v) => {
    const m = DECIMAL.exec(v.trim());
    if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new MoneyFormatError(`not an amount of money: ${v}`);
    scale = Math.max(scale, (m[3] ?? '').length);
    return m;
  });
  let total = 0n;
  for (const [, sign, whole = '', frac = ''] of parsed) {
    const units = BigInt(whole || '0') * 10n ** BigInt(scale) + BigInt(frac.padEnd(scale, '0') || '0');
    total += sign === '-' ? -units : units;
  }
  const negative = total < 0n;
  const abs = negative ? -total : total;
  const text = scale === 0 ? abs.toString() : `${abs / 10n ** BigInt(scale)}.${(abs % 10n ** BigInt(scale)).toString().padStart(scale, '0')}`;
  return toAmount(negative ? `-${text}` : text);
}

/** Google Ads micros (millionths of the account's currency) -> major units, for figures derived from sums. */
export function microsToUnits(micros: number): number {
  return micros / 1e6;
}
