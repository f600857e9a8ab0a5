// Owns the proof pages' "Transparency log" card: a record's `log` block (docs/verification.md#12-the-transparency-log) as the report judged it.
import type { ReportCheckpoint } from '../../verify/verify-document';
import { logStatus, type Check } from './checks';
import { card, checkList, fields, h } from './dom';

/** The card for the record whose log lines are `lines`; `checkpoint` is the report's (the record's own, once verified). */
export function logCard(
  log: unknown,
  lines: Check[],
  checkpoint: ReportCheckpoint | undefined,
  what = "the tenant's log",
): HTMLElement {
  const l = (log && typeof log === 'object' ? log : {}) as Record<string, any>;
  const state = logStatus(lines);
  const status =
    state === 'pending'
      ? `Not yet shown in ${what}: the proof says no signed checkpoint covers this record yet, so its inclusion was not checked.`
      : state === 'absent'
        ? `No log block: this proof does not show the record's place in ${what}, so its inclusion was not checked.`
        : state === 'included'
          ? `Included in ${what} at checkpoint ${l.tree_size} (leaf ${l.leaf_index}), checked in your browser.`
          : `The inclusion in ${what} does NOT verify.`;
  const complete = state === 'included' || state === 'invalid';
  return card(
    'Transparency log',
    h(
      'p',
      { id: 'log-status', 'data-included': state === 'included' ? 'true' : state === 'invalid' ? 'false' : state },
      status,
    ),
    complete
      ? fields([
          ['Leaf index', l.leaf_index, 'mono'],
          ['Checkpoint tree size', l.tree_size, 'mono'],
          ['Root hash (SHA-256)', l.root_hash, 'mono'],
          ['Log origin', state === 'included' ? (checkpoint?.origin ?? null) : null, 'mono'],
          [
            'Checkpoint signing key',
            state === 'included' && checkpoint ? `${checkpoint.key_id} (note key id ${checkpoint.note_key_id})` : null,
            'mono',
          ],
        ])
      : null,
    checkList(lines),
    typeof l.checkpoint === 'string'
      ? h(
          'details',
          { class: 'raw' },
          h('summary', {}, 'Checkpoint (C2SP signed note)'),
          h('pre', { class: 'mono', id: 'log-checkpoint' }, l.checkpoint),
        )
      : null,
  );
}
