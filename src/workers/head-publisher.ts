// Owns publishing head checkpoints (docs/transparency-logs.md#head-checkpoints-and-publication), behind the integrator and never on an acknowledgement's path: each
// signed head is pushed to every witness of the policy (C2SP tlog-witness, 409 resync) and stamped by every TSA, and
// stored as published once the quorum has cosigned (no policy: at once). Witnesses or TSAs that are down delay
// publication, never ingest; each failure is logged once per head.
import { config } from '../config';
import { log } from '../log';
import { cosignerKeyId } from '../verify/cosignature';
import { nodeSha256 } from '../verify/node-primitives';
import { parseNote } from '../verify/note';
import { quorumMet, type PolicyWitness } from '../verify/policy';
import { toBase64, toHex } from '../verify/primitives';
import { loadTrustAnchors, type TrustAnchors } from '../verify/timestamp';
import { pushCheckpoint } from '../witness/service';
import {
  cacheLatestHead,
  headConsistency,
  storePublishedHead,
  unpublishedHead,
  type ClockSkew,
  type PublishedHeadRow,
  requestTimestamp,
} from '../tlog/index';

const utf8 = new TextEncoder();
/** RFC 3339 in UTC, with fractions of a second only when the token has them (as verify/head.ts prints them). */
const rfc3339 = (d: Date): string => d.toISOString().replace('.000Z', 'Z');

type Cosigned = { line: string; witness: string; key_id: string; time: number };
/** What one head has gathered so far, across attempts: a later attempt adds to it (the same body is cosigned and stamped). */
type Attempt = {
  size: number;
  cosigned: Map<string, Cosigned>;
  stamps: Map<string, PublishedHeadRow['timestamps'][number]>;
  skew: ClockSkew | null;
  logged: Set<string>;
  nextAt: number;
};

let timer: ReturnType<typeof setInterval> | null = null;
let running: Promise<unknown> | null = null;
let current: Attempt | null = null;
/** The size each witness holds as far as this process knows (0 at start: its first answer resynchronises it). */
const witnessSizes = new Map<string, number>();
let anchors: TrustAnchors | null = null;

/** Logs a failure once per head and source (docs/transparency-logs.md#head-checkpoints-and-publication: never a secret; URLs and statuses only). */
function failed(a: Attempt, source: string, error: string): void {
  if (a.logged.has(source)) return;
  a.logged.add(source);
  log('warn', 'head not cosigned or stamped by one source', { head_size: a.size, source, error });
}

async function cosign(a: Attempt, note: string, w: PolicyWitness): Promise<void> {
  const r = await pushCheckpoint({
    url: w.url!,
    vkey: w.vkey,
    note,
    oldSize: witnessSizes.get(w.vkey) ?? 0,
    proof: headConsistency,
    ca: config().witnessCa ?? undefined,
  });
  witnessSizes.set(w.vkey, r.size);
  if (!r.ok) return failed(a, `witness ${w.name} (${w.url})`, `${r.status ? `HTTP ${r.status}: ` : ''}${r.error}`);
  a.cosigned.set(w.name, {
    line: r.cosignatures[0]!,
    witness: w.keyName,
    key_id: toHex(cosignerKeyId(nodeSha256, w.keyName, w.publicKey)),
    time: r.times[0]!,
  });
}

async function stamp(a: Attempt, body: Uint8Array, url: string): Promise<void> {
  const r = await requestTimestamp(url, body, anchors!);
  if (!r.ok) return failed(a, `tsa ${url}`, r.error);
  // docs/verification.md#times: gen_time is the token's genTime exactly, as every verifier compares it.
  a.stamps.set(url, { token: toBase64(r.token), gen_time: r.genTimeText, tsa: url });
  if (!a.skew || r.receivedAt > Date.parse(a.skew.measured_at))
    a.skew = {
      skew_seconds: (r.receivedAt - r.genTime.getTime()) / 1000,
      gen_time: rfc3339(r.genTime),
      tsa: url,
      measured_at: new Date(r.receivedAt).toISOString(),
    };
}

/**
 * One attempt at the latest signed, unpublished head: witnesses that have not cosigned it and TSAs that have not
 * stamped it are asked (in parallel); published when the quorum is met. Otherwise retried after SVC_HEAD_SECONDS, or
 * as soon as a newer head is signed (which asks every witness and TSA again).
 */
export async function publishHead(): Promise<boolean> {
  const head = unpublishedHead();
  if (!head) return false;
  const cfg = config();
  if (current?.size !== head.tree_size)
    current = {
      size: head.tree_size,
      cosigned: new Map(),
      stamps: new Map(),
      skew: null,
      logged: new Set(),
      nextAt: 0,
    };
  const a = current;
  if (Date.now() < a.nextAt) return false;
  const body = parseNote(head.note)!.body;
  const policy = cfg.witnessPolicy;
  const witnesses = (policy?.witnesses ?? []).filter((w) => !a.cosigned.has(w.name));
  const tsas = cfg.tsaUrls.filter((u) => !a.stamps.has(u));
  await Promise.all([
    ...witnesses.map((w) => cosign(a, head.note, w)),
    ...tsas.map((u) => stamp(a, utf8.encode(body), u)),
  ]);
  if (policy && !quorumMet(policy, new Set(a.cosigned.keys()))) {
    a.nextAt = Date.now() + cfg.headSeconds * 1000;
    return false;
  }
  // The platform signature line, then one cosignature line per witness that cosigned, in policy order.
  const cosigned = (policy?.witnesses ?? []).flatMap((w) => a.cosigned.get(w.name) ?? []);
  await storePublishedHead(
    head.tree_size,
    {
      note: head.note + cosigned.map((c) => c.line).join(''),
      root: head.root,
      cosignatures: cosigned.map(({ witness, key_id, time }) => ({ witness, key_id, time })),
      timestamps: cfg.tsaUrls.flatMap((u) => a.stamps.get(u) ?? []),
      issued_at: head.issued_at,
      published_at: new Date().toISOString(),
    },
    a.skew,
  );
  current = null;
  return true;
}

function tick(): void {
  if (running) return;
  running = publishHead()
    .catch((e) => log('error', 'head publication failed', { error: String((e as Error).message) }))
    .finally(() => {
      running = null;
    });
}

/** Starts the publisher (server boot, after the integrator). */
export function startHeadPublisher(): void {
  if (timer) return;
  const cfg = config();
  anchors = cfg.tsaCa ? loadTrustAnchors(cfg.tsaCa) : { certificates: [] };
  cacheLatestHead(true);
  timer = setInterval(tick, 250);
}

/** Stops the publisher after its current attempt. */
export async function stopHeadPublisher(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = null;
  await running;
  cacheLatestHead(false);
}
