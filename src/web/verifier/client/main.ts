// Entry of the single-file verifier (docs/verification.md#21-the-single-file-verifier): reads a JSON proof or an
// evidence pack and the auditor's own trust from the page, runs the one rule set of src/verify on the browser
// primitives, and shows the one result. No rule lives here, and nothing is fetched: the file works offline.
import { browserPrimitives } from '../../../verify/browser-primitives';
import { verifyFile } from '../../../verify/evidence-pack';
import { resultOf, type VerifyReport, type VerifyResult } from '../../../verify/report';
import { reportLines } from '../../../verify/report-text';
import { optionsOfTexts, refusedTrust, type TrustTexts } from '../../../verify/trust-texts';
import { trustOf } from '../../../verify/verify-document';
import { banner, h, onFileDrop } from '../../client/dom';

/** The trust fields of the page as texts; an empty field is not given. */
export type PageTrust = { policy?: string; tsaRoots?: string; platformKey?: string; keys?: string };

/** The result of a pack besides the proof's: the files it holds and the policy its operator shipped. */
export type PageResult = VerifyResult & { files?: string[]; shipped_policy?: string | null };

const given = (s: string | undefined): string | undefined => (s?.trim() ? s : undefined);

/** A saved JSON answer given as text: parsed, or the refusal naming it. */
function jsonTrust(text: string | undefined): { value?: unknown; error?: string } {
  if (given(text) === undefined) return {};
  try {
    return { value: JSON.parse(text!) };
  } catch {
    return { error: 'not JSON' };
  }
}

/** Runs the rules on a JSON proof or an evidence pack (a zip) under the trust given; never rejects. */
export async function verifyBytes(bytes: Uint8Array, trust: PageTrust): Promise<VerifyReport & PageResult> {
  const platformKey = jsonTrust(trust.platformKey);
  const keys = jsonTrust(trust.keys);
  const texts: TrustTexts = {
    policy: given(trust.policy),
    tsaRoots: given(trust.tsaRoots),
    platformKey: platformKey.value,
    keys: keys.value,
  };
  const level =
    texts.policy !== undefined ? 'policy' : trustOf({ keys: given(trust.keys), platformKey: given(trust.platformKey) });
  if (platformKey.error) return refusedTrust(level, 'platform_key', platformKey.error);
  if (keys.error) return refusedTrust(level, 'keys', keys.error);
  const o = optionsOfTexts(browserPrimitives.sha256, texts);
  if ('refused' in o) return o.refused;
  return await verifyFile(browserPrimitives, bytes, o.opts);
}

/** The one result shape (docs/verification.md#the-result), with a pack's file list and shipped policy. */
export const pageResult = (r: VerifyReport & PageResult): PageResult => ({
  ...resultOf(r),
  ...(r.files ? { files: r.files, shipped_policy: r.shipped_policy ?? null } : {}),
});

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function checkItem(c: VerifyReport['checks'][number]): HTMLElement {
  const cls = c.skipped ? 'skip' : c.ok ? 'pass' : 'fail';
  return h(
    'li',
    { class: cls, 'data-check': c.name },
    h('span', { class: 'mark', 'aria-hidden': 'true' }, c.skipped ? '–' : c.ok ? '✓' : '✗'),
    h(
      'span',
      {},
      h('code', {}, c.name),
      ' ',
      h('span', { class: 'state' }, c.skipped ? 'not checked' : c.ok ? 'ok' : 'FAILED'),
      h('span', { class: 'detail' }, c.detail),
    ),
  );
}

