// Owns the shape of a verification result (docs/verification.md#the-result), the same from every verifier, and the
// collector every rule file writes its checks with under one name per check (`<part>.<check>`).
import type { Policy } from './policy';
import type { Primitives } from './primitives';
import type { TrustAnchors } from './timestamp';

/** One verdict. `skipped`: not checked, and nothing the verdict rests on (a pending log block, the time without roots). */
export type Check = { name: string; ok: boolean; detail: string; skipped?: true };
/** docs/verification.md#trust-levels: what the signatures were checked against. */
export type Trust = 'file' | 'keys' | 'policy';
/** The signed checkpoint a document's log block was checked against (the seal's for a bundle), when it verified. */
export type ReportCheckpoint = {
  origin: string;
  tree_size: number;
  root_hash: string;
  key_id: string;
  note_key_id: string;
  public_key: string;
  note: string;
};
/**
 * Who signed, named only from what the signatures bind: the key (its id is derived from it), the domain whose
 * published key list holds it (null when no list was given or it is not in it), and the origin of the verified
 * checkpoint that covers the record (null without one). Never the document's unsigned issuer block.
 */
export type ReportSigner = {
  key_id: string;
  public_key: string;
  published_for: string | null;
  log_origin: string | null;
};
/**
 * The head that anchors the proof's own record (a bundle: its seal), as checked, for the words the pages, the console
 * and `svc verify` print: `according_to` is the TSA of the earliest token that verified to a trusted root,
 * `witnessed_by` the policy witnesses whose cosignatures count, `cosigners_named` the note's other signature lines.
 */
export type ReportHead =
  | { status: 'pending' }
  | {
      status: 'checked';
      ok: boolean;
      origin: string | null;
      tree_size: number | null;
      root_hash: string | null;
      existed_no_later_than: string | null;
      according_to: string | null;
      witnessed_by: string[];
      cosigners_named: string[];
      outside_trust: { policy: boolean; platform_key: boolean; tsa: boolean };
    };
export type DocumentKind = 'event_proof' | 'ai_proof' | 'document_proof' | 'audit_event' | 'trace_bundle' | 'unknown';

/**
 * docs/verification.md#the-result: the one result every verifier gives (`svc verify --json`, both client libraries,
 * the pages). `kind`, `signer` and `unsigned` are the same everywhere too.
 */
export type VerifyResult = {
  valid: boolean;
  trust: Trust;
  /** False while any log block or head of the document is pending or missing. */
  complete: boolean;
  /** True when the signed bytes of a record (any item or the seal of a bundle) say `"sandbox": true`. */
  sandbox: boolean;
  checks: Check[];
  /** The earliest genTime of a token that verified to a trusted TSA root on the record's head; null otherwise. */
  existed_no_later_than: string | null;
  /** Key names of the policy witnesses whose cosignatures of the record's head count ([] without a policy). */
  witnessed_by: string[];
  kind: DocumentKind;
  signer: ReportSigner | null;
  /** Fields of the document that no signature covers (paths such as `header.label`): shown, never vouched for. */
  unsigned: string[];
};
/** The result and what the displays say besides it: the checkpoint checked against, the head in words. */
export type VerifyReport = VerifyResult & { checkpoint?: ReportCheckpoint; head?: ReportHead };

/** The public result of a report: exactly the fields every verifier gives, in this order. */
export const resultOf = (r: VerifyReport): VerifyResult => ({
  valid: r.valid,
  trust: r.trust,
  complete: r.complete,
  sandbox: r.sandbox,
  checks: r.checks,
  existed_no_later_than: r.existed_no_later_than,
  witnessed_by: r.witnessed_by,
  kind: r.kind,
  signer: r.signer,
  unsigned: r.unsigned,
});

/**
 * keys: a GET /keys/{domain} answer (saved, or fetched by the page); platformKey: a GET /.well-known/svc-platform-key
 * answer (it signs the key records and, without a policy, is the head's key); keysUnavailable: why the page could not
 * fetch the key list (the key checks are then skipped); policy: the verifier's C2SP tlog-policy (its `log` line is the
 * head's key, its quorum must be met); tsaAnchors: TSA roots (at least one token must verify to them, and only those
 * date the record); now: the checking clock for cosignature times (default: this machine's).
 */
export type VerifyOptions = {
  keys?: unknown;
  platformKey?: unknown;
  keysUnavailable?: string;
  policy?: Policy;
  tsaAnchors?: TrustAnchors;
  now?: Date;
};

export class Checks {
  readonly list: Check[] = [];
  /** Adds the check `<part>.<check>` (e.g. `items[2].signature`); returns `ok`. */
  add(part: string, check: string, ok: boolean, detail: string): boolean {
    this.list.push({ name: `${part}.${check}`, ok, detail });
    return ok;
  }
  skip(part: string, check: string, detail: string): void {
    this.list.push({ name: `${part}.${check}`, ok: true, detail, skipped: true });
  }
}

/** What a rule file works with: the primitives, the collector, the candidate checkpoint keys, and what it learnt. */
export type Ctx = {
  p: Primitives;
  c: Checks;
  /** Published keys of the document's domain (a checkpoint may be signed by a newer key than a record's). */
  keys: Uint8Array[];
  checkpoint?: ReportCheckpoint;
  /** Heads of verified log blocks, checked after the synchronous rules (head-rules.ts). */
  heads: Array<{ part: string; checkpoint: string; head: unknown; keep: boolean }>;
  /** A witness policy or TSA roots were given: a record without complete head evidence fails rather than SKIPs. */
  headRequired: boolean;
  head?: ReportHead;
  /** A log block or head is pending or missing. */
  incomplete: boolean;
  /** A record's signed bytes say `"sandbox": true`. */
  sandbox: boolean;
};

export type Obj = Record<string, unknown>;

const clip =
  (max: number) =>
  (v: unknown): string => {
    const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined');
    return s.length > max ? s.slice(0, max - 3) + '...' : s;
  };
/** Values in details are clipped. */
export const short = clip(24);
