// Owns the page /proof/document/{event_id}: the anchor proof checked by the rules of src/verify, and a chosen file hashed
// locally (WebCrypto) and compared with the anchor.
import { HEX64 } from '../../verify/records';
import { signerText } from './checks';
import { banner, card, fields, formatTime, h, inBackground, onFileDrop, postJson } from './dom';
import { recordPage } from './record-cards';

async function sha256File(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

function dropZone(id: string, anchored: string): HTMLElement {
  const input = h('input', { type: 'file', id: 'file', class: 'visually-hidden' }) as HTMLInputElement;
  const zone = h(
    'label',
    { for: 'file', class: 'dropzone', id: 'dropzone' },
    h('strong', {}, 'Drop the document here'),
    h('span', { class: 'muted' }, 'or click to choose a file'),
  );
  const result = h('div', { id: 'file-result', 'aria-live': 'polite' });
  const check = async (file: File) => {
    result.replaceChildren(h('p', { class: 'muted' }, `Hashing ${file.name} in your browser…`));
    const hash = await sha256File(file);
    const match = hash === anchored;
    result.replaceChildren(
      banner(
        'match',
        match,
        match ? 'Match: this is the anchored document' : 'No match: this is not the anchored document',
        `${file.name} (${file.size.toLocaleString()} bytes)`,
        { 'data-match': String(match) },
      ),
      fields([
        ['SHA-256 of your file', hash, 'mono'],
        ['Anchored SHA-256', anchored, 'mono'],
      ]),
      h('p', { class: 'muted', id: 'file-server' }, 'Asking the service to confirm (only the hash is sent)…'),
    );
    const s = await postJson(`/v1/proof/document/${encodeURIComponent(id)}/verify`, { document_hash: hash });
    const line = result.querySelector('#file-server');
    if (line) {
      line.textContent =
        s.status === 200 && s.body && typeof s.body.match_result === 'boolean'
          ? `The service ${s.body.match_result ? 'confirms the match' : 'reports no match'} for this hash.`
          : `The service could not confirm (${s.status || 'network error'}); the comparison above was made in your browser.`;
    }
  };
  input.addEventListener('change', () => {
    if (input.files?.[0]) inBackground(check(input.files[0]), result);
  });
  onFileDrop(zone, (f) => inBackground(check(f), result));
  return card(
    'Check a file',
    h(
      'p',
      { class: 'muted' },
      'Your file is hashed with SHA-256 in this browser and never uploaded; only its hash may be sent for confirmation.',
    ),
    input,
    zone,
    result,
  );
}

export const documentPage = (): Promise<void> =>
  recordPage('document', ({ id, p, report }) => {
    const anchored = String(p.document_hash ?? '');
    return {
      title: `Document anchor ${p.event_id}`,
      valid: `This document's hash was anchored on ${formatTime(p.created_at)} and signed by ${signerText(report)}.`,
      noun: 'anchor',
      issuer: 'Anchored by',
      cards: [
        card(
          'Document anchor',
          fields([
            ['Event ID', p.event_id, 'mono'],
            ['Document', p.document_ref],
            ['Anchored at', p.created_at, 'time'],
            ['Document hash (SHA-256)', HEX64.test(anchored) ? anchored : null, 'mono'],
          ]),
        ),
        dropZone(id, anchored),
      ],
    };
  });
