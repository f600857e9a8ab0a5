// Owns the page /proof/trace/{trace_id}: the bundle checked in the browser by the rules of src/verify (every item, the
// list, the seal and what it binds, the log blocks), shown per item and for the seal.
import { bundleItemPart } from '../../verify/trace-bundle';
import { bundleLines, isUnsigned, keyLines, recordLines, signerText, verifyInBrowser, type Check } from './checks';
import {
  banner,
  card,
  checkList,
  fields,
  formatTime,
  getJson,
  h,
  issuerBlock,
  jsonBlock,
  mount,
  pathId,
  showLoadFailure,
} from './dom';
import { logCard } from './log-view';
import { headCard } from './head-view';
import { sandboxNote } from './record-cards';
import { keyOptions } from './published-key';

const TYPE_NAMES: Record<string, string> = {
  event: 'Ledger event',
  ai_attestation: 'AI attestation',
  document: 'Document anchor',
};
const PAGE = 100;

type ItemResult = { item: Record<string, any>; checks: Check[]; valid: boolean };

function itemRow(r: ItemResult): HTMLElement {
  const { item, checks, valid } = r;
  return h(
    'li',
    { class: 'item', 'data-sequence': String(item.sequence) },
    h(
      'div',
      { class: 'item-head' },
      h('span', { class: 'seq' }, `#${item.sequence}`),
      h('span', { class: 'item-type' }, TYPE_NAMES[item.type] ?? String(item.type)),
      h('span', { class: 'muted' }, formatTime(item.timestamp ?? '')),
      h(
        'span',
        { class: valid ? 'badge ok item-verdict' : 'badge bad item-verdict', 'data-valid': String(valid) },
        valid ? 'Valid' : 'INVALID',
      ),
    ),
    fields([
      ['ID', item.id, 'mono'],
      ['Content hash', item.content_hash, 'mono'],
    ]),
    h(
      'details',
      { class: 'raw', open: !valid },
      h('summary', {}, 'Checks, signature and payload'),
      checkList(checks),
      fields([
        ['Key ID', item.key_id, 'mono'],
        ['Public key', item.public_key, 'mono'],
        ['Signature', item.signature, 'mono'],
      ]),
      h('pre', { class: 'mono' }, JSON.stringify(item.payload ?? null, null, 2)),
    ),
  );
}

/** The item list, PAGE rows at a time behind a "show more" button. */
function itemList(results: ItemResult[]): HTMLElement {
  const list = h('ol', { class: 'items' });
  const more = h('button', { type: 'button', class: 'more' });
  let shown = 0;
  const showMore = () => {
    const next = results.slice(shown, shown + PAGE);
    list.append(...next.map(itemRow));
    shown += next.length;
    more.textContent = `Show ${Math.min(PAGE, results.length - shown)} more of ${results.length - shown} remaining`;
    more.hidden = shown >= results.length;
  };
  more.addEventListener('click', showMore);
  showMore();
  return h('div', {}, list, more);
}

export async function tracePage(): Promise<void> {
  const id = pathId();
  const { status, body: b } = await getJson(`/v1/proof/trace/${encodeURIComponent(id)}`);
  if (status !== 200 || !b) return showLoadFailure(status, b);
  const header = b.header ?? {};
  const seal = b.seal ?? {};
  const list: Record<string, any>[] = Array.isArray(b.items) ? b.items : [];
  const org = b.organization ?? {
    name: header.tenant_domain,
    issuer_name: header.tenant_domain,
    primary_domain: header.tenant_domain,
    domain_verified: header.domain_verified,
  };
  mount(h('p', { class: 'loading', id: 'progress' }, `Checking ${list.length.toLocaleString()} items…`));
  const opts = await keyOptions(header.tenant_domain);
  // Let the progress line paint before the one synchronous pass over every item.
  await new Promise((r) => setTimeout(r, 0));
  const report = await verifyInBrowser(b, opts);
  const items: ItemResult[] = list.map((item, i) => {
    const { checks, log, head } = recordLines(report, bundleItemPart(i));
    const all = [...checks, ...log, ...head];
    return { item: item ?? {}, checks: all, valid: all.every((c) => c.ok !== false) };
  });
  const sealLines = recordLines(report, 'seal');
  const valid = report.valid;
  const failedSeqs = items.filter((x) => !x.valid).map((x) => `#${x.item.sequence}`);
  document.title = `${valid ? 'Valid' : 'INVALID'} trace ${header.trace_id ?? id}`;
  const unsigned = (path: string) => isUnsigned(report, path);
  mount(
    banner(
      'verdict',
      valid,
      valid ? 'All signatures valid' : 'Trace INVALID',
      valid
        ? `${items.length.toLocaleString()} items sealed on ${formatTime(header.sealed_at)} by ${signerText(report)}; the composite hash, the seal and every signature check out.`
        : `${failedSeqs.length ? `Failed items: ${failedSeqs.slice(0, 20).join(', ')}${failedSeqs.length > 20 ? ` and ${failedSeqs.length - 20} more` : ''}. ` : ''}Do not rely on this trace.`,
      { 'data-valid': String(valid) },
    ),
    sandboxNote(report),
    issuerBlock(org, 'Sealed by'),
    card(
      'Trace',
      fields([
        ['Label', header.label, 'text', unsigned('header.label')],
        ['Trace ID', header.trace_id, 'mono'],
        ['Created at', header.created_at, 'time', unsigned('header.created_at')],
        ['Sealed at', header.sealed_at, 'time'],
        ['Items', header.item_count],
        ['Composite hash', header.composite_hash, 'mono'],
        ['Metadata', header.metadata === undefined ? undefined : JSON.stringify(header.metadata), 'mono'],
      ]),
    ),
    card(
      'Seal',
      checkList([...bundleLines(report), ...sealLines.checks, ...keyLines(report)]),
      fields([
        ['Seal event ID', seal.seal_event_id, 'mono'],
        ['Key ID', seal.key_id, 'mono'],
        ['Public key', seal.public_key, 'mono'],
        ['Signature', seal.signature, 'mono'],
      ]),
    ),
    logCard(seal.log, sealLines.log, report.checkpoint),
    headCard(seal.log, sealLines.head, report),
    failedSeqs.length ? card(`Failed items (${failedSeqs.length})`, itemList(items.filter((x) => !x.valid))) : null,
    card(`Items (${items.length.toLocaleString()})`, itemList(items)),
    list.length <= 1000 ? jsonBlock('Full proof bundle (JSON)', b) : null,
  );
}
