// Owns the plain-text reading of a verification report, as `svc verify` prints it and the console shows it, and the
// head evidence in words (DECISIONS 11) that the pages and the trace PDF print too.
import type { ReportHead, VerifyReport } from './report';

/** "2026-11-25 10:04:11 UTC" for an RFC 3339 time (fractions of a second dropped). */
export function utcText(rfc3339: string): string {
  const d = new Date(rfc3339);
  return Number.isNaN(d.getTime()) ? rfc3339 : `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** A TSA as a reader knows it: the CN of its distinguished name (`CN=Example TSA, O=Example` -> Example TSA), else the name. */
export function tsaText(name: string): string {
  const cn = /(?:^|,\s*)CN=([^,]+)/.exec(name);
  return cn ? cn[1]!.trim() : name;
}

/**
 * DECISIONS 11 in words: "existed no later than 2026-11-25 10:04:11 UTC according to <TSA>, cosigned by <witnesses>",
 * then what it rests on (the verifier's policy and TSA roots, or nothing outside the document). [] without a head.
 */
export function headSentences(h: ReportHead | undefined, subject = 'The record'): string[] {
  if (!h) return [];
  if (h.status === 'pending')
    return [
      'Head pending: no published head covers this record yet, so no witness or time-stamping authority vouches for it yet.',
    ];
  if (!h.ok) return ['The head evidence does NOT verify: see the failed head checks.'];
  const when = h.existed_no_later_than
    ? `existed no later than ${utcText(h.existed_no_later_than)} according to ${tsaText(h.according_to ?? 'a time-stamping authority')}`
    : 'is in a published head that no time-stamping authority dated';
  const who = h.witnessed_by.length
    ? `cosigned by ${h.witnessed_by.join(', ')}`
    : h.cosigners_named.length
      ? `cosigned by ${h.cosigners_named.join(', ')} as the head note names them (not checked: no witness policy)`
      : 'cosigned by no witness';
  const trust =
    h.outside_trust.policy && h.outside_trust.tsa
      ? "Checked against the verifier's own witness policy and TSA roots."
      : h.outside_trust.policy
        ? "Checked against the verifier's own witness policy; the tokens' TSA chain was not checked (no TSA roots given)."
        : h.outside_trust.tsa
          ? "Checked against the verifier's own TSA roots; no witness policy was applied."
          : 'No outside trust was applied: only what the document carries was checked.';
  const head =
    h.tree_size !== null ? [`Head ${h.origin ?? ''} at size ${h.tree_size}, root ${h.root_hash ?? ''}.`] : [];
  return [`${subject} ${when}, ${who}.`, ...head, trust];
}

/** The head sentences as report lines. */
export const headLines = (r: VerifyReport): string[] => headSentences(r.head);

/**
 * One line per check of a single record, one line per trace item (its failed or skipped checks indented below),
 * then the verdict. SKIP lines say what was not checked: a report is never silently shorter.
 */
export function reportLines(r: VerifyReport): string[] {
  const groups = new Map<string, VerifyReport['checks']>();
  for (const c of r.checks) groups.set(c.item, [...(groups.get(c.item) ?? []), c]);
  const lines = [`${r.kind.replace('_', ' ')}: ${r.checks.length} checks`];
  for (const [item, cs] of groups) {
    if (!item.startsWith('item ')) {
      for (const c of cs)
        lines.push(`${(c.skipped ? 'SKIP' : c.ok ? 'OK' : 'FAIL').padEnd(5)} ${item}  ${c.check}: ${c.detail}`);
      continue;
    }
    lines.push(
      `${cs.every((c) => c.ok) ? 'OK   ' : 'FAIL '} ${item}  ${cs
        .filter((c) => !c.skipped)
        .map((c) => c.check)
        .join(', ')}`,
    );
    for (const c of cs)
      if (!c.ok || c.skipped) lines.push(`        ${c.check}: ${c.skipped ? 'SKIP, ' : ''}${c.detail}`);
  }
  if (r.signer)
    lines.push(
      `signed by key ${r.signer.key_id}${r.signer.published_for ? `, published for ${r.signer.published_for}` : ' (no key list checked)'}${r.signer.log_origin ? `, in the log ${r.signer.log_origin}` : ''}`,
    );
  if (r.unsigned.length) lines.push(`not covered by any signature: ${r.unsigned.join(', ')}`);
  lines.push(...headLines(r));
  const bad = r.checks.filter((c) => !c.ok).length;
  const skipped = r.checks.filter((c) => c.skipped).length;
  lines.push(
    bad
      ? `NOT VERIFIED: ${bad} of ${r.checks.length} checks failed`
      : `VERIFIED: all ${r.checks.length - skipped} checks passed${skipped ? ` (${skipped} not checked, see SKIP)` : ''}`,
  );
  return lines;
}
