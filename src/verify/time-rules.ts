// Owns the time grammar of proof documents (docs/verification.md#times): RFC 3339 instants in JSON, the
// GeneralizedTime of RFC 3161 tokens, comparing and printing them exactly. Whole numbers only (no Date): any year
// from 0000 to 9999 and nine fraction digits are kept exactly, and nothing here throws.

/** Seconds since 1970-01-01T00:00:00Z (negative before it) and the nanoseconds of that second. */
export type Instant = { seconds: number; nanos: number };

const RFC3339 =
  /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]{1,9}))?(Z|[+-][0-9]{2}:[0-9]{2})$/;
const GENERALIZED = /^([0-9]{4})([0-9]{2})([0-9]{2})([0-9]{2})([0-9]{2})([0-9]{2})(?:\.([0-9]{0,8}[1-9]))?Z$/;

const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days from 1970-01-01 to the proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The instant of a calendar date and time of day in UTC; null when a field is out of its range (no leap second). */
function instantOf(f: string[], fraction: string | undefined, offsetSeconds: number): Instant | null {
  const [y, mo, d, h, mi, s] = f.map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > (mo === 2 && leap(y) ? 29 : DAYS[mo - 1]!)) return null;
  if (h > 23 || mi > 59 || s > 59) return null;
  return {
    seconds: daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + s - offsetSeconds,
    nanos: fraction ? Number(fraction.padEnd(9, '0')) : 0,
  };
}

/**
 * An RFC 3339 date-time as the proofs write it: `YYYY-MM-DDTHH:MM:SS`, at most nine fraction digits, then `Z` or a
 * numeric offset `±HH:MM`; uppercase `T` and `Z`, nothing before or after. Null for anything else (no zone, a space,
 * RFC 2822, expanded years, a day the month does not have, a leap second, a value that is not a string).
 */
export function parseRfc3339(v: unknown): Instant | null {
  if (typeof v !== 'string') return null;
  const m = RFC3339.exec(v);
  if (!m) return null;
  const zone = m[8]!;
  let offset = 0;
  if (zone !== 'Z') {
    const oh = Number(zone.slice(1, 3));
    const om = Number(zone.slice(4, 6));
    if (oh > 23 || om > 59) return null;
    offset = (zone[0] === '-' ? -1 : 1) * (oh * 3600 + om * 60);
  }
  return instantOf(m.slice(1, 7), m[7], offset);
}

/**
 * An RFC 3161 genTime (DER GeneralizedTime content): `YYYYMMDDHHMMSS`, an optional fraction of one to nine digits
 * without trailing zeros (DER), and `Z`. Null otherwise.
 */
export function parseGeneralizedTime(text: string): Instant | null {
  const m = GENERALIZED.exec(text);
  return m ? instantOf(m.slice(1, 7), m[7], 0) : null;
}

/** Negative, zero or positive as `a` is before, at or after `b`. */
export const compareInstants = (a: Instant, b: Instant): number => a.seconds - b.seconds || a.nanos - b.nanos;

const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** `YYYY-MM-DDTHH:MM:SS[.fraction]Z` in UTC, the fraction without trailing zeros (omitted when zero). */
export function formatInstant(i: Instant): string {
  const days = Math.floor(i.seconds / 86400);
  const secs = i.seconds - days * 86400;
  // H. Hinnant's civil_from_days.
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  const frac = i.nanos ? `.${pad(i.nanos, 9).replace(/0+$/, '')}` : '';
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}T${pad(Math.floor(secs / 3600), 2)}:${pad(Math.floor(secs / 60) % 60, 2)}:${pad(secs % 60, 2)}${frac}Z`;
}

/** 2020-01-01T00:00:00Z: no cosignature of this appliance's heads can be older. */
export const COSIGNATURE_EPOCH = 1577836800;
/** How far ahead of the checking clock a cosignature may be dated (seconds). */
export const COSIGNATURE_SKEW = 600;

/**
 * docs/verification.md#cosignatures: a cosignature dated before 2020-01-01 or more than ten minutes ahead of the
 * checking clock (Unix seconds) is not counted. The time is the note's unsigned 64-bit integer, so a bigint.
 */
export const cosignatureTimeOk = (time: bigint, nowSeconds: number): boolean =>
  Number.isFinite(nowSeconds) &&
  time >= BigInt(COSIGNATURE_EPOCH) &&
  time <= BigInt(Math.floor(nowSeconds)) + BigInt(COSIGNATURE_SKEW);
