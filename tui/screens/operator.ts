// Owns the operator log screen (docs/transparency-logs.md#operator-log): every state-changing operator command,
// newest first, with who ran it, on what, and what changed; v recomputes the log against its checkpoints.
import { latestOperatorEntries, verifyOperatorLog } from '../../src/tlog/index';
import type { App, View } from '../app';
import { message } from '../widgets/dialog';
import { when } from '../widgets/format';
import { Table } from '../widgets/table';
import { box, esc, type Area } from '../widgets/ui';

type Entry = { at?: string; by?: string; action?: string; target?: Record<string, string>; details?: unknown };
type Row = { leaf_index: number; entry: Entry };
/** Entries the screen holds: the newest ones (the CLI's `svc operator log` lists them all). */
const SHOWN = 500;

export function operatorView(app: App, parent: unknown, size: Area): View {
  const root = box(parent, size);
  const listHeight = Math.max(6, size.height - 6);
  const table = new Table<Row>(
    root,
    { top: 0, left: 0, width: size.width, height: listHeight },
    {
      title: 'Operator log',
      id: (r) => String(r.leaf_index),
      empty: 'no operator command recorded yet',
      columns: [
        { title: '#', width: 5, value: (r) => String(r.leaf_index), align: 'right' },
        { title: 'AT', width: 16, value: (r) => when(r.entry.at ?? null) },
        { title: 'BY', width: 10, value: (r) => r.entry.by ?? '-' },
        { title: 'ACTION', width: 20, value: (r) => r.entry.action ?? '?' },
        { title: 'TARGET', width: 20, value: (r) => Object.values(r.entry.target ?? {}).join(' ') },
      ],
    },
  );
  const detail = box(root, { top: listHeight, left: 0, width: size.width, height: size.height - listHeight });

  function drawDetail(): void {
    const r = table.current();
    if (!r) return detail.setContent('');
    detail.setContent(
      [
        `{bold}${esc(r.entry.action ?? '?')}{/bold}${esc(`  leaf ${r.leaf_index}  by ${r.entry.by ?? '-'}  at ${r.entry.at ?? '-'}`)}`,
        esc(`target   ${JSON.stringify(r.entry.target ?? {})}`),
        esc(`details  ${JSON.stringify(r.entry.details ?? {})}`),
      ].join('\n'),
    );
  }

  const view: View = {
    name: 'Operator',
    box: root,
    hints: 'v verify the log  / filter  Tab next screen  ? help  q quit',
    help: [
      'Operator log (every tenant, key, retention, backup, restore and witness command, CLI or console)',
      '  v   recompute the log from its entries against its checkpoints and the platform key',
    ],
    filterTable: () => table as Table<unknown>,
    refresh() {
      const rows = latestOperatorEntries(SHOWN).map((e) => ({
        leaf_index: e.leaf_index,
        entry: (e.entry ?? {}) as Entry,
      }));
      table.setRows(rows.reverse());
      drawDetail();
    },
    key(ch, key) {
      if (table.handleKey(key)) {
        drawDetail();
        return true;
      }
      if (ch === 'v') {
        const r = verifyOperatorLog();
        app.background(
          message(app, 'Operator log', [
            `${r.log_verified ? 'VERIFIED' : 'NOT VERIFIED'}: ${r.tree_size} entries, ${r.checkpoints_checked} checkpoints checked`,
            r.checkpoint
              ? `latest checkpoint: size ${r.checkpoint.tree_size}, root ${r.checkpoint.root_hash.slice(0, 16)}...`
              : 'no checkpoint signed yet (the server signs one within SVC_CHECKPOINT_SECONDS)',
            ...r.problems.slice(0, 5),
          ]),
        );
        return true;
      }
      return false;
    },
  };
  return view;
}
