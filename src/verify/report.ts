// Owns the shape of a verification report (one per proof document) and the collector every rule file writes it with.
import type { QueuedHead } from './head-rules';
import type { Policy } from './policy';
import type { Primitives } from './primitives';
import type { TrustAnchors } from './timestamp';

/** One verdict. `skipped` marks a check the document does not carry enough data for; it never fails the report. */
export type Check = { item: string; check: string; ok: boolean; detail: string; skipped?: true };
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
 * DECISIONS 11: the head that anchors the proof's own record (a bundle: its seal), as checked. `according_to`: the TSA
 * named by the earliest token that verified; `witnessed_by`: policy witnesses whose cosignatures verified (none without
 * a policy); `cosigners_named`: the key names of the note's other signature lines, as the note states them.
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
      outside_trust: { policy: boolean; tsa: boolean };
    };
export type DocumentKind = 'event_proof' | 'ai_proof' | 'document_proof' | 'audit_event' | 'trace_bundle' | 'unknown';
export type VerifyReport = {
  kind: DocumentKind;
  ok: boolean;
  checks: Check[];
  checkpoint?: ReportCheckpoint;
  signer?: ReportSigner;
  /** Fields of the document that no signature covers (paths such as `header.label`): shown, never vouched for. */
  unsigned: string[];
  head?: ReportHead;
  /** DECISIONS 11: the earliest gen_time of a token that verified on the record's head, or null (also when a head link failed). */
  existed_no_later_than: string | null;
  /** DECISIONS 11: key names of the policy witnesses whose cosignatures of the record's head verified ([] when a head link failed). */
  witnessed_by: string[];
};
/**
 * keys: a GET /keys/{domain} answer (saved, or fetched by the page); platformKey: a GET /.well-known/svc-platform-key
 * answer (it also checks the head note when no policy is given); keysUnavailable: why the page could not fetch the key
 * list (the key checks are then reported as skipped); policy: the verifier's C2SP tlog-policy for the head (its `log`
 * line is the platform key, its quorum must be met); tsaAnchors: TSA roots, at least one token must chain to them.
 */
export type VerifyOptions = {
  keys?: unknown;
  platformKey?: unknown;
  keysUnavailable?: string;
  policy?: Policy;
  tsaAnchors?: TrustAnchors;
};

export class Checks {
  readonly list: Check[] = [];
  add(item: string, check: string, ok: boolean, detail: string): boolean {
    this.list.push({ item, check, ok, detail });
    return ok;
  }
  skip(item: string, check: string, detail: string): void {
    this.list.push({ item, check, ok: true, detail, skipped: true });
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
  heads: QueuedHead[];
  /** A witness policy or TSA roots were given: a record without complete head evidence fails rather than SKIPs. */
  headRequired: boolean;
  head?: ReportHead;
};

export type Obj = Record<string, unknown>;

const clip =
  (max: number) =>
  (v: unknown): string => {
    const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined');
    return s.length > max ? s.slice(0, max - 3) + '...' : s;
  };
/** Values in details are clipped; ids in item names are shown whole (a UUID is 36 characters). */
export const short = clip(24);
export const name = clip(64);
