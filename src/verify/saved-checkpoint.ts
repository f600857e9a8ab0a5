// Owns `svc verify --checkpoint SAVED FILE` (docs/verification.md#14-svc-verify---checkpoint-did-the-log-only-grow): proves that the tenant's log only grew between a checkpoint
// the customer kept and the document's checkpoint, with a consistency proof fetched from the origin's public endpoint.
import { checkConsistencyAnswer, openCheckpoint, type OpenedCheckpoint } from './log-block';
import { nodePrimitives as P } from './node-primitives';
import { emptyRoot } from './merkle';
import type { Checkpoint } from './note';
import { equalBytes, fromHex, toHex } from './primitives';
import type { Check, ReportCheckpoint } from './offline-verify';

export type SavedCheckpointOptions = {
  /** Extra PEM certificates to trust (--cacert, or the appliance's own certificate with --data-dir). */
  ca?: string;
  /** Candidate keys for SAVED's signature besides the one that signed the document's checkpoint (a rotation in between). */
  keys?: Uint8Array[];
  timeoutMs?: number;
};

/** docs/verification.md#check-names: the saved checkpoint's checks are `checkpoint.<check>`. */
const PART = 'checkpoint';

/** The note text of SAVED: the note itself, or a saved GET .../checkpoint answer carrying it. */
export function savedNoteText(text: string): string {
  try {
    const j = JSON.parse(text);
    if (j && typeof j === 'object' && typeof j.checkpoint === 'string') return j.checkpoint;
  } catch {
    // Not JSON: the file is the note.
  }
  return text;
}

/** `<host[:port]>/<domain>` -> the public consistency URL; null for an origin that has no public endpoint (org logs). */
export function consistencyUrl(origin: string, first: number, second: number): string | null {
  const slash = origin.indexOf('/');
  if (slash <= 0) return null;
  const host = origin.slice(0, slash);
  const domain = origin.slice(slash + 1);
  if (!domain || domain.includes('/')) return null;
  return `https://${host}/v1/proof/log/${encodeURIComponent(domain)}/consistency?first=${first}&second=${second}`;
}

type Fetched = { ok: true; body: unknown } | { ok: false; status: number; error: string };

async function getJson(url: string, opts: SavedCheckpointOptions): Promise<Fetched> {
  try {
    const res = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      ...(opts.ca ? { tls: { ca: opts.ca } } : {}),
    } as RequestInit);
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    if (res.status === 200) return { ok: true, body };
    const code =
      body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string'
        ? (body as { error: string }).error
        : `HTTP ${res.status}`;
    return { ok: false, status: res.status, error: code };
  } catch (e) {
    return { ok: false, status: 0, error: (e as Error).message.split('\n')[0] ?? 'network error' };
  }
}

/**
 * The checks of SAVED against the document's verified checkpoint `current`: SAVED is a checkpoint of the same
 * origin signed by the same log key (or one of `opts.keys`), and the log only grew between the two. Equal sizes
 * need equal roots. Otherwise the smaller checkpoint must be a prefix of the larger one, proven by the public
 * consistency endpoint, whose first_root and second_root must be the two checkpoints' roots. A saved checkpoint
 * larger than the document's is fine when the log still proves it extends the document's; a log that can no
 * longer reach the saved size it once signed has been rolled back.
 */
export async function checkSavedCheckpoint(
  current: ReportCheckpoint | undefined,
  savedText: string,
  opts: SavedCheckpointOptions = {},
): Promise<Check[]> {
  const out: Check[] = [];
  const fail = (check: string, detail: string) => {
    out.push({ name: `${PART}.${check}`, ok: false, detail });
    return out;
  };
  const pass = (check: string, detail: string) => out.push({ name: `${PART}.${check}`, ok: true, detail });
  if (!current)
    return fail(
      'saved',
      'the document has no verified checkpoint to compare the saved one with (its log block is missing, pending or invalid)',
    );
  const currentKey = fromHex(current.public_key)!;
  const opened = openCheckpoint(P, savedNoteText(savedText), [currentKey, ...(opts.keys ?? [])]);
  if (!opened.parsed) return fail('saved', `the saved file is not a checkpoint: ${opened.error}`);
  if (opened.parsed.origin !== current.origin)
    return fail(
      'origin',
      `the saved checkpoint is for log ${opened.parsed.origin}, the document's for ${current.origin}`,
    );
  if (!opened.checkpoint)
    return fail('signature', `the saved checkpoint is not signed by this log's key: ${opened.error}`);
  const saved: OpenedCheckpoint = opened.checkpoint;
  pass(
    'signature',
    `saved checkpoint (size ${saved.treeSize}) signed by key ${saved.keyId} under key name ${saved.origin}`,
  );
  const now: Checkpoint = { origin: current.origin, treeSize: current.tree_size, root: fromHex(current.root_hash)! };

  if (saved.treeSize === now.treeSize) {
    if (!equalBytes(saved.root, now.root))
      return fail(
        'consistency',
        `fork: two checkpoints of size ${now.treeSize} with different roots (saved ${toHex(saved.root)}, document ${current.root_hash})`,
      );
    pass('consistency', `the saved checkpoint is the document's checkpoint (size ${now.treeSize})`);
    return out;
  }
  const [older, newer] = saved.treeSize < now.treeSize ? [saved, now] : [now, saved];
  if (older.treeSize === 0) {
    const ok = equalBytes(older.root, emptyRoot(P.sha256));
    if (!ok) return fail('consistency', 'a checkpoint of size 0 must carry the empty root (SHA-256 of "")');
    pass('consistency', `every log extends the empty one (size 0 -> ${newer.treeSize})`);
    return out;
  }
  const url = consistencyUrl(current.origin, older.treeSize, newer.treeSize);
  if (!url)
    return fail(
      'consistency',
      `no public consistency endpoint for log ${current.origin} (only tenant logs <host>/<domain> have one)`,
    );
  const got = await getJson(url, opts);
  if (!got.ok) {
    if (got.status === 400 && got.error === 'invalid_tree_size') {
      return fail(
        'consistency',
        `rollback: the log at ${current.origin} no longer reaches tree size ${newer.treeSize}, which it signed (answer ${got.error})`,
      );
    }
    return fail(
      'consistency',
      `cannot get the consistency proof ${older.treeSize} -> ${newer.treeSize} from ${url}: ${got.error}`,
    );
  }
  const r = checkConsistencyAnswer(P, older, newer, got.body);
  if (!r.ok)
    return fail(
      'consistency',
      saved.treeSize > now.treeSize && !r.reason?.includes('fork')
        ? `rollback or fork: ${r.reason}`
        : (r.reason ?? 'inconsistent'),
    );
  pass(
    'consistency',
    saved.treeSize < now.treeSize
      ? `the log only grew: size ${older.treeSize} (saved) is a prefix of size ${newer.treeSize} (document), proven by ${url}`
      : `the document's checkpoint (size ${older.treeSize}) is an earlier state of the saved one (size ${newer.treeSize}), proven by ${url}`,
  );
  return out;
}
