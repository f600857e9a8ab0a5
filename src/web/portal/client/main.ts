// Entry of the portal viewer bundle: takes the one-time link from the fragment, exchanges it, opens the view of its intent.
import { banner, formatTime, h, mount } from '../../client/dom';
import { exchange, takeLinkFromFragment } from './api';
import { eventsView } from './events-view';
import { streamsView } from './streams-view';

async function start(): Promise<void> {
  const link = takeLinkFromFragment();
  if (!link) {
    mount(
      banner('notice', null, 'No viewer link', 'Open this page with the link you were given (it ends in #link=…).'),
    );
    return;
  }
  const r = await exchange(link);
  if (!r.session) {
    const used = r.status === 401;
    mount(
      banner(
        'notice',
        false,
        used ? 'This link has expired or was already used' : 'The viewer could not be opened',
        used
          ? 'Viewer links work once and for a few minutes. Ask for a new link.'
          : `Please try again later (${r.error ?? r.status}).`,
        { 'data-error': r.error ?? String(r.status) },
      ),
    );
    return;
  }
  const s = r.session;
  const issuer = s.issuer?.issuer_name ?? s.issuer?.name ?? '';
  document.getElementById('who')!.textContent = `${s.organization_name}${issuer ? ` · ${issuer}` : ''}`;
  document.title = `${s.intent === 'audit_logs' ? 'Audit log' : 'Log streams'} — ${s.organization_name}`;
  const body = h('div', { id: 'view' });
  mount(
    h(
      'section',
      { class: 'card issuer', id: 'session', 'data-intent': s.intent },
      h('p', { class: 'eyebrow' }, s.intent === 'audit_logs' ? 'Audit log' : 'Log streams'),
      h('h2', { class: 'issuer-name' }, s.organization_name),
      h(
        'p',
        { class: 'muted' },
        `Organization ${s.organization_id}${issuer ? `, kept by ${issuer}` : ''}. Read-only session until ${formatTime(s.expires_at)}.`,
      ),
    ),
    body,
  );
  if (s.intent === 'audit_logs') eventsView(body, s);
  else streamsView(body);
}

start().catch((e) => mount(banner('notice', false, 'The viewer failed', (e as Error).message)));
