// Owns the page /proof/event/{event_id}: loads the public event proof, runs the rules of src/verify on it in the browser, shows the report.
import { signerText } from './checks';
import { card, fields, formatTime } from './dom';
import { recordPage } from './record-cards';

export const eventPage = (): Promise<void> =>
  recordPage('event', ({ p, report, signed }) => ({
    title: `${report.valid ? 'Valid' : 'INVALID'} proof of event ${p.event_id}`,
    valid: `Recorded on ${formatTime(p.ingested_at)} and signed by ${signerText(report)}; the record has not been altered since.`,
    cards: [
      card(
        'Ledger event',
        fields([
          ['Event ID', p.event_id, 'mono'],
          ['Recorded at', p.ingested_at, 'time'],
          ['Payload hash (SHA-256)', p.payload_hash, 'mono'],
          ['Event type', signed?.event_type],
        ]),
      ),
    ],
    note:
      typeof p.signature_valid === 'boolean'
        ? `The server reports the signature as ${p.signature_valid ? 'valid' : 'invalid'}; the verdict above is your browser's own.`
        : null,
  }));
