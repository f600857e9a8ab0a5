// Owns the log_streams view: the org's webhook streams and their delivery state.
import { formatTime, h, inBackground } from '../../client/dom';
import { api } from './api';

const STATE_CLASS: Record<string, string> = { active: 'badge ok', failing: 'badge bad', paused: 'badge warn' };

export function streamsView(root: HTMLElement): void {
  const status = h('p', { class: 'muted', id: 'status', role: 'status' });
  const tbody = h('tbody', { id: 'stream-rows' });
  const refresh = h('button', { type: 'button', id: 'refresh', class: 'secondary' }, 'Refresh');
  root.replaceChildren(
    h(
      'section',
      { class: 'card' },
      h('div', { class: 'toolbar' }, h('h3', {}, 'Log streams'), refresh),
      status,
      h(
        'div',
        { class: 'table-wrap' },
        h(
          'table',
          { class: 'events' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', {}, 'Destination'),
              h('th', {}, 'State'),
              h('th', {}, 'Delivered through seq'),
              h('th', {}, 'Last delivery'),
              h('th', {}, 'Last error'),
            ),
          ),
          tbody,
        ),
      ),
    ),
  );

  async function load(): Promise<void> {
    const r = await api('/v1/portal/streams');
    if (r.status !== 200) {
      status.textContent =
        r.status === 401
          ? 'Your session has ended. Ask for a new link.'
          : `Could not load streams (${r.body?.error ?? r.status}).`;
      return;
    }
    const list: any[] = r.body.streams;
    status.textContent = list.length
      ? `${list.length} stream${list.length === 1 ? '' : 's'}`
      : 'No streams are configured for this organization.';
    tbody.replaceChildren(
      ...list.map((s) =>
        h(
          'tr',
          { 'data-id': s.id, 'data-state': s.state },
          h('td', { class: 'mono' }, s.endpoint),
          h(
            'td',
            {},
            h('span', { class: STATE_CLASS[s.state] ?? 'badge' }, s.state),
            s.failures
              ? h('span', { class: 'muted' }, ` ${s.failures} failed attempt${s.failures === 1 ? '' : 's'}`)
              : null,
          ),
          h('td', { class: 'num' }, String(s.cursor_seq)),
          h('td', {}, s.last_delivered_at ? formatTime(s.last_delivered_at) : '—'),
          h('td', { class: 'mono' }, s.last_error ?? '—'),
        ),
      ),
    );
  }
  refresh.addEventListener('click', () => inBackground(load(), status));
  inBackground(load(), status);
}
