// The table of CLI commands: each parses its flags, calls area services and shapes --json / text output.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { CliContext, CliResult } from './index';
import { ApiError } from '../errors';
import { setLogSink } from '../log';
import { config, SERVICE_ENV_FILE } from '../config';
import { describeTenant, findTenant, listTenants } from '../tenants/service';
import { describeApiKey, listApiKeys } from '../api-keys/service';
import { usageReport } from '../usage/service';
import { verifyCommand } from './verify-command';
import { integrityForOperator } from '../audit/service';
import { tenantLogReportForOperator, operatorEntries, verifyOperatorLog } from '../tlog/index';
import { parseRfc3339 } from '../time';
import { checkBackup } from '../backup/index';
import { runDoctor } from './doctor';
import { describeWitnessKey, listLogs } from '../witness/service';
import { operatorActions } from '../operator-actions/actions';
import { listOperatorTokens } from '../operator-tokens/service';
import { replicationStatus } from '../replication/status';
import { divergedText } from '../store/cluster';
import { localWriteRefusal, storeCluster } from '../store/env';
import { SCOPES } from '../api-keys/service';
import { PLAN_NAMES } from '../plans/plans';
import { parseRange } from '../cidr';
import { CONSOLE, type Flag, type Spec } from './argv';
import { listIssuers } from '../scitt/service';
import { verifierHtml } from '../web/verifier/page';
import { auditEvidence, EVIDENCE_KINDS, recordEvidence, traceEvidence, type EvidenceKind } from '../evidence/service';

/**
 * One CLI command: its declaration (summary, positional arguments, flags with their values; src/cli/argv.ts refuses
 * anything else before `run`), whether it opens the store, and `run`. To add a command, add one entry below.
 * `writes`: the command changes state (the store, or files of the data directory). On a replicated cluster's data
 * directory such a command is refused before it starts unless it reaches PostgreSQL (replication/preflight.ts).
 */
export type Command = Spec & {
  run(ctx: CliContext): Promise<CliResult | null>;
  opensStore?: boolean;
  writes?: true;
  /** False: the command reads the configuration itself (the server, whose failures are log lines). */
  loadsConfig?: boolean;
};

const checkTime = (v: string) => (parseRfc3339(v) ? null : 'not an RFC 3339 timestamp (e.g. 2030-01-01T00:00:00Z)');
const checkCidrs = (v: string) => {
  const bad = list(v).find((c) => !parseRange(c));
  return bad === undefined ? null : `${bad} is not a CIDR or an IP address`;
};
const checkScopes = (v: string) => {
  const bad = list(v).find((x) => !(SCOPES as readonly string[]).includes(x));
  return !list(v).length || bad !== undefined ? `scopes are some of ${SCOPES.join(',')}` : null;
};
const checkCount = (min: number) => (v: string) =>
  /^\d{1,15}$/.test(v) && Number(v) >= min ? null : `takes an integer from ${min}`;
const AS_OF: Flag = { value: 'RFC3339', check: checkTime, help: 'act as if it were this time (default: now)' };

const need = (ctx: CliContext, flag: string): string => {
  const v = ctx.flags[flag];
  if (typeof v !== 'string' || !v) throw new ApiError('bad_request', `--${flag} is required`);
  return v;
};
const arg = (ctx: CliContext, i: number, what: string): string => {
  const v = ctx.args[i];
  if (!v) throw new ApiError('bad_request', `${what} is required`);
  return v;
};
const list = (s: unknown): string[] =>
  typeof s === 'string'
    ? s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [];
