// Owns the cards every record page ends with: the signature and its signed bytes, the checks made in the browser,
// and the record's transparency-log and head evidence, as the one report judged them.
import type { VerifyReport } from '../../verify/verify-document';
import { keyLines, type Check } from './checks';
import { card, checkList, fields, h, jsonBlock } from './dom';
import { headCard } from './head-view';
import { logCard } from './log-view';

/**
 * docs/verification.md#sandbox-records: a sandbox tenant's record is genuine, and what it records did not happen; the
 * page says so above everything else it shows.
 */
export const sandboxNote = (report: VerifyReport): HTMLElement | null =>
  report.sandbox
    ? h(
        'section',
        { class: 'card', id: 'sandbox', 'data-sandbox': 'true' },
        h('p', {}, 'TEST \u2014 not evidence'),
        h(
          'p',
          {},
          "A sandbox tenant's record, made for testing: genuine, signed, and not evidence of anything that happened.",
        ),
      )
    : null;

type SignedProof = { algorithm?: unknown; key_id?: unknown; public_key?: unknown; signature?: unknown; log?: unknown };

/** `note` follows the check list (e.g. what the server itself reported, in its own voice). */
export function recordCards(
  p: SignedProof,
  signed: Record<string, unknown> | null,
  lines: { checks: Check[]; log: Check[]; head: Check[] },
  report: VerifyReport,
  note: string | null = null,
) {
  return [
    sandboxNote(report),
    card(
      'Signature',
      fields([
        ['Algorithm', p.algorithm],
        ['Key ID', p.key_id, 'mono'],
        ['Public key', p.public_key, 'mono'],
        ['Signature', p.signature, 'mono'],
      ]),
      signed ? jsonBlock('Signed bytes (canonical JSON)', signed) : null,
    ),
    card('Checks made in your browser', checkList([...lines.checks, ...keyLines(report)]), note),
    logCard(p.log, lines.log, report.checkpoint),
    headCard(p.log, lines.head, report),
  ];
}
