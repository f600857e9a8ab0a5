// Owns the plain-text reading of a verification report, as `svc verify` and `proof-ledger-verify` print it and the
// console shows it, and the head evidence in words (docs/verification.md#15-the-head-step-head-leaf-cosignatures-time-stamp-tokens) the pages and the PDF print.
import type { Check, ReportHead, VerifyReport } from './report';
import { formatInstant, parseRfc3339 } from './time-rules';

/** "2026-11-25 10:04:11 UTC" for an RFC 3339 time (fractions of a second dropped); other text as is. */
export function utcText(rfc3339: string): string {
  const t = parseRfc3339(rfc3339);
  return t ? `${formatInstant({ seconds: t.seconds, nanos: 0 }).slice(0, 19).replace('T', ' ')} UTC` : rfc3339;
}

/** A TSA as a reader knows it: the CN of its distinguished name (`CN=Example TSA, O=Example` -> Example TSA), else the name. */
export function tsaText(name: string): string {
  const cn = /(?:^|,\s*)CN=([^,]+)/.exec(name);
  return cn ? cn[1]!.trim() : name;
}

/**
 * The head evidence in words: "existed no later than 2026-11-25 10:04:11 UTC according to <TSA>, cosigned by
 * <witnesses>", then what it rests on (the verifier's policy, platform key and TSA roots, or the file alone) and
 * what was not checked. [] without a head.
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
    : h.outside_trust.tsa
      ? 'is in a published head'
      : 'is in a published head; its time was not checked (no TSA roots given)';
  const who = h.witnessed_by.length
    ? `cosigned by ${h.witnessed_by.join(', ')}`
    : h.outside_trust.policy
      ? 'cosigned by no witness the policy counts'
      : h.cosigners_named.length
        ? `cosigned by ${h.cosigners_named.join(', ')} as the head note names them (not checked: no witness policy given)`
        : 'cosigned by no witness';
  const applied = [
    h.outside_trust.policy
      ? "the verifier's witness policy"
      : h.outside_trust.platform_key
        ? 'the platform key given'
        : '',
    h.outside_trust.tsa ? "the verifier's TSA roots" : '',
  ].filter(Boolean);
  const trust = applied.length
    ? `Checked against ${applied.join(' and ')}.`
    : 'No outside trust was applied: the head was checked against the key the file carries.';
  const head =
    h.tree_size !== null ? [`Head ${h.origin ?? ''} at size ${h.tree_size}, root ${h.root_hash ?? ''}.`] : [];
  return [`${subject} ${when}, ${who}.`, ...head, trust];
}

/** The head sentences as report lines. */
export const headLines = (r: VerifyReport): string[] => headSentences(r.head);

/** The part of a check's name before its check (`items[2]` of `items[2].log.inclusion`). */
export const partOf = (name: string): string => {
  const dot = name.indexOf('.');
  return dot < 0 ? name : name.slice(0, dot);
};

/** docs/verification.md#trust-levels, in words. */
export const TRUST_TEXT = {
  file: 'trust: file (every signature was checked against the keys in the file; no outside trust was applied)',
  keys: 'trust: keys (the keys in the file were checked against the key list or platform key given)',
  policy: "trust: policy (the head was checked against the verifier's witness policy)",
} as const;

const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The one stderr line of a verifier that did not verify (docs/verification.md#the-command-lines). */
export const failureLine = (checks: Check[]): string => {
  const c = checks.find((k) => !k.ok);
  // A detail may quote the document's own values: their control characters are written as JSON escapes, so the
  // failure stays one line whatever the file holds.
  const oneLine = (t: string) =>
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this escapes
    t.replace(/[\u0000-\u001f\u007f]/g, (ch) => ESCAPES[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return c ? `NOT VERIFIED: ${c.name}: ${oneLine(c.detail)}` : 'NOT VERIFIED';
};

/**
 * One line per check (the checks of a bundle item folded into one line, its failed or skipped checks below it), then
 * who signed, what no signature covers, the head in words, the trust applied, and the verdict. SKIP lines say what was
 * not checked: a report is never silently shorter.
 */
export function reportLines(r: VerifyReport): string[] {
  const groups = new Map<string, Check[]>();
  for (const c of r.checks) groups.set(partOf(c.name), [...(groups.get(partOf(c.name)) ?? []), c]);
  const lines = [`${r.kind.replace('_', ' ')}: ${r.checks.length} checks`];
  const mark = (c: Check) => (c.skipped ? 'SKIP' : c.ok ? 'OK' : 'FAIL');
  for (const [part, cs] of groups) {
    if (!part.startsWith('items[')) {
      for (const c of cs) lines.push(`${mark(c).padEnd(5)} ${c.name}: ${c.detail}`);
      continue;
    }
    lines.push(`${cs.every((c) => c.ok) ? 'OK   ' : 'FAIL '} ${part}: ${cs.filter((c) => !c.skipped).length} checks`);
    for (const c of cs) if (!c.ok || c.skipped) lines.push(`        ${mark(c).padEnd(5)} ${c.name}: ${c.detail}`);
  }
  if (r.signer)
    lines.push(
      `signed by key ${r.signer.key_id}${r.signer.published_for ? `, published for ${r.signer.published_for}` : ' (no key list checked)'}${r.signer.log_origin ? `, in the log ${r.signer.log_origin}` : ''}`,
    );
  if (r.unsigned.length) lines.push(`not covered by any signature: ${r.unsigned.join(', ')}`);
  lines.push(...headLines(r));
  if (r.sandbox) lines.push("TEST \u2014 not evidence: a sandbox tenant's record, made for testing");
  if (!r.complete) lines.push('incomplete: a log block or head is pending or missing');
  lines.push(TRUST_TEXT[r.trust]);
  const bad = r.checks.filter((c) => !c.ok).length;
  const skipped = r.checks.filter((c) => c.skipped).length;
  lines.push(
    bad
      ? `NOT VERIFIED: ${bad} of ${r.checks.length} checks failed`
      : `VERIFIED: all ${r.checks.length - skipped} checks passed${skipped ? ` (${skipped} not checked, see SKIP)` : ''}`,
  );
  return lines;
}
