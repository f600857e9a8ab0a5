// Owns the audit_logs view: filters (action, actor, date), newest-first keyset pages, event details, in-browser
// verification, and export of the filtered view.
import { banner, card, checkList, fields, formatTime, h, inBackground, jsonBlock } from '../../client/dom';
import { api, type Session } from './api';
import { save, toCsv } from './download';
import { verifyEvent } from './verify';

const PAGE = 25;
type Filters = { actions: string; actor: string; from: string; to: string };

/** Date inputs are read as UTC days; "to" includes its whole day (range_end is exclusive). */
function query(f: Filters, limit: number, cursor: string | null): string {
  const q = new URLSearchParams({ limit: String(limit) });
  const actions = f.actions
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .join(',');
  if (actions) q.set('actions', actions);
  if (f.actor.trim()) q.set('actor_id', f.actor.trim());
  if (f.from) q.set('range_start', `${f.from}T00:00:00Z`);
  if (f.to) q.set('range_end', new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000).toISOString());
  if (cursor) q.set('cursor', cursor);
  return q.toString();
}

function input(id: string, label: string, type: string, placeholder = ''): [HTMLElement, HTMLInputElement] {
  const el = h('input', { id, name: id, type, placeholder, autocomplete: 'off' }) as HTMLInputElement;
  return [h('label', { for: id }, h('span', {}, label), el), el];
}

