// Owns the page /proof/trace/{trace_id}: every item signature, the composite hash and the seal checked in the browser.
import { allPassed, traceBundleChecks, type Check } from './checks';
import { banner, card, checkList, fields, formatTime, getJson, h, issuerBlock, jsonBlock, mount, pathId, showLoadFailure } from './dom';
import { publishedKeyCheck } from './published-key';

const TYPE_NAMES: Record<string, string> = { event: 'Ledger event', ai_attestation: 'AI attestation', document: 'Document anchor' };

function itemRow(item: Record<string, any>, checks: Check[], valid: boolean): HTMLElement {
  return h('li', { class: 'item', 'data-sequence': String(item.sequence) },
    h('div', { class: 'item-head' },
      h('span', { class: 'seq' }, `#${item.sequence}`),
      h('span', { class: 'item-type' }, TYPE_NAMES[item.type] ?? String(item.type)),
      h('span', { class: 'muted' }, formatTime(item.timestamp ?? '')),
      h('span', { class: valid ? 'badge ok item-verdict' : 'badge bad item-verdict', 'data-valid': String(valid) }, valid ? 'Valid' : 'INVALID')),
    fields([['ID', item.id, 'mono'], ['Content hash', item.content_hash, 'mono']]),
    h('details', { class: 'raw' }, h('summary', {}, 'Checks, signature and payload'),
      checkList(checks),
      fields([['Key ID', item.key_id, 'mono'], ['Public key', item.public_key, 'mono'], ['Signature', item.signature, 'mono']]),
      h('pre', { class: 'mono' }, JSON.stringify(item.payload ?? null, null, 2))));
}

export async function tracePage(): Promise<void> {
  const id = pathId();
  const { status, body: b } = await getJson(`/v1/proof/trace/${encodeURIComponent(id)}`);
  if (status !== 200 || !b) return showLoadFailure(status, b);
  const header = b.header ?? {};
  const seal = b.seal ?? {};
  const org = b.organization ?? { name: header.tenant_domain, issuer_name: header.issuer_name ?? header.tenant_domain, primary_domain: header.tenant_domain, domain_verified: header.domain_verified };
  const result = traceBundleChecks(b);
  // One lookup per distinct signing key (a rotation may leave items under an older published key).
  const keys = new Map<string, string>();
  for (const x of [...(b.items ?? []), seal]) if (typeof x?.key_id === 'string') keys.set(x.key_id, x.public_key);
  const keyChecks = await Promise.all([...keys].map(([k, pub]) => publishedKeyCheck(org.primary_domain, k, pub)));
  const valid = result.valid && keyChecks.every((c) => c.ok !== false);
  const failed = result.items.filter((x) => !x.valid).length;
  document.title = `${valid ? 'Valid' : 'INVALID'} trace ${header.label ?? id}`;
  mount(
    banner('verdict', valid, valid ? 'All signatures valid' : 'Trace INVALID',
      valid ? `${result.items.length} items sealed on ${formatTime(header.sealed_at)}; the composite hash and every signature check out.`
        : `${failed ? `${failed} of ${result.items.length} items failed. ` : ''}Do not rely on this trace.`, { 'data-valid': String(valid) }),
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
      checkList([...result.seal, ...keyChecks]),
      fields([['Seal event ID', seal.seal_event_id, 'mono'], ['Key ID', seal.key_id, 'mono'], ['Public key', seal.public_key, 'mono'], ['Signature', seal.signature, 'mono']])),
    card(`Items (${result.items.length})`, h('ol', { class: 'items' }, ...result.items.map((x) => itemRow(x.item, x.checks, x.valid)))),
    jsonBlock('Full proof bundle (JSON)', b),
  );
}
