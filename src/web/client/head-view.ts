// Owns the proof pages' "Independent evidence" card: a record's `log.head` (DECISIONS 11) as the report judged it, the
// sentence "existed no later than <time> according to <TSA>, cosigned by <witnesses>", and what it rests on.
import { headSentences } from '../../verify/report-text';
import type { VerifyReport } from '../../verify/verify-document';
import type { Check } from './checks';
import { card, checkList, fields, h } from './dom';

/** The card for the head of the record whose head lines are `lines`; `report.head` is the proof's own record's. */
export function headCard(log: unknown, lines: Check[], report: VerifyReport): HTMLElement | null {
  const l = (log && typeof log === 'object' ? log : {}) as Record<string, any>;
  if (!lines.length && l.head === undefined) return null;
  const head = (l.head && typeof l.head === 'object' ? l.head : {}) as Record<string, any>;
  const failed = lines.some((c) => c.ok === false);
  const pending = head.status === 'pending';
  const state = failed ? 'invalid' : pending ? 'pending' : lines.length ? 'checked' : 'unchecked';
  const words =
    state === 'unchecked'
      ? ["The record's log block did not verify, so its head was not checked."]
      : headSentences(report.head);
  const stamps: Array<Record<string, any>> = Array.isArray(head.timestamps) ? head.timestamps : [];
  return card(
    'Independent evidence',
    h('p', { id: 'head-status', 'data-head': state }, words[0] ?? ''),
    ...words.slice(1).map((w) => h('p', { class: 'muted' }, w)),
    !pending && typeof head.tree_size === 'number'
      ? fields([
          ['Head leaf index', head.leaf_index, 'mono'],
          ['Head tree size', head.tree_size, 'mono'],
          ['Head root hash (SHA-256)', head.root_hash, 'mono'],
          ...stamps.map((t, i): [string, unknown, 'time'] => [
            `Time-stamp ${i + 1} (${String(t.tsa)})`,
            t.gen_time,
            'time',
          ]),
        ])
      : null,
    checkList(lines),
    typeof head.checkpoint === 'string'
      ? h(
          'details',
          { class: 'raw' },
          h('summary', {}, 'Head (C2SP signed note with cosignatures)'),
          h('pre', { class: 'mono', id: 'head-checkpoint' }, head.checkpoint),
        )
      : null,
  );
}
