// Owns the plain-text reading of a verification report, as `svc verify` prints it and the console shows it.
import type { VerifyReport } from './report';

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
      for (const c of cs) lines.push(`${(c.skipped ? 'SKIP' : c.ok ? 'OK' : 'FAIL').padEnd(5)} ${item}  ${c.check}: ${c.detail}`);
      continue;
    }
    lines.push(`${cs.every((c) => c.ok) ? 'OK   ' : 'FAIL '} ${item}  ${cs.filter((c) => !c.skipped).map((c) => c.check).join(', ')}`);
    for (const c of cs) if (!c.ok || c.skipped) lines.push(`        ${c.check}: ${c.skipped ? 'SKIP, ' : ''}${c.detail}`);
  }
  if (r.signer) lines.push(`signed by key ${r.signer.key_id}${r.signer.published_for ? `, published for ${r.signer.published_for}` : ' (no key list checked)'}${r.signer.log_origin ? `, in the log ${r.signer.log_origin}` : ''}`);
  if (r.unsigned.length) lines.push(`not covered by any signature: ${r.unsigned.join(', ')}`);
  const bad = r.checks.filter((c) => !c.ok).length;
  const skipped = r.checks.filter((c) => c.skipped).length;
  lines.push(bad ? `NOT VERIFIED: ${bad} of ${r.checks.length} checks failed` : `VERIFIED: all ${r.checks.length - skipped} checks passed${skipped ? ` (${skipped} not checked, see SKIP)` : ''}`);
  return lines;
}
