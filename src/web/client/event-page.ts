// Owns the page /proof/event/{event_id}: loads the public event proof, runs the rules of src/verify on it in the browser, shows the report.
import { recordLines, signerText, verifyInBrowser } from './checks';
import { banner, card, fields, formatTime, getJson, issuerBlock, mount, pathId, showLoadFailure } from './dom';
import { recordCards } from './record-cards';
import { keyOptions } from './published-key';
import { decodedSigned } from './signed-view';

export async function eventPage(): Promise<void> {
  const id = pathId();
  const { status, body: p } = await getJson(`/v1/proof/event/${encodeURIComponent(id)}`);
  if (status !== 200 || !p) return showLoadFailure(status, p);
  const report = await verifyInBrowser(p, await keyOptions(p.organization?.primary_domain));
  const { checks, log, head } = recordLines(report, 'record');
  const signed = decodedSigned(p.signed_payload);
  const valid = report.valid;
  document.title = `${valid ? 'Valid' : 'INVALID'} proof of event ${p.event_id}`;
  mount(
    // The signer is named from what the signature binds (key, key list, log origin), never from the unsigned issuer block.
    banner(
      'verdict',
      valid,
      valid ? 'Signature valid' : 'Signature INVALID',
      valid
        ? `Recorded on ${formatTime(p.ingested_at)} and signed by ${signerText(report)}; the record has not been altered since.`
        : 'One or more checks failed: do not rely on this record.',
      { 'data-valid': String(valid) },
    ),
    issuerBlock(p.organization),
    card(
      'Ledger event',
      fields([
        ['Event ID', p.event_id, 'mono'],
        ['Recorded at', p.ingested_at, 'time'],
        ['Payload hash (SHA-256)', p.payload_hash, 'mono'],
        ['Event type', signed?.event_type],
      ]),
    ),
    ...recordCards(
      p,
      signed,
      { checks, log, head },
      report,
      typeof p.signature_valid === 'boolean'
        ? `The server reports the signature as ${p.signature_valid ? 'valid' : 'invalid'}; the verdict above is your browser's own.`
        : null,
    ),
  );
}
