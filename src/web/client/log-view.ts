// Owns the proof pages' "Transparency log" card: the record's `log` block (DECISIONS 10) checked in the browser.
import { fromHex } from '../../verify/primitives';
import { logChecks, type Check } from './checks';
import { card, checkList, fields, h } from './dom';
import { publishedKeys } from './published-key';

export type LogSection = { checks: Check[]; card: HTMLElement | null };

/**
 * Checks `log` against the record's signed bytes with the record's key and the issuer's published keys (a
 * checkpoint is signed with the key current when it was made, which may be newer than the record's).
 */
export async function logSection(log: unknown, signedHex: unknown, recordKeyHex: unknown, domain: unknown, opts: { expectedOrigin?: string | { suffix: string }; what?: string } = {}): Promise<LogSection> {
  if (log === undefined || log === null) return { checks: [], card: null };
  const own = typeof recordKeyHex === 'string' ? fromHex(recordKeyHex) : null;
  const keys = [...(own && own.length === 32 ? [own] : []), ...(await publishedKeys(domain))];
  const leaf = typeof signedHex === 'string' ? fromHex(signedHex) : null;
  const what = opts.what ?? "the tenant's log";
  const { checks, result } = logChecks(log, leaf, keys, opts.expectedOrigin, what);
  const l = log as Record<string, any>;
  const pending = result?.status === 'pending';
  const ok = result?.status === 'checked' && result.ok && checks.every((c) => c.ok !== false);
  const cp = result?.status === 'checked' ? result.checkpoint : null;
  const status = pending ? `Not yet in ${what}: no signed checkpoint covers this record yet.`
    : ok ? `Included in ${what} at checkpoint ${l.tree_size} (leaf ${l.leaf_index}), checked in your browser.`
      : `The inclusion in ${what} does NOT verify.`;
  return {
    checks,
    card: card('Transparency log',
      h('p', { id: 'log-status', 'data-included': pending ? 'pending' : String(ok) }, status),
      pending ? null : fields([
        ['Leaf index', l.leaf_index, 'mono'],
        ['Checkpoint tree size', l.tree_size, 'mono'],
        ['Root hash (SHA-256)', l.root_hash, 'mono'],
        ['Log origin', cp?.origin ?? null, 'mono'],
        ['Checkpoint signing key', cp ? `${cp.keyId} (note key id ${cp.noteKeyId})` : null, 'mono'],
      ]),
      checkList(checks),
      typeof l.checkpoint === 'string' ? h('details', { class: 'raw' }, h('summary', {}, 'Checkpoint (C2SP signed note)'), h('pre', { class: 'mono', id: 'log-checkpoint' }, l.checkpoint)) : null),
  };
}