function show(name: string, r: VerifyReport & PageResult): void {
  const failed = r.checks.filter((c) => !c.ok);
  const title = r.valid ? (r.sandbox ? 'VERIFIED: TEST — not evidence (sandbox record)' : 'VERIFIED') : 'NOT VERIFIED';
  const sub = r.valid
    ? `${name}: every check passed (trust: ${r.trust}).`
    : `${name}: ${failed.length} check${failed.length === 1 ? '' : 's'} failed, first ${failed[0]?.name ?? '?'}.`;
  const proofChecks = r.checks.filter((c) => !c.name.startsWith('pack.'));
  const packChecks = r.checks.filter((c) => c.name.startsWith('pack.'));
  // The words of `svc verify` without its check lines (listed below) and its last line (the banner is the verdict).
  const lines = reportLines({ ...r, checks: proofChecks })
    .slice(0, -1)
    .filter((l) => !/^\s*(OK|FAIL|SKIP)\s/.test(l));
  const parts: Array<HTMLElement | null> = [
    banner('verdict', r.valid, title, sub, { 'data-valid': String(r.valid) }),
    h(
      'section',
      { class: 'card' },
      h('h3', {}, 'In words'),
      h('ul', { class: 'words' }, ...lines.map((l) => h('li', {}, l))),
    ),
    h(
      'section',
      { class: 'card' },
      h('h3', {}, 'Checks of the proof'),
      h('ul', { class: 'checks', id: 'proof-checks' }, ...proofChecks.map(checkItem)),
    ),
    r.files
      ? h(
          'section',
          { class: 'card' },
          h('h3', {}, 'Checks of the evidence pack'),
          h('ul', { class: 'checks', id: 'pack-checks' }, ...packChecks.map(checkItem)),
          h('p', {}, 'Files: ', h('code', {}, r.files.join(', '))),
          r.shipped_policy
            ? h(
                'details',
                {},
                h('summary', {}, 'witness-policy.txt shipped in the pack (shown, not used as trust)'),
                h('pre', {}, r.shipped_policy),
              )
            : null,
        )
      : null,
    h(
      'details',
      { class: 'card' },
      h('summary', {}, 'The result as JSON (as svc verify --json gives it)'),
      h('pre', { id: 'result-json' }, JSON.stringify(pageResult(r), null, 2)),
    ),
  ];
  $('result').replaceChildren(...parts.filter((p): p is HTMLElement => p !== null));
}

/** The text of a trust field, or of the file chosen beside it. */
function wireTextFile(field: string): void {
  $<HTMLInputElement>(`${field}-file`).addEventListener('change', async (e) => {
    const f = (e.target as HTMLInputElement).files?.[0];
    if (f) $<HTMLTextAreaElement>(field).value = await f.text();
  });
}

let chosen: { name: string; bytes: Uint8Array } | null = null;

async function run(): Promise<void> {
  if (!chosen) return;
  const trust: PageTrust = {
    policy: $<HTMLTextAreaElement>('policy').value,
    tsaRoots: $<HTMLTextAreaElement>('tsa-roots').value,
    platformKey: $<HTMLTextAreaElement>('platform-key').value,
    keys: $<HTMLTextAreaElement>('keys').value,
  };
  $('result').replaceChildren(h('p', { class: 'loading' }, `Checking ${chosen.name}…`));
  show(chosen.name, await verifyBytes(chosen.bytes, trust));
}

async function choose(file: File | undefined): Promise<void> {
  if (!file) return;
  chosen = { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
  await run();
}

function start(): void {
  for (const f of ['policy', 'tsa-roots', 'platform-key', 'keys']) wireTextFile(f);
  $<HTMLInputElement>('proof-file').addEventListener('change', (e) =>
    choose((e.target as HTMLInputElement).files?.[0]),
  );
  onFileDrop($('drop'), (f) => void choose(f));
  $('verify').addEventListener('click', () => void run());
  // For scripts driving the page (a benchmark, an auditor's automation): the same run as the form, on bytes.
  (globalThis as { proofLedgerVerifier?: unknown }).proofLedgerVerifier = {
    verify: async (bytes: Uint8Array, trust: PageTrust = {}) => pageResult(await verifyBytes(bytes, trust)),
  };
  document.body.dataset.ready = 'true';
}

start();
