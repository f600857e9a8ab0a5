// Owns the small DOM vocabulary of the proof pages: elements, issuer block, fields, check lists, banners.
import type { Check } from './checks';

type Child = Node | string | null | undefined | false;
type Attrs = Record<string, string | boolean | undefined>;

/** document.createElement with attributes and children; text is always inserted as text, never as HTML. */
export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

export const app = () => document.getElementById('app')!;

/** Hands the first file dropped on `zone` to `take`, marking the zone (`over`) while a file is dragged over it. */
export function onFileDrop(zone: HTMLElement, take: (f: File) => void): void {
  zone.addEventListener('dragover', (e) => {
    e.preventDefault();
    zone.classList.add('over');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (e) => {
    e.preventDefault();
    zone.classList.remove('over');
    const f = (e as DragEvent).dataTransfer?.files?.[0];
    if (f) take(f);
  });
}

export function mount(...children: Child[]): void {
  app().replaceChildren(...(children.filter(Boolean) as (Node | string)[]));
}

/** The id segment that follows /proof/{kind}/ in the address bar. */
export function pathId(): string {
  const seg = location.pathname.split('/').filter(Boolean)[2] ?? '';
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg; // a malformed escape is passed on as is; the API answers it as an unknown id
  }
}

/** A banner: green when ok, red when not, grey when undecided (null). */
export function banner(id: string, ok: boolean | null, title: string, sub?: string, attrs: Attrs = {}): HTMLElement {
  const cls = ok === null ? 'banner neutral' : ok ? 'banner ok' : 'banner bad';
  return h(
    'section',
    { class: cls, role: 'status' },
    h('span', { class: 'banner-icon', 'aria-hidden': 'true' }, ok === null ? '•' : ok ? '✓' : '✗'),
    h('div', {}, h('h1', { id, ...attrs }, title), sub ? h('p', { class: 'banner-sub' }, sub) : null),
  );
}

/** The words that mark a field no signature covers: shown, never in the voice of a signed one. */
export const UNSIGNED = 'not covered by any signature';
const unsignedBadge = () => h('span', { class: 'badge warn unsigned' }, UNSIGNED);

/** The issuer block as the service states it: no signature covers it, so it is labelled as such. */
export function issuerBlock(org: Record<string, any> | undefined, heading = 'Issued by'): HTMLElement {
  const o = org ?? {};
  const verified = o.domain_verified === true;
  return h(
    'section',
    { class: 'card issuer', 'data-unsigned': 'true' },
    h('p', { class: 'eyebrow' }, `${heading} (as the service states it)`, ' ', unsignedBadge()),
    h('h2', { class: 'issuer-name' }, String(o.issuer_name ?? o.name ?? 'Unknown issuer')),
    h(
      'p',
      { class: 'issuer-meta' },
      o.primary_domain ? h('span', { class: 'domain' }, String(o.primary_domain)) : null,
      h('span', { class: verified ? 'badge ok' : 'badge warn' }, verified ? 'Domain verified' : 'Domain not verified'),
      verified && o.domain_verified_at
        ? h('span', { class: 'muted' }, `since ${formatTime(o.domain_verified_at)}`)
        : null,
    ),
    o.name && o.issuer_name && o.name !== o.issuer_name ? h('p', { class: 'muted' }, `Organization: ${o.name}`) : null,
  );
}

/** "22 Nov 2026, 14:52:33 UTC" for an RFC 3339 time; the text as is when it is not one. */
export function formatTime(iso: unknown): string {
  const d = new Date(String(iso));
  if (Number.isNaN(d.getTime())) return String(iso);
  return `${d.toLocaleString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' })} UTC`;
}

/** One row of fields(): a value of undefined is left out, null shows as a dash; `unsigned` marks a field no signature covers. */
type Field = [label: string, value: unknown, kind?: 'mono' | 'time' | 'text', unsigned?: boolean];

/** A definition list of label -> value; `mono` values are hashes, keys and signatures. */
export function fields(rows: Field[]): HTMLElement {
  const dl = h('dl', { class: 'fields' });
  for (const [label, value, kind, unsigned] of rows) {
    if (value === undefined) continue;
    const text = value === null ? '—' : kind === 'time' ? formatTime(value) : String(value);
    // Times show a readable UTC form with the exact value beneath it.
    const exact =
      kind === 'time' && value !== null && text !== String(value)
        ? h('span', { class: 'sub mono' }, String(value))
        : null;
    dl.append(
      h('dt', {}, label),
      h(
        'dd',
        { class: kind === 'mono' ? 'mono' : undefined, 'data-unsigned': unsigned ? 'true' : undefined },
        text,
        exact,
        unsigned ? ' ' : null,
        unsigned ? unsignedBadge() : null,
      ),
    );
  }
  return dl;
}

export function card(title: string, ...children: Child[]): HTMLElement {
  return h('section', { class: 'card' }, h('h3', {}, title), ...children);
}

export function checkList(checks: Check[]): HTMLElement {
  return h(
    'ul',
    { class: 'checks' },
    ...checks.map((c) =>
      h(
        'li',
        { class: c.ok === null ? 'skip' : c.ok ? 'pass' : 'fail', 'data-ok': String(c.ok), 'data-check': c.label },
        h('span', { class: 'mark', 'aria-hidden': 'true' }, c.ok === null ? '–' : c.ok ? '✓' : '✗'),
        h(
          'span',
          {},
          c.label,
          c.ok === null ? ' (not checked)' : '',
          c.detail ? h('span', { class: 'detail mono' }, c.detail) : null,
        ),
      ),
    ),
  );
}

export function jsonBlock(summary: string, value: unknown): HTMLElement {
  return h(
    'details',
    { class: 'raw' },
    h('summary', {}, summary),
    h('pre', { class: 'mono' }, JSON.stringify(value, null, 2)),
  );
}

/** The page state for an id the API does not know, or any failure to load the proof. */
export function showLoadFailure(status: number, body: any): void {
  document.title = status === 404 || status === 400 ? 'No proof found' : 'Proof unavailable';
  if (status === 404 || status === 400) {
    mount(
      banner(
        'notfound',
        null,
        'No proof found',
        status === 400
          ? 'This link does not contain a valid proof identifier.'
          : 'No published proof exists for this identifier. Check the link you were given.',
      ),
    );
  } else if (status === 429) {
    mount(banner('notfound', null, 'Too many requests', 'Please wait a moment and reload the page.'));
  } else {
    mount(
      banner(
        'notfound',
        null,
        'Proof unavailable',
        `The proof could not be loaded (${status || 'network error'}${body?.error ? `: ${body.error}` : ''}).`,
      ),
    );
  }
}

export async function getJson(path: string): Promise<{ status: number; body: any }> {
  try {
    const res = await fetch(path, { headers: { accept: 'application/json' }, cache: 'no-store' });
    let body: any = null;
    try {
      body = await res.json();
    } catch {
      body = null;
    }
    return { status: res.status, body };
  } catch {
    return { status: 0, body: null };
  }
}

export async function postJson(path: string, data: unknown): Promise<{ status: number; body: any }> {
  try {
    const res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(data),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  } catch {
    return { status: 0, body: null };
  }
}

/** Runs background work of a page (a click, a load); a failure is shown in `where` and logged, never dropped. */
export function inBackground(work: Promise<unknown>, where: HTMLElement): void {
  work.catch((e: unknown) => {
    console.error(e);
    where.textContent = `Something went wrong: ${(e as Error)?.message ?? String(e)}`;
  });
}
