// Owns the parsing of request parameters written once for every endpoint: integers written as text (also for the
// configuration: "12", "+12" and "-3" are integers everywhere, "1e3", "0x10" or "12abc" nowhere) and UUID path ids.
import { ApiError, PlainError } from './errors';
import { isUuid } from './crypto/ids';

const INT = /^[+-]?\d{1,16}$/;

/** The integer `text` spells in decimal (surrounding spaces allowed), or null; never beyond Number.MAX_SAFE_INTEGER. */
export function parseInteger(text: string): number | null {
  const t = text.trim();
  if (!INT.test(t)) return null;
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * A paging query parameter: `def` when absent or empty. docs/api.md#errors: a non-integer is the framework's plain-text 400
 * (PlainError), with `message` saying which parameter.
 */
export function intParam(v: string | undefined, def: number, message: string): number {
  if (v === undefined || v === '') return def;
  const n = parseInteger(v);
  if (n === null) throw new PlainError(400, `Bad Request: ${message}`);
  return n;
}

/**
 * An opaque paging cursor: base64url of "<kind>:<position>", where `kind` names the list that issued it (s = audit
 * event seq, o = organization_id, t = stream id or tenant_id, l = operator log leaf), so that a cursor of one list
 * is refused by another.
 */
export const encodeCursor = (kind: string, position: string): string =>
  Buffer.from(`${kind}:${position}`).toString('base64url');

/** The position of a cursor `encodeCursor(kind, …)` issued and `position` matches; else 400 bad_request. */
export function decodeCursor(kind: string, cursor: string, position: RegExp): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m =
    text.startsWith(`${kind}:`) && cursor === encodeCursor(kind, text.slice(kind.length + 1))
      ? position.exec(text.slice(kind.length + 1))
      : null;
  if (!m) throw new ApiError('bad_request', 'cursor is not one this service issued');
  return m[0];
}

/** A UUID path parameter, lowercased as ids are stored; a malformed one is 400 invalid_path_parameter naming `name`. */
export function uuidParam(id: string, name: string): string {
  if (!isUuid(id)) throw new ApiError('invalid_path_parameter', `${name} must be a UUID`);
  return id.toLowerCase();
}
