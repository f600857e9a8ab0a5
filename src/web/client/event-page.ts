// Owns the page /proof/event/{event_id}: loads the public event proof and checks it in the browser.
import { allPassed, eventProofChecks } from './checks';
import { banner, card, checkList, fields, formatTime, getJson, issuerBlock, jsonBlock, mount, pathId, showLoadFailure } from './dom';
import { logSection } from './log-view';
import { publishedKeyCheck } from './published-key';

export async function eventPage(): Promise<void> {
  const id = pathId();
  const { status, body: p } = await getJson(`/v1/proof/event/${encodeURIComponent(id)}`);
  if (status !== 200 || !p) return showLoadFailure(status, p);
  const { checks, signed } = eventProofChecks(p);
  checks.push(await publishedKeyCheck(p.organization?.primary_domain, p.key_id, p.public_key));
  const log = await logSection(p.log, p.signed_payload, p.public_key, p.organization?.primary_domain);
  const valid = allPassed(checks) && log.checks.every((c) => c.ok !== false);
  const issuer = p.organization?.issuer_name ?? p.organization?.name ?? 'the issuer';
  document.title = `${valid ? 'Valid' : 'INVALID'} proof of event ${p.event_id} — ${issuer}`;
  mount(
    banner('verdict', valid, valid ? 'Signature valid' : 'Signature INVALID',
      valid ? `Recorded and signed by ${issuer} on ${formatTime(p.ingested_at)}; the record has not been altered since.`
        : 'One or more checks failed: do not rely on this record.', { 'data-valid': String(valid) }),
    issuerBlock(p.organization),
    card('Ledger event',
      fields([
        ['Event ID', p.event_id, 'mono'],
        ['Recorded at', p.ingested_at, 'time'],
        ['Payload hash (SHA-256)', p.payload_hash, 'mono'],
        ['Event type', signed?.event_type],
      ])),
    card('Signature',
      fields([
        ['Algorithm', p.algorithm],
        ['Key ID', p.key_id, 'mono'],
        ['Public key', p.public_key, 'mono'],
        ['Signature', p.signature, 'mono'],
      ]),
      signed ? jsonBlock('Signed bytes (canonical JSON)', signed) : null),
    card('Checks made in your browser', checkList(checks),
      typeof p.signature_valid === 'boolean'
        ? `The server reports the signature as ${p.signature_valid ? 'valid' : 'invalid'}; the verdict above is your browser's own.` : null),
    log.card,
  );
}