const table = (rows: string[][]): string => {
  const w = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(w[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
};
const tenantText = (t: ReturnType<typeof describeTenant>) =>
  `${t.name} (${t.tenant_id})\n  domain ${t.primary_domain} verified=${t.domain_verified}  plan ${t.plan}  past_due=${t.past_due}\n` +
  t.keys
    .map((k) => `  key ${k.key_id} ${k.valid_until ? `retired ${k.valid_until}` : 'active'} ${k.public_key}`)
    .join('\n');

/** The transparency log part of an integrity report (docs/transparency-logs.md#integrity-scans). */
const logText = (r: {
  log_verified: boolean;
  first_bad_leaf: number | null;
  tail_verified: boolean;
  checkpoint: { tree_size: number; root_hash: string } | null;
}) =>
  `log_verified=${r.log_verified} first_bad_leaf=${r.first_bad_leaf ?? 'none'} tail_verified=${r.tail_verified} ` +
  (r.checkpoint ? `checkpoint ${r.checkpoint.tree_size} ${r.checkpoint.root_hash}` : 'no checkpoint yet');

/**
 * --as-of RFC3339 (default: now). A date in the future removes data for good: `consequence` is said out
 * loud, on stderr, before it happens.
 */
function asOfFlag(ctx: CliContext, consequence: string): Date {
  const raw = ctx.flags['as-of'];
  if (typeof raw !== 'string') return new Date();
  const t = parseRfc3339(raw)!;
  const asOf = new Date(t.ms);
  if (t.ms > Date.now() + 60_000)
    process.stderr.write(`warning: --as-of ${asOf.toISOString()} is in the future; ${consequence}\n`);
  return asOf;
}

export const commands: Record<string, Command> = {
  'tenant create': {
    writes: true,
    summary: 'create a tenant and its first signing key',
    flags: {
      name: { value: 'NAME', required: true, help: 'display name' },
      domain: { value: 'DOMAIN', required: true, help: 'primary domain (its key record is served at /keys/DOMAIN)' },
      'issuer-name': { value: 'NAME', help: 'issuer name shown on proofs (default: the name)' },
      plan: { value: 'PLAN', choices: PLAN_NAMES, help: 'plan (default: free)' },
      sandbox: {
        help: 'a sandbox tenant for tests: its records say "sandbox": true in their signed bytes (TEST, not evidence)',
      },
    },
    async run(ctx) {
      const r = await operatorActions.createTenant({
        name: need(ctx, 'name'),
        domain: need(ctx, 'domain'),
        issuerName: ctx.flags['issuer-name'] as string | undefined,
        plan: ctx.flags.plan as string | undefined,
        sandbox: ctx.flags.sandbox === true,
      });
      return {
        json: r,
        text: `created ${r.sandbox ? 'sandbox ' : ''}tenant ${r.tenant_id} (${r.primary_domain}, plan ${r.plan}) signing key ${r.key_id}`,
      };
    },
  },
  'tenant list': {
    summary: 'list the tenants with their plan and usage',
    async run() {
      const ts = listTenants().map((t) => ({ ...describeTenant(t), usage: usageReport(t) }));
      return {
        json: { tenants: ts },
        text: ts.length
          ? table([
              ['TENANT_ID', 'NAME', 'DOMAIN', 'PLAN', 'VERIFIED', 'PAST_DUE'],
              ...ts.map((t) => [
                t.tenant_id,
                t.name,
                t.primary_domain,
                t.plan,
                String(t.domain_verified),
                String(t.past_due),
              ]),
            ])
          : 'no tenants',
      };
    },
  },
  'tenant show': {
    summary: "one tenant (id or domain) with its keys' public halves and usage",
    args: [{ name: 'TENANT' }],
    async run(ctx) {
      const t = findTenant(arg(ctx, 0, 'TENANT'));
      const d = { ...describeTenant(t), usage: usageReport(t) };
      return { json: d, text: tenantText(d) };
    },
  },
  'tenant set-plan': {
    writes: true,
    summary: "change a tenant's plan",
    args: [{ name: 'TENANT' }, { name: 'PLAN', choices: PLAN_NAMES }],
    async run(ctx) {
      const d = describeTenant(await operatorActions.setPlan(arg(ctx, 0, 'TENANT'), arg(ctx, 1, 'PLAN')));
      return { json: d, text: tenantText(d) };
    },
  },
  'tenant set-past-due': {
    writes: true,
    summary: 'mark a tenant past due (on) or paid up (off)',
    args: [{ name: 'TENANT' }, { name: 'on|off', choices: ['on', 'off'] }],
    async run(ctx) {
      const v = arg(ctx, 1, 'on|off');
      const d = describeTenant(await operatorActions.setPastDue(arg(ctx, 0, 'TENANT'), v === 'on'));
      return { json: d, text: tenantText(d) };
    },
  },
  'tenant verify-domain': {
    writes: true,
    summary: "verify a tenant's domain by its DNS TXT record _svc-verify.DOMAIN",
    args: [{ name: 'TENANT' }],
    flags: { force: { help: "record the operator's own attestation instead of looking up DNS" } },
    async run(ctx) {
      const d = describeTenant(await operatorActions.verifyDomain(arg(ctx, 0, 'TENANT'), ctx.flags.force === true));
      return { json: d, text: tenantText(d) };
    },
  },
  'tenant rotate-key': {
    writes: true,
    summary: "retire a tenant's signing key and make a new one",
    args: [{ name: 'TENANT' }],
    async run(ctx) {
      const r = await operatorActions.rotateKey(arg(ctx, 0, 'TENANT'));
      return { json: r, text: `new signing key ${r.key_id} ${r.public_key}` };
    },
  },
  'key create': {
    writes: true,
    summary: 'create an API key (its plaintext is shown once)',
    flags: {
      tenant: { value: 'TENANT', required: true, help: 'tenant id or domain' },
      name: { value: 'NAME', required: true, help: 'name of the key' },
      scopes: { value: 'SCOPE,...', required: true, check: checkScopes, help: `some of ${SCOPES.join(',')}` },
      'allow-ip': { value: 'CIDR,...', check: checkCidrs, help: 'accept the key only from these addresses' },
    },
    async run(ctx) {
      const r = await operatorActions.createApiKey({
        tenant: need(ctx, 'tenant'),
        name: need(ctx, 'name'),
        scopes: list(need(ctx, 'scopes')),
        allowIp: list(ctx.flags['allow-ip']),
      });
      return {
        json: { key_id: r.key_id, api_key: r.api_key, tenant_id: r.tenant_id, scopes: r.scopes },
        text: `key ${r.key_id} (${r.scopes.join(',')})\nAPI key (shown once): ${r.api_key}`,
      };
    },
  },
  'key list': {
    summary: "list a tenant's API keys (never the plaintext)",
    flags: { tenant: { value: 'TENANT', required: true, help: 'tenant id or domain' } },
    async run(ctx) {
      const ks = listApiKeys(need(ctx, 'tenant')).map(describeApiKey);
      return {
        json: { keys: ks },
        text: ks.length
          ? table([
              ['KEY_ID', 'NAME', 'SCOPES', 'ALLOW_IP', 'CREATED', 'LAST_USED', 'REVOKED'],
              ...ks.map((k) => [
                k.key_id,
                k.name,
                k.scopes.join(','),
                k.ip_allowlist.join(',') || 'any',
                k.created_at,
                k.last_used_at ?? '-',
                k.revoked_at ?? '-',
              ]),
            ])
          : 'no keys',
      };
    },
  },
  'key revoke': {
    writes: true,
    summary: 'revoke an API key (in force on the next request)',
    args: [{ name: 'KEY_ID' }],
    async run(ctx) {
      const r = await operatorActions.revokeApiKey(arg(ctx, 0, 'KEY_ID'));
      return { json: r, text: `revoked ${r.key_id} at ${r.revoked_at}` };
    },
  },
  'admin-token create': {
    writes: true,
    summary: 'create a platform operator token for /v1/operator/ (shown once)',
    flags: { name: { value: 'NAME', required: true, help: 'name of the token' } },
    async run(ctx) {
      const r = await operatorActions.createOperatorToken(need(ctx, 'name'));
      return {
        json: { token_id: r.token_id, token: r.token, name: r.name, created_at: r.created_at },
        text: `operator token ${r.token_id} (${r.name})\nToken (shown once): ${r.token}`,
      };
    },
  },
  'admin-token list': {
    summary: 'list the operator tokens: id, name, created, revoked (never a token itself)',
    async run() {
      const ts = listOperatorTokens();
      return {
        json: { tokens: ts },
        text: ts.length
          ? table([
              ['TOKEN_ID', 'NAME', 'CREATED', 'REVOKED'],
              ...ts.map((t) => [t.token_id, t.name, t.created_at, t.revoked_at ?? '-']),
            ])
          : 'no operator tokens',
      };
    },
  },
  'admin-token revoke': {
    writes: true,
    summary: 'revoke an operator token (refused from the next request on)',
    args: [{ name: 'TOKEN_ID' }],
    async run(ctx) {
      const r = await operatorActions.revokeOperatorToken(arg(ctx, 0, 'TOKEN_ID'));
      return { json: r, text: `revoked operator token ${r.token_id} at ${r.revoked_at}` };
    },
  },
  'retention run': {
    writes: true,
    summary: 'run the retention pass now (seal expired ledger rows, move and purge audit events)',
    flags: { 'as-of': AS_OF },
    async run(ctx) {
      const asOf = asOfFlag(ctx, 'audit events past retention as of then are purged permanently');
      const r = await operatorActions.runRetention(asOf);
      return {
        json: r,
        text: Object.entries(r)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n'),
      };
    },
  },
  'exports clean': {
    writes: true,
    summary: 'remove export files whose 24 h download window has closed',
    flags: { 'as-of': AS_OF },
    async run(ctx) {
      const asOf = asOfFlag(ctx, 'export files whose window closes before then are removed now');
      const r = await operatorActions.cleanExports(asOf);
      return { json: r, text: `exports_removed: ${r.exports_removed}` };
    },
  },
  'audit integrity': {
    summary: "check an audit organization's sequence, cold segments and transparency log",
    flags: {
      tenant: { value: 'TENANT', required: true, help: 'tenant id or domain' },
      org: { value: 'ORG_ID', required: true, help: 'audit organization id' },
    },
    async run(ctx) {
      const r = integrityForOperator(need(ctx, 'tenant'), need(ctx, 'org'));
      const gaps = r.gaps.map((g) => (g.from === g.to ? `${g.from}` : `${g.from}-${g.to}`)).join(', ');
      return {
        json: r,
        text:
          `org ${r.org_id}: hot seq ${r.from}..${r.to}, ${r.count}/${r.expected} present, contiguous=${r.contiguous}` +
          (gaps
            ? `
  gaps: ${gaps}${r.gaps_truncated ? ' (truncated)' : ''}`
            : '') +
          `
  cold: ${r.cold.segments} segments, seq ${r.cold.from}..${r.cold.to}, manifest_ok=${r.cold.manifest_ok}` +
          r.cold.problems
            .map(
              (p) => `
  problem: ${p}`,
            )
            .join('') +
          `
  ${logText(r)}`,
      };
    },
  },
  'log verify': {
    summary: "recompute a tenant's transparency log against its signed checkpoints",
    flags: { tenant: { value: 'TENANT', required: true, help: 'tenant id or domain' } },
    async run(ctx) {
      const r = tenantLogReportForOperator(need(ctx, 'tenant'));
      const out = { json: r, text: `tenant log of ${r.tenant_id}: ${r.tree_size} leaves\n  ${logText(r)}` };
      return r.log_verified
        ? out
        : {
            ...out,
            exitCode: 1,
            failure: `tenant log does not verify (first bad leaf: ${r.first_bad_leaf ?? 'none'})`,
          };
    },
  },
  verify: verifyCommand,
  'evidence export': {
    summary: 'write the evidence pack (ZIP) of a record or trace, the same file as GET .../evidence',
    flags: {
      kind: { value: 'KIND', choices: EVIDENCE_KINDS, required: true, help: 'what the id names' },
      id: { value: 'ID', required: true, help: 'event, attestation, document (event) id, trace id or audit event id' },
      tenant: { value: 'TENANT', help: 'tenant id or domain; required with --kind trace or audit' },
      out: { value: 'FILE', required: true, help: 'the ZIP file to write' },
    },
    check: (f) =>
      (f.kind === 'trace' || f.kind === 'audit') && f.tenant === undefined
        ? `--kind ${f.kind} takes --tenant (its ids are the tenant's)`
        : null,
    async run(ctx) {
      const kind = need(ctx, 'kind') as EvidenceKind;
      const id = need(ctx, 'id');
      const out = need(ctx, 'out');
      const pack =
        kind === 'trace'
          ? await traceEvidence(findTenant(need(ctx, 'tenant')), id, verifierHtml)
          : kind === 'audit'
            ? await auditEvidence(findTenant(need(ctx, 'tenant')).tenant_id, id, verifierHtml)
            : await recordEvidence(kind, id, verifierHtml);
      // Written beside and renamed: a pack is whole or absent.
      writeFileSync(`${out}.part`, pack.zip);
      renameSync(`${out}.part`, out);
      return {
        json: { kind, id, out, bytes: pack.zip.length },
        text: `wrote ${out} (${pack.zip.length} bytes): the evidence pack of ${kind} ${id}`,
      };
    },
  },
  'witness add-log': {
    writes: true,
    summary: "cosign another log's checkpoints as its witness (C2SP tlog-witness)",
    flags: {
      origin: { value: 'ORIGIN', required: true, help: "the log's origin line" },
      vkey: { value: 'VKEY', required: true, help: "the log's signed-note verifier key" },
    },
    async run(ctx) {
      const r = await operatorActions.addWitnessedLog(need(ctx, 'origin'), need(ctx, 'vkey'));
      return { json: r, text: `witnessing ${r.origin} (key ${r.vkey})` };
    },
  },
  'witness list': {
    summary: "this appliance's witness key and the logs it cosigns, with the last cosigned size",
    async run() {
      const witness = describeWitnessKey();
      const logs = listLogs();
      const head = witness
        ? `witness ${witness.name}\n  vkey ${witness.vkey}`
        : 'witness key not created yet (made at first start)';
      const rows = logs.length
        ? table([
            ['ORIGIN', 'SIZE', 'ROOT', 'COSIGNED_AT', 'VKEY'],
            ...logs.map((l) => [l.origin, String(l.size), l.root_hash ?? '-', l.cosigned_at ?? '-', l.vkey]),
          ])
        : 'no witnessed logs';
      return { json: { witness, logs }, text: `${head}\n${rows}` };
    },
  },
  'issuer add': {
    writes: true,
    summary:
      "register a SCITT issuer of a tenant with its public key: the tenant's statements of ISS register from then on",
    flags: {
      tenant: { value: 'TENANT', required: true, help: 'tenant id or domain' },
      iss: { value: 'ISS', required: true, help: 'the iss (1) CWT claim its statements carry' },
      key: { value: 'FILE', required: true, help: 'the PEM public key (Ed25519 or P-256) that signs its statements' },
    },
    async run(ctx) {
      const file = need(ctx, 'key');
      let pem: string;
      try {
        pem = readFileSync(file, 'utf8');
      } catch (e) {
        throw new ApiError('bad_request', `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
      }
      const r = await operatorActions.addIssuer({
        tenant: need(ctx, 'tenant'),
        iss: need(ctx, 'iss'),
        publicKeyPem: pem,
      });
      return { json: r, text: `issuer ${r.iss} of tenant ${r.tenant_id}: ${r.alg} key ${r.key_id}` };
    },
  },
  'issuer list': {
    summary: 'list the SCITT issuers whose statements a tenant registers, revoked ones too',
    flags: { tenant: { value: 'TENANT', required: true, help: 'tenant id or domain' } },
    async run(ctx) {
      const is = listIssuers(need(ctx, 'tenant'));
      return {
        json: { issuers: is },
        text: is.length
          ? table([
              ['ISS', 'ALG', 'KEY_ID', 'ADDED', 'REVOKED'],
              ...is.map((i) => [i.iss, i.alg, i.key_id, i.added_at, i.revoked_at ?? '-']),
            ])
          : 'no issuers',
      };
    },
  },
  'issuer revoke': {
    writes: true,
    summary: "revoke a tenant's SCITT issuer: its new statements are refused, those registered stay",
    flags: {
      tenant: { value: 'TENANT', required: true, help: 'tenant id or domain' },
      iss: { value: 'ISS', required: true, help: 'the issuer to revoke' },
    },
    async run(ctx) {
      const r = await operatorActions.revokeIssuer(need(ctx, 'tenant'), need(ctx, 'iss'));
      return { json: r, text: `revoked issuer ${r.iss} (key ${r.key_id}) at ${r.revoked_at}` };
    },
  },
  'operator log': {
    summary: 'the operator log: {leaf_index, entry} per state-changing operator command',
    flags: {
      from: { value: 'N', check: checkCount(0), help: 'first leaf index (default 0)' },
      limit: { value: 'N', check: checkCount(1), help: 'at most this many entries (default: all)' },
    },
    async run(ctx) {
      const from = ctx.flags.from === undefined ? 0 : Number(ctx.flags.from);
      const limit = ctx.flags.limit === undefined ? Number.MAX_SAFE_INTEGER : Number(ctx.flags.limit);
      const entries = operatorEntries(from, limit);
      const line = (e: { leaf_index: number; entry: unknown }) => {
        const o = (e.entry ?? {}) as {
          at?: string;
          by?: string;
          action?: string;
          target?: Record<string, string>;
          details?: unknown;
        };
        return `${String(e.leaf_index).padStart(6)}  ${o.at ?? '-'}  ${o.by ?? '-'}  ${o.action ?? '?'}  ${Object.values(o.target ?? {}).join(' ')}  ${JSON.stringify(o.details ?? {})}`;
      };
      return { json: entries, text: entries.length ? entries.map(line).join('\n') : 'the operator log is empty' };
    },
  },
  'operator verify': {
    summary: 'recompute the operator log from its entries against its checkpoints and the platform key',
    async run() {
      const r = verifyOperatorLog();
      // A diverged node's log may verify on its own and still differ from the cluster's: never reported as fine.
      const d = storeCluster()?.diverged;
      if (d) r.problems.push(divergedText(d));
      const out = {
        json: r,
        text: `operator log: ${r.tree_size} entries\n  ${logText(r)}${r.problems.map((p) => `\n  problem: ${p}`).join('')}`,
      };
      if (d) return { ...out, exitCode: 1, failure: divergedText(d) };
      return r.log_verified
        ? out
        : {
            ...out,
            exitCode: 1,
            failure: `the operator log does not verify (first bad leaf: ${r.first_bad_leaf ?? 'none'})`,
          };
    },
  },
  backup: {
    writes: true,
    summary: 'back up the data directory while the server runs',
    flags: {
      to: { value: 'DIR', required: true, help: 'target directory (must not exist or be empty)' },
      'include-master-key': { help: "put the master key in the backup (it then decrypts every tenant's signing key)" },
    },
    async run(ctx) {
      const withKey = ctx.flags['include-master-key'] === true;
      if (withKey) {
        // Loudly: this backup alone can decrypt every tenant's signing key.
        process.stderr.write(
          'WARNING: this backup INCLUDES THE MASTER KEY: whoever holds it can sign as every tenant. Store it encrypted and apart.\n',
        );
      }
      const r = await operatorActions.backup(need(ctx, 'to'), { includeMasterKey: withKey });
      const { includes_master_key, ...out } = r;
      return {
        json: { ...out, includes_master_key },
        text:
          `backup in ${r.dir}: ${r.files} files, ${(r.bytes / 1048576).toFixed(1)} MB, ${r.records} records; manifest ${r.manifest}` +
          (includes_master_key
            ? '\nTHE MASTER KEY IS IN THIS BACKUP.'
            : '\nThe master key is not in this backup: keep it (SVC_MASTER_KEY_FILE) to restore.'),
      };
    },
  },
  restore: {
    writes: true,
    summary:
      'restore a backup into --data-dir (which must not exist or be empty), verifying everything; --check verifies a backup in place',
    flags: {
      from: { value: 'DIR', help: 'the backup to restore' },
      check: { value: 'DIR', help: 'only verify this backup, in place' },
      'not-before-checkpoint': {
        value: 'FILE',
        help: 'a checkpoint note you kept: refuse a backup whose log is older or forked',
      },
      standalone: {
        help: "without SVC_REPLICATION_URL: a node's backup becomes a single appliance that never rejoins its cluster",
      },
    },
    check: (f) =>
      (f.from === undefined) === (f.check === undefined)
        ? 'restore takes either --from DIR or --check DIR'
        : f.check !== undefined && f['not-before-checkpoint'] !== undefined
          ? '--not-before-checkpoint goes with --from'
          : null,
    opensStore: false,
    async run(ctx) {
      const check = ctx.flags.check;
      if (typeof check === 'string') {
        const r = await checkBackup(check);
        const text = r.verified
          ? `VERIFIED: ${r.records} records, every file matches the manifest`
          : r.problems.join('\n');
        return Object.assign(
          { json: { verified: r.verified, problems: r.problems, records: r.records }, text },
          r.verified
            ? {}
            : { exitCode: 1, failure: `backup ${check} does not verify (${r.problems.length} problem(s))` },
        );
      }
      const r = await operatorActions.restore(need(ctx, 'from'), {
        notBeforeCheckpoint: ctx.flags['not-before-checkpoint'] as string | undefined,
        standalone: ctx.flags.standalone === true,
      });
      return {
        json: r,
        text: `restored ${r.files} files into ${r.data_dir}: ${r.records} records, every signature verified (master key ${r.master_key})`,
      };
    },
  },
  'replication status': {
    summary: 'role, primary, applied position and lag of this node and of every node',
    async run() {
      const rc = config().replication;
      if (!rc)
        throw (
          localWriteRefusal() ??
          new ApiError('bad_request', 'replication is not configured (SVC_REPLICATION_URL is unset)')
        );
      const r = await replicationStatus(rc);
      const { epoch, head, ...out } = r;
      const secs = (n: number | null) => (n === null ? '-' : `${n.toFixed(1)}s`);
      const rows = table([
        ['NODE', 'ROLE', 'STATE', 'APPLIED', 'LAG', 'SEEN', 'URL'],
        ...r.nodes.map((n) => [
          n.node,
          n.role,
          n.diverged ? 'DIVERGED' : n.stale ? 'STALE' : 'ok',
          String(n.applied),
          secs(n.lag_seconds),
          `${n.seen_seconds_ago}s ago`,
          n.url ?? '-',
        ]),
      ]);
      const res = {
        json: out,
        text: `node ${r.node}: ${r.role}${r.diverged ? ' (DIVERGED)' : ''}, applied ${r.applied} of ${head}, lag ${secs(r.lag_seconds)}
primary: ${r.primary ?? 'none (lease free)'} (epoch ${epoch})
${rows}`,
      };
      // A diverged node is never reported as fine (docs/operations.md "A diverged node").
      const others = r.nodes.filter((n) => n.diverged).map((n) => n.node);
      if (r.diverged) return { ...res, exitCode: 1, failure: divergedText(r.diverged) };
      if (others.length) return { ...res, exitCode: 1, failure: `diverged node(s): ${others.join(', ')}` };
      return res;
    },
  },
  doctor: {
    summary:
      'check configuration, permissions, disk, clock, certificate and its key, store, queue, a leftover bootstrap key and the env file',
    flags: {
      'env-file': {
        value: 'FILE',
        help: `the env file the service runs with, compared with this environment (default ${SERVICE_ENV_FILE}, if present)`,
      },
    },
    opensStore: false,
    async run(ctx) {
      const r = await runDoctor(config(), ctx.flags['env-file'] as string | undefined);
      const skew = r.clock_skew
        ? `\nclock skew ${r.clock_skew.skew_seconds.toFixed(1)} s against ${r.clock_skew.tsa} (token of ${r.clock_skew.gen_time})`
        : '';
      return Object.assign(
        {
          json: r,
          text: `proof-ledger ${r.version}\n${r.ok ? `ok: ${r.checked.join(', ')}` : r.problems.join('\n')}${skew}`,
        },
        r.ok ? {} : { exitCode: 1, failure: `${r.problems.length} problem(s) found` },
      );
    },
  },
  serve: {
    summary: 'run the appliance in the foreground (same as npm start)',
    opensStore: false,
    loadsConfig: false,
    async run(ctx) {
      // The server logs JSON lines on stdout (docs/operations.md "Logs"), unlike the other commands.
      setLogSink((text) => process.stdout.write(text));
      const { serve } = await import('../main');
      await serve({ dataDir: ctx.flags['data-dir'] as string | undefined });
      await new Promise(() => {});
      return null;
    },
  },
  console: {
    ...CONSOLE,
    opensStore: false,
    async run() {
      const { runConsole } = await import('../../tui/index');
      await runConsole(config());
      return null;
    },
  },
};
