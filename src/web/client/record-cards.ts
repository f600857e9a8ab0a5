// Owns the frame of every page of one signed record: its proof loaded and checked in the browser, the verdict and the
// issuer above the page's own cards, and the cards every such page ends with (the signature and its signed bytes, the
// checks made in the browser, the record's transparency-log and head evidence), as the one report judged them.
import type { VerifyReport } from '../../verify/verify-document';
import { keyLines, recordLines, verifyInBrowser, type Check } from './checks';
import {
  banner,
  card,
  checkList,
  fields,
  getJson,
  h,
  issuerBlock,
  jsonBlock,
  mount,
  pathId,
  showLoadFailure,
} from './dom';
import { headCard } from './head-view';
import { logCard } from './log-view';
import { keyOptions } from './published-key';
import { decodedSigned } from './signed-view';

/**
 * docs/verification.md#sandbox-records: a sandbox tenant's record is genuine, and what it records did not happen; the
 * page says so above everything else it shows.
 */
export const sandboxNote = (report: VerifyReport): HTMLElement | null =>
  report.sandbox
    ? h(
        'section',
        { class: 'card', id: 'sandbox', 'data-sandbox': 'true' },
        h('p', {}, 'TEST \u2014 not evidence'),
        h(
          'p',
          {},
          "A sandbox tenant's record, made for testing: genuine, signed, and not evidence of anything that happened.",
        ),
      )
    : null;

type SignedProof = { algorithm?: unknown; key_id?: unknown; public_key?: unknown; signature?: unknown; log?: unknown };

/** `note` follows the check list (e.g. what the server itself reported, in its own voice). */
function recordCards(
  p: SignedProof,
  signed: Record<string, unknown> | null,
  lines: { checks: Check[]; log: Check[]; head: Check[] },
  report: VerifyReport,
  note: string | null = null,
) {
  return [
    sandboxNote(report),
    card(
      'Signature',
      fields([
        ['Algorithm', p.algorithm],
        ['Key ID', p.key_id, 'mono'],
        ['Public key', p.public_key, 'mono'],
        ['Signature', p.signature, 'mono'],
      ]),
      signed ? jsonBlock('Signed bytes (canonical JSON)', signed) : null,
    ),
    card('Checks made in your browser', checkList([...lines.checks, ...keyLines(report)]), note),
    logCard(p.log, lines.log, report.checkpoint),
    headCard(p.log, lines.head, report),
  ];
}

/** A record's proof as its page reads it: the id in the page's path, the proof, the report and the signed bytes. */
export type LoadedProof = {
  id: string;
  p: any;
  report: VerifyReport;
  signed: Record<string, unknown> | null;
};

/** What one record page says of its record, around the frame. */
export type RecordView = {
  title: string;
  /** The verdict's sentence when every check passed. */
  valid: string;
  /** What the page calls its record where a check failed ('record' when absent). */
  noun?: string;
  /** The heading of the issuer block ('Issued by' when absent). */
  issuer?: string;
  cards: HTMLElement[];
  note?: string | null;
};

/** The page of the record /v1/proof/<kind>/<id> names, `view` saying what this kind of record shows. */
export async function recordPage(kind: string, view: (proof: LoadedProof) => RecordView): Promise<void> {
  const id = pathId();
  const { status, body: p } = await getJson(`/v1/proof/${kind}/${encodeURIComponent(id)}`);
  if (status !== 200 || !p) return showLoadFailure(status, p);
  const report = await verifyInBrowser(p, await keyOptions(p.organization?.primary_domain));
  const signed = decodedSigned(p.signed_payload);
  const v = view({ id, p, report, signed });
  const ok = report.valid;
  document.title = v.title;
  mount(
    // The signer is named from what the signature binds (key, key list, log origin), never from the unsigned issuer block.
    banner(
      'verdict',
      ok,
      ok ? 'Signature valid' : 'Signature INVALID',
      ok ? v.valid : `One or more checks failed: do not rely on this ${v.noun ?? 'record'}.`,
      { 'data-valid': String(ok) },
    ),
    issuerBlock(p.organization, v.issuer),
    ...v.cards,
    ...recordCards(p, signed, recordLines(report, 'record'), report, v.note ?? null),
  );
}
