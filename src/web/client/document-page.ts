// Owns the page /proof/document/{event_id}: hashes a chosen file locally (WebCrypto) and compares it with the anchor.
import { allPassed, documentProofChecks, HEX64 } from './checks';
import { banner, card, checkList, fields, formatTime, getJson, h, issuerBlock, inBackground, jsonBlock, mount, pathId, postJson, showLoadFailure } from './dom';
import { logSection } from './log-view';
import { publishedKeyCheck } from './published-key';

async function sha256File(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

function dropZone(id: string, anchored: string): HTMLElement {
  const input = h('input', { type: 'file', id: 'file', class: 'visually-hidden' }) as HTMLInputElement;
  const zone = h('label', { for: 'file', class: 'dropzone', id: 'dropzone' },
    h('strong', {}, 'Drop the document here'), h('span', { class: 'muted' }, 'or click to choose a file'));
  const result = h('div', { id: 'file-result', 'aria-live': 'polite' });
  const check = async (file: File) => {
    result.replaceChildren(h('p', { class: 'muted' }, `Hashing ${file.name} in your browser…`));
    const hash = await sha256File(file);
    const match = hash === anchored;
    result.replaceChildren(
      banner('match', match, match ? 'Match: this is the anchored document' : 'No match: this is not the anchored document',
        `${file.name} (${file.size.toLocaleString()} bytes)`, { 'data-match': String(match) }),
      fields([['SHA-256 of your file', hash, 'mono'], ['Anchored SHA-256', anchored, 'mono']]),
      h('p', { class: 'muted', id: 'file-server' }, 'Asking the service to confirm (only the hash is sent)…'));
    const s = await postJson(`/v1/proof/document/${encodeURIComponent(id)}/verify`, { document_hash: hash });
    const line = result.querySelector('#file-server');
    if (line) {
      line.textContent = s.status === 200 && s.body && typeof s.body.match_result === 'boolean'
        ? `The service ${s.body.match_result ? 'confirms the match' : 'reports no match'} for this hash.`
        : `The service could not confirm (${s.status || 'network error'}); the comparison above was made in your browser.`;
    }
  };
  input.addEventListener('change', () => {
    if (input.files?.[0]) inBackground(check(input.files[0]), result);
  });
  zone.addEventListener('dragover', (e) => {
    e.preventDefault();
    zone.classList.add('over');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (e) => {
    e.preventDefault();
    zone.classList.remove('over');
    const f = (e as DragEvent).dataTransfer?.files?.[0];
    if (f) inBackground(check(f), result);
  });
  return card('Check a file',
    h('p', { class: 'muted' }, 'Your file is hashed with SHA-256 in this browser and never uploaded; only its hash may be sent for confirmation.'),
    input, zone, result);
}

export async function documentPage(): Promise<void> {
  const id = pathId();
  const { status, body: p } = await getJson(`/v1/proof/document/${encodeURIComponent(id)}`);
  if (status !== 200 || !p) return showLoadFailure(status, p);
  const anchored = String(p.document_hash ?? p.anchored_hash ?? '');
  const signedProof = p.signature !== undefined && p.signed_payload !== undefined;
  const res = signedProof ? documentProofChecks(p) : null;
  const checks = res ? res.checks : [];
  if (res) checks.push(await publishedKeyCheck(p.organization?.primary_domain, p.key_id, p.public_key));
  const log = res ? await logSection(p.log, p.signed_payload, p.public_key, p.organization?.primary_domain) : { checks: [], card: null };
  const valid = res ? allPassed(checks) && log.checks.every((c) => c.ok !== false) : null;
  const issuer = p.organization?.issuer_name ?? p.organization?.name ?? 'the issuer';
  const at = p.created_at ?? p.anchored_at;
  document.title = `Document anchor ${p.event_id} — ${issuer}`;
  mount(
    valid === null ? null : banner('verdict', valid, valid ? 'Signature valid' : 'Signature INVALID',
      valid ? `${issuer} anchored this document's hash on ${formatTime(at)}.` : 'One or more checks failed: do not rely on this anchor.', { 'data-valid': String(valid) }),
    issuerBlock(p.organization, 'Anchored by'),
    card('Document anchor',
      fields([
        ['Event ID', p.event_id, 'mono'],
        ['Document', p.document_ref],
        ['Anchored at', at, 'time'],
        ['Document hash (SHA-256)', HEX64.test(anchored) ? anchored : null, 'mono'],
      ])),
    dropZone(id, anchored),
    res ? card('Signature',
      fields([['Algorithm', p.algorithm], ['Key ID', p.key_id, 'mono'], ['Public key', p.public_key, 'mono'], ['Signature', p.signature, 'mono']]),
      res.signed ? jsonBlock('Signed bytes (canonical JSON)', res.signed) : null) : null,
    res ? card('Checks made in your browser', checkList(checks)) : null,
    log.card,
  );
}
