// Owns `svc verify FILE` (DECISIONS 10, 11): reads the proof and the verifier's own trust (key list, platform key,
// witness policy, TSA roots), runs the one rule set offline, and prints the report; exit 1 names the broken link.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CliContext, CliResult } from './index';
import type { Values } from './argv';
import { ApiError } from '../errors';
import { config } from '../config';
import { verifyProofDocument } from '../proof/offline-verify';
import { checkSavedCheckpoint } from '../proof/saved-checkpoint';
import { publishedKeys } from '../verify/key-rules';
import { nodeSha256 } from '../verify/node-primitives';
import { parsePolicy } from '../verify/policy';
import { reportLines } from '../verify/report-text';
import { loadTrustAnchors } from '../verify/timestamp';
import type { Check, VerifyOptions } from '../verify/verify-document';

function read(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new ApiError(
      'bad_request',
      `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
}
const flag = (ctx: CliContext, name: string): string | undefined =>
  typeof ctx.flags[name] === 'string' ? (ctx.flags[name] as string) : undefined;

/** --policy (C2SP tlog-policy) and --tsa-ca (PEM roots), refused with the file and line named when unreadable. */
function trustOf(ctx: CliContext): Pick<VerifyOptions, 'policy' | 'tsaAnchors'> {
  const out: Pick<VerifyOptions, 'policy' | 'tsaAnchors'> = {};
  const policyFile = flag(ctx, 'policy');
  if (policyFile) {
    const r = parsePolicy(nodeSha256, read(policyFile));
    if (!r.ok) throw new ApiError('bad_request', `${policyFile} line ${r.line}: ${r.error}`);
    if (!r.policy.logs.length)
      throw new ApiError(
        'bad_request',
        `${policyFile} has no log line: give the platform key's vkey (note_verifier_key of /.well-known/svc-platform-key)`,
      );
    out.policy = r.policy;
  }
  const caFile = flag(ctx, 'tsa-ca');
  if (caFile) {
    let anchors: ReturnType<typeof loadTrustAnchors>;
    try {
      anchors = loadTrustAnchors(read(caFile));
    } catch (e) {
      throw new ApiError('bad_request', `${caFile}: ${(e as Error).message}`);
    }
    if (!anchors.certificates.length) throw new ApiError('bad_request', `${caFile} holds no PEM certificate`);
    out.tsaAnchors = anchors;
  }
  return out;
}

/** The one line on stderr: a broken log history first (fork, rollback), else the first failed check in chain order. */
function failureLine(failed: Check[]): string {
  const c = failed.find((k) => k.item === 'checkpoint') ?? failed[0];
  if (!c) return 'NOT VERIFIED';
  if (c.item === 'checkpoint') return `NOT VERIFIED: ${c.detail}`;
  const more = failed.length > 1 ? ` (${failed.length} checks failed)` : '';
  return `NOT VERIFIED: ${c.item} ${c.check}: ${c.detail}${more}`;
}

export const verifyCommand = {
  summary:
    'verify a proof file offline (event, AI or document proof, audit event or trace bundle, with its head); no server needed',
  args: [{ name: 'FILE' }],
  flags: {
    keys: { value: 'KEYS.json', help: "the tenant's key list you trust (GET /keys/DOMAIN)" },
    'platform-key': { value: 'PLATFORM.json', help: 'the platform key you trust (GET /.well-known/svc-platform-key)' },
    policy: { value: 'POLICY', help: 'your witness policy (C2SP tlog-policy)' },
    'tsa-ca': { value: 'PEM', help: 'the TSA roots you trust' },
    checkpoint: { value: 'SAVED', help: 'a checkpoint you saved: also check that the log only grew since' },
    cacert: { value: 'PEM', help: "with --checkpoint: the server's certificate to trust (else --data-dir's own)" },
  },
  check: (f: Values) =>
    f.cacert !== undefined && f.checkpoint === undefined ? '--cacert goes with --checkpoint' : null,
  opensStore: false,
  async run(ctx: CliContext): Promise<CliResult & { exitCode: number; failure: string }> {
    const json = (name: string) => {
      const file = flag(ctx, name);
      return file === undefined ? undefined : JSON.parse(read(file));
    };
    const keys = json('keys');
    const file = ctx.args[0];
    if (!file) throw new ApiError('bad_request', 'FILE is required');
    const report = await verifyProofDocument(read(file), { keys, platformKey: json('platform-key'), ...trustOf(ctx) });
    const saved = flag(ctx, 'checkpoint');
    if (saved) {
      // DECISIONS 10: --cacert trusts a self-signed certificate; --data-dir trusts that appliance's own one.
      const caFile =
        flag(ctx, 'cacert') ??
        (flag(ctx, 'data-dir') ? (config().tlsCert ?? join(config().dataDir, 'tls', 'cert.pem')) : undefined);
      const history = await checkSavedCheckpoint(report.checkpoint, read(saved), {
        ca: caFile ? read(caFile) : undefined,
        keys: publishedKeys(keys),
      });
      report.checks.push(...history);
      report.ok = report.ok && history.every((c) => c.ok);
    }
    return {
      json: report,
      text: reportLines(report).join('\n'),
      exitCode: report.ok ? 0 : 1,
      failure: failureLine(report.checks.filter((c) => !c.ok)),
    };
  },
};
