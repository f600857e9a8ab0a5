// Owns the page /proof/ai/{id}: the attestation proof checked in the browser by the rules of src/verify, and a local content-hash comparison.
import { canonicalBytes } from '../../crypto/canonical';
import { browserSha256 } from '../../verify/browser-primitives';
import { sha256Hex as hexOf } from '../../verify/records';
import { isUnsigned, signerText } from './checks';
import { card, fields, formatTime, h, postJson } from './dom';
import { recordPage } from './record-cards';

const sha256Hex = (data: string | Uint8Array): string => hexOf(browserSha256, data);

type Mode = 'auto' | 'text' | 'json' | 'hash';

/** The SHA-256 the user means: a pasted hash as is, text as UTF-8, a JSON value as canonical bytes (docs/verification.md#3-hashes-and-key-ids). */
export function contentHash(value: string, mode: Mode): { hash: string; how: string } | { error: string } {
  const trimmed = value.trim();
  if (mode === 'hash' || (mode === 'auto' && /^[0-9a-fA-F]{64}$/.test(trimmed))) {
    return /^[0-9a-fA-F]{64}$/.test(trimmed)
      ? { hash: trimmed.toLowerCase(), how: 'pasted hash' }
      : { error: 'A SHA-256 hash is 64 hexadecimal characters.' };
  }
  if (mode === 'json') {
    try {
      return { hash: sha256Hex(canonicalBytes(JSON.parse(value))), how: 'SHA-256 of the canonical JSON' };
    } catch {
      return { error: 'This is not valid JSON.' };
    }
  }
  if (!value) return { error: 'Paste the text, JSON value or hash to compare.' };
  return { hash: sha256Hex(value), how: 'SHA-256 of the text (UTF-8, exactly as pasted)' };
}

function compareForm(id: string, record: Record<string, any>): HTMLElement {
  const input = h('textarea', {
    id: 'content',
    rows: '5',
    spellcheck: 'false',
    placeholder: 'Paste the AI input or output text, a JSON value, or a SHA-256 hash',
  }) as HTMLTextAreaElement;
  const mode = h(
    'select',
    { id: 'content-mode', 'aria-label': 'Interpret as' },
    h('option', { value: 'auto' }, 'Detect (hash or text)'),
    h('option', { value: 'text' }, 'Text'),
    h('option', { value: 'json' }, 'JSON value'),
    h('option', { value: 'hash' }, 'SHA-256 hash'),
  ) as HTMLSelectElement;
  const button = h('button', { type: 'button', id: 'content-check' }, 'Compare');
  const result = h('div', { id: 'content-result', 'aria-live': 'polite' });
  button.addEventListener('click', async () => {
    const r = contentHash(input.value, mode.value as Mode);
    if ('error' in r) {
      result.replaceChildren(h('p', { class: 'error' }, r.error));
      return;
    }
    const field = (['input_hash', 'output_hash', 'payload_hash'] as const).find((f) => record[f] === r.hash);
    const match = field !== undefined;
    const label: Record<string, string> = {
      input_hash: 'the attested input',
      output_hash: 'the attested output',
      payload_hash: 'the attested payload',
    };
    result.replaceChildren(
      h(
        'div',
        { class: match ? 'match ok' : 'match bad' },
        h(
          'strong',
          { id: 'content-match', 'data-match': String(match) },
          match ? `Match: this is ${label[field!]}` : 'No match',
        ),
        h('p', { class: 'mono' }, `${r.how}: ${r.hash}`),
      ),
      h('p', { class: 'muted', id: 'content-server' }, 'Asking the service to confirm (only the hash is sent)…'),
    );
    const s = await postJson(`/v1/proof/ai/${encodeURIComponent(id)}/verify`, { content_hash: r.hash });
    const line = result.querySelector('#content-server')!;
    line.textContent =
      s.status === 200 && s.body
        ? `The service ${s.body.match ? 'confirms the match' : 'reports no match'}${s.body.matched_field ? ` (${s.body.matched_field})` : ''}; signed by ${s.body.signed_by} on ${formatTime(s.body.signed_at)}.`
        : `The service could not confirm (${s.status || 'network error'}); the local comparison above stands on its own.`;
  });
  return card(
    'Compare content',
    h(
      'p',
      { class: 'muted' },
      'The hash is computed in your browser; only the hash is sent to the service for confirmation.',
    ),
    input,
    h('div', { class: 'row' }, mode, button),
    result,
  );
}

export const aiPage = (): Promise<void> =>
  recordPage('ai', ({ id, p, report }) => {
    const r = p.record ?? {};
    // Without the subject the model fields are not recomputable into the signed payload_hash: shown as unsigned.
    const model = isUnsigned(report, 'record.model_name');
    return {
      title: `${report.valid ? 'Valid' : 'INVALID'} AI attestation ${p.attestation_id}`,
      valid: `This AI ${r.attestation_type ?? ''} attestation was signed on ${formatTime(r.created_at)} by ${signerText(report)}.`,
      issuer: 'Attested by',
      cards: [
        card(
          'AI attestation',
          fields([
            ['Attestation ID', p.attestation_id, 'mono'],
            ['Type', r.attestation_type],
            ['Attested at', r.created_at, 'time'],
            [
              'Model',
              [r.model_provider, r.model_name, r.model_version].filter(Boolean).join(' / ') || null,
              'text',
              model,
            ],
            ['Input hash (SHA-256)', r.input_hash, 'mono'],
            ['Output hash (SHA-256)', r.output_hash, 'mono'],
            ['Payload hash (SHA-256)', r.payload_hash, 'mono'],
          ]),
        ),
        compareForm(id, r),
      ],
    };
  });
