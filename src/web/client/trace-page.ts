// Owns the page /proof/trace/{trace_id}: every item signature, the composite hash and the seal checked in the browser.
import { fromHex } from '../../verify/primitives';
import { allPassed, logChecks, traceItemChecks, traceSealChecks, traceValid, type Check, type ItemResult } from './checks';
import { banner, card, checkList, fields, formatTime, getJson, h, issuerBlock, jsonBlock, mount, pathId, showLoadFailure } from './dom';
import { logSection } from './log-view';
import { publishedKeyCheck, publishedKeys } from './published-key';

const TYPE_NAMES: Record<string, string> = { event: 'Ledger event', ai_attestation: 'AI attestation', document: 'Document anchor' };
// Signatures are checked in slices so a trace of thousands of items keeps the page responsive and shows progress.
const SLICE = 200;
const PAGE = 100;

function itemRow(r: ItemResult): HTMLElement {
  const { item, checks, valid } = r;
  return h('li', { class: 'item', 'data-sequence': String(item.sequence) },
    h('div', { class: 'item-head' },
      h('span', { class: 'seq' }, `#${item.sequence}`),
      h('span', { class: 'item-type' }, TYPE_NAMES[item.type] ?? String(item.type)),
      h('span', { class: 'muted' }, formatTime(item.timestamp ?? '')),
      h('span', { class: valid ? 'badge ok item-verdict' : 'badge bad item-verdict', 'data-valid': String(valid) }, valid ? 'Valid' : 'INVALID')),
    fields([['ID', item.id, 'mono'], ['Content hash', item.content_hash, 'mono']]),
    h('details', { class: 'raw', open: !valid }, h('summary', {}, 'Checks, signature and payload'),
      checkList(checks),
      fields([['Key ID', item.key_id, 'mono'], ['Public key', item.public_key, 'mono'], ['Signature', item.signature, 'mono']]),
      h('pre', { class: 'mono' }, JSON.stringify(item.payload ?? null, null, 2))));
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

/** Every item's signature and hashes and, when the bundle carries it, its inclusion in the tenant's log (DECISIONS 10). */
async function checkItems(items: Record<string, any>[], keys: Uint8Array[], progress: (done: number) => void): Promise<ItemResult[]> {
  const out: ItemResult[] = [];
  for (let i = 0; i < items.length; i++) {
    const r = traceItemChecks(items[i], i);
    const leaf = typeof items[i]?.signed_payload === 'string' ? fromHex(items[i].signed_payload) : null;
    const log = logChecks(items[i]?.log, leaf, keys);
    if (log.checks.length) {
      r.checks.push(...log.checks);
      r.valid = allPassed(r.checks);
    }
    out.push(r);
    if ((i + 1) % SLICE === 0) {
      progress(i + 1);
      await new Promise((r) => setTimeout(r, 0));
    }
  }
  return out;
}

export async function tracePage(): Promise<void> {
  const id = pathId();
  const { status, body: b } = await getJson(`/v1/proof/trace/${encodeURIComponent(id)}`);
  if (status !== 200 || !b) return showLoadFailure(status, b);
  const header = b.header ?? {};
  const seal = b.seal ?? {};
  const list: Record<string, any>[] = Array.isArray(b.items) ? b.items : [];
  const org = b.organization ?? { name: header.tenant_domain, issuer_name: header.tenant_domain, primary_domain: header.tenant_domain, domain_verified: header.domain_verified };
  const progress = h('p', { class: 'loading', id: 'progress' }, `Checking ${list.length.toLocaleString()} items…`);
  mount(progress);
  // Checkpoints are signed with the key current when they were made: every published key is a candidate.
  const recordKeys = [...new Set([...list, seal].map((x) => String(x?.public_key ?? '')))].map((k) => fromHex(k)).filter((k): k is Uint8Array => !!k && k.length === 32);
  const logKeys = [...recordKeys, ...(await publishedKeys(org.primary_domain))];
  const items = await checkItems(list, logKeys, (done) => {
    progress.textContent = `Checking signatures: ${done.toLocaleString()} of ${list.length.toLocaleString()} items…`;
  });
  const { seal: sealChecks } = traceSealChecks(b);
  // One lookup per distinct signing key (a rotation may leave items under an older published key).
  const keys = new Map<string, string>();
  for (const x of [...list, seal]) if (typeof x?.key_id === 'string' && x.key_id) keys.set(x.key_id, x.public_key);
  const keyChecks: Check[] = await Promise.all([...keys].map(([k, pub]) => publishedKeyCheck(org.primary_domain, k, pub)));
  const sealLog = await logSection(seal.log, seal.signed_payload, seal.public_key, org.primary_domain);
  const valid = traceValid(items, sealChecks) && keyChecks.every((c) => c.ok !== false) && sealLog.checks.every((c) => c.ok !== false);
  const failedSeqs = items.filter((x) => !x.valid).map((x) => `#${x.item.sequence}`);
  document.title = `${valid ? 'Valid' : 'INVALID'} trace ${header.label ?? id}`;
  mount(
    banner('verdict', valid, valid ? 'All signatures valid' : 'Trace INVALID',
      valid ? `${items.length.toLocaleString()} items sealed on ${formatTime(header.sealed_at)}; the composite hash and every signature check out.`
        : `${failedSeqs.length ? `Failed items: ${failedSeqs.slice(0, 20).join(', ')}${failedSeqs.length > 20 ? ` and ${failedSeqs.length - 20} more` : ''}. ` : ''}Do not rely on this trace.`,
      { 'data-valid': String(valid) }),
    issuerBlock(org, 'Sealed by'),
    card('Trace',
      fields([
        ['Label', header.label],
        ['Trace ID', header.trace_id, 'mono'],
        ['Created at', header.created_at, 'time'],
        ['Sealed at', header.sealed_at, 'time'],
        ['Items', header.item_count],
        ['Composite hash', header.composite_hash, 'mono'],
      ])),
    card('Seal',
      checkList([...sealChecks, ...keyChecks]),
      fields([['Seal event ID', seal.seal_event_id, 'mono'], ['Key ID', seal.key_id, 'mono'], ['Public key', seal.public_key, 'mono'], ['Signature', seal.signature, 'mono']])),
    sealLog.card,
    failedSeqs.length ? card(`Failed items (${failedSeqs.length})`, itemList(items.filter((x) => !x.valid))) : null,
    card(`Items (${items.length.toLocaleString()})`, itemList(items)),
    list.length <= 1000 ? jsonBlock('Full proof bundle (JSON)', b) : null,
  );
}
