// Owns the bounds every path and query value meets before any route sees it: strict percent-decoding and lengths.
import { ApiError } from '../errors';

/** The longest path value of the contract: an audit organization id (255 characters). */
export const MAX_PATH_VALUE = 255;
/** A query value (filters, cursors, timestamps); the longest stored filter is an event_type of 128 bytes. */
export const MAX_QUERY_VALUE_BYTES = 1024;
const MAX_QUERY_PAIRS = 64;

/** decodeURIComponent refuses malformed escapes and escapes that are not UTF-8, where the router would substitute U+FFFD. */
function strictDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/** An absolute request URL's path and its query (null when it has none). */
function splitTarget(url: string): { path: string; query: string | null } {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const q = url.indexOf('?', start);
  return q < 0 ? { path: url.slice(start), query: null } : { path: url.slice(start, q), query: url.slice(q + 1) };
}

/** The path of an absolute request URL, without its query. */
export const targetPath = (url: string): string => splitTarget(url).path;

/**
 * Checks the request target once, for every route: each path segment decodes strictly to at most 255
 * characters (else 400 invalid_path_parameter); each query name and value
 * decodes strictly and stays under 1 KB, with at most 64 pairs (else 400 bad_request). Values that could
 * never name a stored record are refused here, so none reaches a store key (LMDB keys end at 1,978 bytes).
 * Returns the path (targetPath), which the request's state keeps for the hooks after this one.
 */
export function checkTarget(url: string): string {
  const { path, query } = splitTarget(url);
  for (const seg of path.split('/')) {
    if (!seg) continue;
    // Without an escape a segment is its own decoding (the common case: no decode per request).
    const v = seg.includes('%') ? strictDecode(seg) : seg;
    if (v === null) throw new ApiError('invalid_path_parameter', 'A path segment is not valid percent-encoded UTF-8');
    if (v.length > MAX_PATH_VALUE)
      throw new ApiError('invalid_path_parameter', `A path segment is over ${MAX_PATH_VALUE} characters`);
  }
  if (query === null) return path;
  const pairs = query.split('&');
  if (pairs.length > MAX_QUERY_PAIRS) throw new ApiError('bad_request', `At most ${MAX_QUERY_PAIRS} query parameters`);
  for (const pair of pairs) {
    for (const part of pair.split('=', 2)) {
      const v = strictDecode(part.replace(/\+/g, ' '));
      if (v === null) throw new ApiError('bad_request', 'A query parameter is not valid percent-encoded UTF-8');
      if (Buffer.byteLength(v) > MAX_QUERY_VALUE_BYTES)
        throw new ApiError('bad_request', `A query parameter is over ${MAX_QUERY_VALUE_BYTES} bytes`);
    }
  }
  return path;
}
