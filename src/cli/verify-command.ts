// Owns `svc verify FILE` (docs/verification.md#the-command-lines): reads the proof and the verifier's own trust (key
// list, platform key, witness policy, TSA roots), runs the one rule set offline, and prints the one result; exit 1
// names the first failed check on one stderr line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CliContext, CliResult } from './index';
import type { Values } from './argv';
import { ApiError } from '../errors';
import { config } from '../config';
import { verifyProofFile } from '../verify/offline-verify';
import { checkSavedCheckpoint } from '../verify/saved-checkpoint';
import { publishedKeys } from '../verify/key-rules';
import { nodeSha256 } from '../verify/node-primitives';
import { failureLine, reportLines } from '../verify/report-text';
import { readPolicy, readSavedJson, readTsaRoots } from '../verify/trust-input';
import { resultOf, type VerifyOptions } from '../verify/verify-document';

function readBytes(file: string): Uint8Array {
  try {
    return readFileSync(file);
  } catch (e) {
    throw new ApiError(
      'bad_request',
      `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
}
const read = (file: string): string => Buffer.from(readBytes(file)).toString('utf8');
const flag = (ctx: CliContext, name: string): string | undefined =>
  typeof ctx.flags[name] === 'string' ? (ctx.flags[name] as string) : undefined;

/** --keys and --platform-key: saved JSON answers, refused with the file named when they are not JSON. */
function jsonFile(ctx: CliContext, name: string): unknown {
  const file = flag(ctx, name);
  if (file === undefined) return undefined;
  const r = readSavedJson(read(file));
  if (!r.ok) throw new ApiError('bad_request', `${file} ${r.reason}`);
  return r.value;
}

/** --policy (C2SP tlog-policy) and --tsa-ca (PEM roots), refused with the file (and line) named when unusable. */
function trustOf(ctx: CliContext): Pick<VerifyOptions, 'policy' | 'tsaAnchors'> {
  const out: Pick<VerifyOptions, 'policy' | 'tsaAnchors'> = {};
  const policyFile = flag(ctx, 'policy');
  if (policyFile) {
    const r = readPolicy(nodeSha256, read(policyFile));
    if (!r.ok) throw new ApiError('bad_request', `${policyFile} ${r.reason}`);
    out.policy = r.value;
  }
  const caFile = flag(ctx, 'tsa-ca');
  if (caFile) {
    const r = readTsaRoots(read(caFile));
    if (!r.ok) throw new ApiError('bad_request', `${caFile}: ${r.reason}`);
    out.tsaAnchors = r.value;
  }
  return out;
}

export const verifyCommand = {
  summary:
    'verify a proof file offline (event, AI or document proof, audit event or trace bundle, with its head; or an evidence pack); no server needed',
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
    const file = ctx.args[0];
    if (!file) throw new ApiError('bad_request', 'FILE is required');
    const keys = jsonFile(ctx, 'keys');
    const opts: VerifyOptions = { keys, platformKey: jsonFile(ctx, 'platform-key'), ...trustOf(ctx) };
    // The proof's bytes as they are: the rules refuse a file that is not UTF-8 JSON (docs/verification.md); an
    // evidence pack is checked whole, as the single-file verifier checks it.
    const report = await verifyProofFile(readBytes(file), opts);
    const saved = flag(ctx, 'checkpoint');
    if (saved) {
      // docs/verification.md#14-svc-verify---checkpoint-did-the-log-only-grow: --cacert trusts a self-signed certificate; --data-dir that appliance's own one.
      const caFile =
        flag(ctx, 'cacert') ??
        (flag(ctx, 'data-dir') ? (config().tlsCert ?? join(config().dataDir, 'tls', 'cert.pem')) : undefined);
      const history = await checkSavedCheckpoint(report.checkpoint, read(saved), {
        ca: caFile ? read(caFile) : undefined,
        keys: publishedKeys(keys),
      });
      report.checks.push(...history);
      report.valid = report.valid && history.every((c) => c.ok);
    }
    // A broken log history (fork, rollback) is named first, then the first failed check in report order.
    const failed = [...report.checks.filter((c) => c.name.startsWith('checkpoint.')), ...report.checks];
    return {
      json: resultOf(report),
      text: reportLines(report).join('\n'),
      exitCode: report.valid ? 0 : 1,
      failure: failureLine(failed),
    };
  },
};
