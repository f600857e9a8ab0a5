// Owns the one check that a parsed JSON value is a plain object (not null, not an array); pure, also bundled for browsers.

/** True for a JSON object: `{...}`, not null and not an array. */
export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