export function eventsView(root: HTMLElement, session: Session): void {
  let filters: Filters = { actions: '', actor: '', from: '', to: '' };
  // Keyset paging: the cursors of the pages already seen, so "Newer" goes back without offsets.
  let cursors: Array<string | null> = [null];
  let next: string | null = null;
  let events: any[] = [];

  const [actionL, actionI] = input('f-action', 'Action', 'text', 'user.login, doc.update');
  const [actorL, actorI] = input('f-actor', 'Actor ID', 'text', 'user id');
  const [fromL, fromI] = input('f-from', 'From (UTC)', 'date');
  const [toL, toI] = input('f-to', 'To (UTC, inclusive)', 'date');
  const apply = h('button', { type: 'submit', id: 'f-apply' }, 'Apply filters');
  const reset = h('button', { type: 'button', id: 'f-reset', class: 'secondary' }, 'Clear');
  const form = h(
    'form',
    { class: 'filters', id: 'filters' },
    actionL,
    actorL,
    fromL,
    toL,
    h('div', { class: 'filter-buttons' }, apply, reset),
  ) as HTMLFormElement;
  const status = h('p', { class: 'muted', id: 'status', role: 'status' });
  const tbody = h('tbody', { id: 'rows' });
  const table = h(
    'table',
    { class: 'events' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', {}, 'Seq'),
        h('th', {}, 'Occurred (UTC)'),
        h('th', {}, 'Action'),
        h('th', {}, 'Actor'),
        h('th', {}, 'Targets'),
      ),
    ),
    tbody,
  );
  const newer = h('button', { type: 'button', id: 'newer', class: 'secondary' }, '← Newer') as HTMLButtonElement;
  const older = h('button', { type: 'button', id: 'older', class: 'secondary' }, 'Older →') as HTMLButtonElement;
  const csv = h('button', { type: 'button', id: 'export-csv', class: 'secondary' }, 'Export CSV') as HTMLButtonElement;
  const jsonB = h(
    'button',
    { type: 'button', id: 'export-json', class: 'secondary' },
    'Export JSON',
  ) as HTMLButtonElement;
  const detail = h('div', { id: 'detail' });

  const checkpoint = h('div', { id: 'checkpoint' }, h('p', { class: 'muted' }, 'Loading…'));
  root.replaceChildren(
    card('Latest signed checkpoint', checkpoint),
    card('Filter', form),
    h(
      'section',
      { class: 'card' },
      h('div', { class: 'toolbar' }, status, h('div', { class: 'pager' }, newer, older, csv, jsonB)),
      h('div', { class: 'table-wrap' }, table),
    ),
    detail,
  );

  // The org's log head, signed by its issuer: a copy kept by the reader later proves the log only grew.
  void api('/v1/portal/audit/checkpoint').then((r) => {
    const cp = r.body?.checkpoint;
    checkpoint.replaceChildren(
      cp
        ? h(
            'div',
            {},
            fields([
              ['Events covered (tree size)', cp.tree_size],
              ['Root hash', cp.root_hash],
            ]),
            h(
              'p',
              { class: 'muted' },
              'Signed note (C2SP checkpoint); keep a copy to check later that this log was only appended to:',
            ),
            h('pre', { id: 'checkpoint-note' }, cp.note),
          )
        : h(
            'p',
            { class: 'muted' },
            r.status === 200
              ? 'No checkpoint has been signed for this log yet.'
              : `Not available (${r.body?.error ?? r.status}).`,
          ),
    );
  });

  async function load(): Promise<void> {
    status.textContent = 'Loading…';
    const r = await api(`/v1/portal/audit/events?${query(filters, PAGE, cursors[cursors.length - 1]!)}`);
    if (r.status !== 200) {
      status.textContent =
        r.status === 401
          ? 'Your session has ended. Ask for a new link.'
          : `Could not load events (${r.body?.error ?? r.status}): ${r.body?.message ?? ''}`;
      status.className = 'error';
      return;
    }
    status.className = 'muted';
    events = r.body.events;
    next = r.body.next_cursor;
    tbody.replaceChildren(
      ...events.map((e, i) => {
        const tr = h(
          'tr',
          { tabindex: '0', 'data-seq': String(e.seq), 'data-id': e.id },
          h('td', { class: 'num' }, String(e.seq)),
          h('td', {}, formatTime(e.occurred_at).replace(' UTC', '')),
          h('td', { class: 'mono' }, e.action),
          h(
            'td',
            {},
            `${e.actor?.name ? `${e.actor.name} ` : ''}`,
            h('span', { class: 'mono' }, `${e.actor?.type}:${e.actor?.id}`),
          ),
          h('td', { class: 'num' }, String(e.targets?.length ?? 0)),
        );
        tr.addEventListener('click', () => showEvent(events[i]));
        tr.addEventListener('keydown', (ev) => {
          if ((ev as KeyboardEvent).key === 'Enter') showEvent(events[i]);
        });
        return tr;
      }),
    );
    const page = cursors.length;
    status.textContent = events.length
      ? `Page ${page}: ${events.length} event${events.length === 1 ? '' : 's'}, newest first`
      : 'No events match these filters.';
    newer.disabled = cursors.length === 1;
    older.disabled = next === null;
  }

  function showEvent(e: any): void {
    for (const tr of tbody.querySelectorAll('tr')) tr.classList.toggle('selected', tr.getAttribute('data-id') === e.id);
    const result = h('div', { id: 'verify-result' });
    const verifyBtn = h(
      'button',
      { type: 'button', id: 'verify' },
      'Verify signature in this browser',
    ) as HTMLButtonElement;
    verifyBtn.addEventListener('click', async () => {
      verifyBtn.disabled = true;
      result.replaceChildren(h('p', { class: 'muted' }, 'Checking…'));
      const { verdict, checks } = await verifyEvent(e, session.issuer?.primary_domain);
      const title =
        verdict === 'valid' ? 'Signature valid' : verdict === 'invalid' ? 'Signature INVALID' : 'Not fully checked';
      const sub =
        verdict === 'valid'
          ? `Signed by ${session.issuer?.issuer_name ?? 'the issuer'}; this event has not been altered since it was recorded (seq ${e.seq}).`
          : verdict === 'invalid'
            ? 'One or more checks failed: do not rely on this event.'
            : "The issuer's published keys could not be fetched; try again.";
      result.replaceChildren(
        banner('verdict', verdict === 'valid' ? true : verdict === 'invalid' ? false : null, title, sub, {
          'data-verdict': verdict,
        }),
        checkList(checks),
      );
      verifyBtn.disabled = false;
    });
    // docs/verification.md#sandbox-records: a sandbox tenant's event says so in its signed fields; so does the viewer.
    const sandbox =
      e.sandbox === true
        ? h(
            'p',
            { id: 'sandbox', 'data-sandbox': 'true' },
            "TEST \u2014 not evidence: a sandbox tenant's event, made for testing.",
          )
        : null;
    detail.replaceChildren(
      card(
        `Event ${e.seq}`,
        sandbox,
        fields([
          ['Event ID', e.id, 'mono'],
          ['Sequence', e.seq],
          ['Action', e.action, 'mono'],
          ['Occurred at', e.occurred_at, 'time'],
          ['Recorded at', e.ingested_at, 'time'],
          ['Actor', `${e.actor?.type}: ${e.actor?.id}${e.actor?.name ? ` (${e.actor.name})` : ''}`],
          ['Targets', (e.targets ?? []).map((t: any) => `${t.type}: ${t.id}`).join(', ') || '—'],
          ['Payload hash', e.payload_hash, 'mono'],
          ['Key ID', e.key_id, 'mono'],
          ['Signature', e.signature, 'mono'],
        ]),
        jsonBlock('Full event (JSON)', e),
        h('div', { class: 'row' }, verifyBtn),
        result,
      ),
    );
    detail.scrollIntoView({ block: 'nearest' });
  }

  async function exportAll(kind: 'csv' | 'json', btn: HTMLButtonElement): Promise<void> {
    btn.disabled = true;
    const all: any[] = [];
    let cursor: string | null = null;
    do {
      status.textContent = `Exporting… ${all.length} events so far`;
      const r = await api(`/v1/portal/audit/events?${query(filters, 100, cursor)}`);
      if (r.status !== 200) {
        status.textContent = `Export stopped (${r.body?.error ?? r.status}).`;
        btn.disabled = false;
        return;
      }
      all.push(...r.body.events);
      cursor = r.body.next_cursor;
    } while (cursor);
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    const base = `audit-${session.organization_id.replace(/[^A-Za-z0-9._-]/g, '_')}-${stamp}`;
    if (kind === 'csv') save(`${base}.csv`, 'text/csv;charset=utf-8', toCsv(all));
    else save(`${base}.json`, 'application/json', JSON.stringify(all, null, 2) + '\n');
    status.textContent = `Exported ${all.length} event${all.length === 1 ? '' : 's'} as ${kind.toUpperCase()}.`;
    btn.disabled = false;
  }

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    filters = { actions: actionI.value, actor: actorI.value, from: fromI.value, to: toI.value };
    cursors = [null];
    detail.replaceChildren();
    inBackground(load(), status);
  });
  reset.addEventListener('click', () => {
    for (const i of [actionI, actorI, fromI, toI]) i.value = '';
    form.requestSubmit();
  });
  older.addEventListener('click', () => {
    if (next) {
      cursors.push(next);
      inBackground(load(), status);
    }
  });
  newer.addEventListener('click', () => {
    if (cursors.length > 1) {
      cursors.pop();
      inBackground(load(), status);
    }
  });
  csv.addEventListener('click', () => inBackground(exportAll('csv', csv), status));
  jsonB.addEventListener('click', () => inBackground(exportAll('json', jsonB), status));
  inBackground(load(), status);
}
