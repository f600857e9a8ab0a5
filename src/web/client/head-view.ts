// Owns the proof pages' "Independent evidence" card: a record's `log.head` as the report judged it, the sentence
// "existed no later than <time> according to <TSA>, cosigned by <witnesses>" (a time only with the visitor's TSA
// roots), what it rests on, and the field where the visitor gives those roots.
import { headSentences } from '../../verify/report-text';
import type { VerifyReport } from '../../verify/verify-document';
import type { Check } from './checks';
import { card, checkList, fields, h } from './dom';
import { givenRoots, rootsOf, setRoots } from './published-key';

/**
 * docs/proof-pages.md#your-tsa-roots: where the visitor gives the TSA roots they trust; the page is checked again
 * with them, and only then does it say when the record existed.
 */
function rootsField(): HTMLElement {
  const given = givenRoots();
  const read = given ? rootsOf(given) : null;
  const area = h('textarea', { id: 'tsa-roots', rows: '5', spellcheck: 'false', 'aria-label': 'TSA roots (PEM)' });
  (area as HTMLTextAreaElement).value = given ?? '';
  const apply = h('button', { type: 'button', id: 'tsa-roots-apply' }, 'Check the time against these roots');
  apply.addEventListener('click', () => setRoots((area as HTMLTextAreaElement).value));
  const clear = given ? h('button', { type: 'button', id: 'tsa-roots-clear' }, 'Forget them') : null;
  clear?.addEventListener('click', () => setRoots(null));
  return h(
    'details',
    { class: 'raw', id: 'tsa-roots-field', open: !!given },
    h('summary', {}, given ? 'Your TSA roots' : 'Check the time against your TSA roots'),
    h(
      'p',
      { class: 'muted', id: 'tsa-roots-state' },
      read && 'error' in read
        ? `These roots cannot be read (${read.error}): the time was not checked.`
        : given
          ? 'The tokens were checked against these roots (kept in this browser tab only).'
          : 'Paste the PEM certificates of the time-stamping authorities you trust: the tokens are checked against them in your browser, and only then is a time claimed.',
    ),
    area,
    apply,
    clear,
  );
}

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
    stamps.length ? rootsField() : null,
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
