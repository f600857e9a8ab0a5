// Owns the text of integrity results: scan reports and single-event verifications, as OK/FAIL lines (no colour needed).
import type { integrityReport } from '../../src/audit/service';
import type { LogReport } from '../../src/tlog/index';
import { nodePrimitives } from '../../src/verify/node-primitives';
import { verifyDocument } from '../../src/verify/verify-document';
import { headLines, TRUST_TEXT } from '../../src/verify/report-text';
import { bar, duration } from '../widgets/format';

type Report = ReturnType<typeof integrityReport>;
type Range = { from: number; to: number };
const MAX_LISTED = 3;
const BAR = 26;

const seqs = (g: Range) => (g.from === g.to ? `seq ${g.from}` : `seq ${g.from}-${g.to}`);
const mark = (ok: boolean | null) => (ok === null ? '[SKIP]' : ok ? '[OK]  ' : '[FAIL]');

function listed(label: string, gaps: Range[], truncated = false): string[] {
  const out = gaps.slice(0, MAX_LISTED).map((g) => `  ${label} ${seqs(g)}`);
  if (gaps.length > MAX_LISTED || truncated)
    out.push(`  ... ${truncated ? 'more than ' : ''}${gaps.length - MAX_LISTED} more`);
  return out;
}

/** While the scan runs: its progress, held below 100% until the report is on screen (the last step is writing it). */
export function scanningLines(orgId: string, elapsedMs: number, done: number): string[] {
  return [
    `Org "${orgId}": scanning`,
    `${bar(Math.min(done, 0.99), 1, BAR)} ${duration(elapsedMs)}`,
    '',
    'The console stays usable meanwhile.',
  ];
}

export function scanLines(orgId: string, r: Report, ms: number): string[] {
  const cold = r.cold;
  const hasCold = r.evacuated_through_seq > r.purged_through_seq;
  const coldOk = cold.manifest_ok && cold.gaps.length === 0;
  return [
    `Org "${orgId}": scanned in ${duration(ms)}`,
    bar(1, 1, BAR),
    r.expected ? `Hot rows seq ${r.from}-${r.to}: ${r.count} of ${r.expected}` : 'Hot rows: none',
    r.contiguous && coldOk ? 'CONTIGUOUS: yes, no gaps' : `CONTIGUOUS: NO, ${r.gaps.length + cold.gaps.length} gap(s)`,
    ...listed('missing', r.gaps, r.gaps_truncated),
    hasCold ? `Evacuated (cold) seq ${cold.from}-${cold.to}:` : 'Evacuated (cold): none',
    ...(hasCold
      ? [`  ${cold.segments} segment(s), ${cold.count} rows, manifest ${cold.manifest_ok ? 'OK' : 'BROKEN'}`]
      : []),
    ...listed('cold missing', cold.gaps),
    ...cold.problems.slice(0, MAX_LISTED).map((p) => `  PROBLEM ${p}`),
    `Purged through seq ${r.purged_through_seq}; last seq ${r.last_seq}`,
    ...logLines('Org log', r),
  ];
}

/** The transparency log part of a report (docs/transparency-logs.md#integrity-scans): verified, first bad leaf, tail, checkpoint checked. */
export function logLines(
  title: string,
  r: Pick<LogReport, 'log_verified' | 'first_bad_leaf' | 'tail_verified' | 'checkpoint'> & {
    log_problems?: string[];
    problems?: string[];
  },
): string[] {
  const cp = r.checkpoint;
  return [
    `${title}: ${mark(r.log_verified)} ${r.log_verified ? 'verified' : 'DOES NOT VERIFY'}` +
      (r.first_bad_leaf === null ? '' : `, first bad leaf ${r.first_bad_leaf}`),
    `  ${mark(r.tail_verified)} every leaf up to the latest checkpoint present`,
    cp ? `  checkpoint ${cp.tree_size} leaves, root ${cp.root_hash.slice(0, 16)}...` : '  no signed checkpoint yet',
    ...(r.log_problems ?? r.problems ?? []).slice(0, MAX_LISTED).map((p) => `  PROBLEM ${p}`),
  ];
}

/** The tenant log report, as the org scan is shown. */
export function tenantLogLines(name: string, r: LogReport & { tree_size: number }, ms: number): string[] {
  return [
    `Tenant log of ${name}: ${r.tree_size} leaves, scanned in ${duration(ms)}`,
    bar(1, 1, BAR),
    ...logLines('Tenant log', r),
  ];
}

const clipped = (s: string, max = 70) => (s.length > max ? `${s.slice(0, max - 3)}...` : s);

/**
 * A record's proof document (the event proof, or the audit event as GET /v1/audit/events/{id} answers it) judged by the
 * rules `svc verify` and the proof pages run, against the tenant's published keys signed by the platform key (which
 * also checks the head note); shown compactly: the verdict, the signer, the head evidence in words, then every failed
 * and every skipped check.
 */
export async function verifyDocumentLines(
  head: string[],
  doc: unknown,
  keys: unknown,
  platformKey: unknown,
): Promise<string[]> {
  const r = await verifyDocument(nodePrimitives, doc, { keys, platformKey });
  const failed = r.checks.filter((c) => !c.ok);
  const skipped = r.checks.filter((c) => c.skipped);
  const s = r.signer;
  return [
    ...head,
    r.valid ? 'VERIFIED' : 'NOT VERIFIED',
    s
      ? `key ${s.key_id}${s.published_for ? `, published for ${s.published_for}` : ', NOT in the key list'}`
      : 'no readable signing key',
    ...headLines(r).map((l) => clipped(l, 200)),
    ...failed.map((c) => `${mark(false)} ${c.name}: ${clipped(c.detail)}`),
    ...skipped.map((c) => `${mark(null)} ${c.name}: ${clipped(c.detail)}`),
    TRUST_TEXT[r.trust],
    `${r.checks.length - failed.length - skipped.length} of ${r.checks.length} checks passed`,
  ];
}
