// Owns the timestamp grammars of the contract: RFC 3339 (audit) and the ISO 8601 subset of the ledger; pure.

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|([+-])(\d{2}):(\d{2}))$/;
const ISO8601 = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?([Zz]|([+-])(\d{2}):?(\d{2}))?)?$/;

/** Whole milliseconds of a fraction such as ".5" or ".123456", taken from its digits (no floating point). */
const fractionMs = (frac: string): number => (frac ? Number(`${frac.slice(1)}00`.slice(0, 3)) : 0);

/** The first and last whole seconds whose UTC form has a four-digit year: 0000-01-01T00:00:00Z, 9999-12-31T23:59:59Z. */
const FIRST_MS = -62_167_219_200_000;
const LAST_MS = 253_402_300_799_000;

/**
 * Epoch ms of a calendar date and time in UTC, or null when a field is out of range: months 1-12, the
 * days the month has (leap years of the proleptic Gregorian calendar), hours 0-23, minutes and
 * seconds 0-59 (no leap second, no 24:00), offsets up to 23:59; and null when the offset moves the
 * instant out of years 0000-9999 (9999-12-31T23:00:00-05:00), which no four-digit UTC form can write.
 */
function instant(
  Y: number,
  M: number,
  D: number,
  h: number,
  mi: number,
  s: number,
  off: number,
  oh: number,
  om: number,
): number | null {
  if (M < 1 || M > 12 || D < 1 || h > 23 || mi > 59 || s > 59 || oh > 23 || om > 59) return null;
  const date = new Date(0);
  date.setUTCFullYear(Y, M - 1, D);
  if (date.getUTCMonth() !== M - 1 || date.getUTCDate() !== D) return null;
  date.setUTCHours(h, mi, s, 0);
  const ms = date.getTime() - off * (oh * 60 + om) * 60_000;
  return ms < FIRST_MS || ms > LAST_MS ? null : ms;
}

/** Epoch ms of the groups both grammars capture: 1-6 date and time, 9 the offset sign, 10-11 its hours and minutes. */
function instantOf(g: ReadonlyArray<string | undefined>): number | null {
  const n = (i: number) => Number(g[i] ?? '0');
  return instant(n(1), n(2), n(3), n(4), n(5), n(6), g[9] === '-' ? -1 : g[9] ? 1 : 0, n(10), n(11));
}

/**
 * Parses an RFC 3339 timestamp. Returns epoch ms and the same instant written in UTC with a Z
 * suffix, keeping the fraction digits that were sent; null when the text is not RFC 3339.
 */
export function parseRfc3339(s: unknown): { ms: number; utc: string } | null {
  if (typeof s !== 'string') return null;
  const m = RFC3339.exec(s);
  if (!m) return null;
  const [, y, mo, d, h, mi, se, frac = '', , sign] = m;
  const whole = instantOf(m);
  if (whole === null) return null;
  const utc = sign
    ? new Date(whole).toISOString().slice(0, 19) + frac + 'Z'
    : `${y}-${mo}-${d}T${h}:${mi}:${se}${frac}Z`;
  return { ms: whole + fractionMs(frac), utc };
}

/**
 * Parses the ledger's ISO 8601 timestamps (event_time, date_from, date_to): a date, optionally a
 * time (T or space, seconds and fraction optional) and an offset (Z, +hh:mm or +hhmm). Without an
 * offset the time is UTC. Returns epoch ms, or null for text outside the grammar or a date that does
 * not exist (2023-02-29, 2024-04-31).
 */
export function parseIso8601(s: unknown): number | null {
  if (typeof s !== 'string') return null;
  const m = ISO8601.exec(s);
  if (!m) return null;
  const frac = m[7] ?? '';
  const whole = instantOf(m);
  return whole === null ? null : whole + fractionMs(frac);
}
