// The table of CLI commands: each parses its flags, calls area services and shapes --json / text output.
import { readFileSync } from 'node:fs';
import type { CliContext, CliResult } from './index';
import { ApiError } from '../errors';
import { setLogSink } from '../log';
import { config } from '../config';
import { describeTenant, findTenant, listTenants } from '../tenants/service';
import { describeApiKey, listApiKeys } from '../keys/service';
import { usageReport } from '../usage/service';
import { verifyCommand } from './verify-command';
import { integrityForOperator } from '../audit/service';
import { tenantLogReportForOperator } from '../tlog/tenant-integrity';
import { parseRfc3339 } from '../time';
import { checkBackup } from '../backup/restore';
import { runDoctor } from './doctor';
import { describeWitnessKey, listLogs } from '../witness/service';
import { operatorActions } from '../workers/operator-actions';
import { listOperatorTokens } from '../operator-tokens/service';
import { operatorEntries, verifyOperatorLog } from '../tlog/operator-log';
import { replicationStatus } from '../replication/status';
import { divergedText } from '../store/cluster';
import { localWriteRefusal, storeCluster } from '../store/env';
import { listIssuers } from '../scitt/service';

/**
 * `writes`: the command changes state (the store, or files of the data directory). On a replicated cluster's data
 * directory such a command is refused before it starts unless it reaches PostgreSQL (replication/preflight.ts).
 */
export type Command = {
  usage: string;
  run(ctx: CliContext): Promise<CliResult | null>;
  opensStore?: boolean;
  writes?: true;
};

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

/** The transparency log part of an integrity report (DECISIONS 10). */
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
  if (raw === undefined) return new Date();
  const t = parseRfc3339(raw);
  if (!t) throw new ApiError('bad_request', '--as-of must be an RFC 3339 timestamp');
  const asOf = new Date(t.ms);
  if (t.ms > Date.now() + 60_000)
    process.stderr.write(`warning: --as-of ${asOf.toISOString()} is in the future; ${consequence}\n`);
  return asOf;
}

export const commands: Record<string, Command> = {
  'tenant create': {
    writes: true,
    usage: 'tenant create --name NAME --domain DOMAIN [--issuer-name X] [--plan free|builder|enterprise]',
    async run(ctx) {
      const r = await operatorActions.createTenant({
        name: need(ctx, 'name'),
        domain: need(ctx, 'domain'),
        issuerName: ctx.flags['issuer-name'] as string | undefined,
        plan: ctx.flags.plan as string | undefined,
      });
      return {
        json: r,
        text: `created tenant ${r.tenant_id} (${r.primary_domain}, plan ${r.plan}) signing key ${r.key_id}`,
      };
    },
  },
  'tenant list': {
    usage: 'tenant list',
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
    usage: 'tenant show TENANT',
    async run(ctx) {
      const t = findTenant(arg(ctx, 0, 'TENANT'));
      const d = { ...describeTenant(t), usage: usageReport(t) };
      return { json: d, text: tenantText(d) };
    },
  },
  'tenant set-plan': {
    writes: true,
    usage: 'tenant set-plan TENANT PLAN',
    async run(ctx) {
      const d = describeTenant(await operatorActions.setPlan(arg(ctx, 0, 'TENANT'), arg(ctx, 1, 'PLAN')));
      return { json: d, text: tenantText(d) };
    },
  },
  'tenant set-past-due': {
    writes: true,
    usage: 'tenant set-past-due TENANT on|off',
    async run(ctx) {
      const v = arg(ctx, 1, 'on|off');
      if (v !== 'on' && v !== 'off') throw new ApiError('bad_request', 'set-past-due takes on or off');
      const d = describeTenant(await operatorActions.setPastDue(arg(ctx, 0, 'TENANT'), v === 'on'));
      return { json: d, text: tenantText(d) };
    },
  },
  'tenant verify-domain': {
    writes: true,
    usage: 'tenant verify-domain TENANT [--force]',
    async run(ctx) {
      const d = describeTenant(await operatorActions.verifyDomain(arg(ctx, 0, 'TENANT'), ctx.flags.force === true));
      return { json: d, text: tenantText(d) };
    },
  },
  'tenant rotate-key': {
    writes: true,
    usage: 'tenant rotate-key TENANT',
    async run(ctx) {
      const r = await operatorActions.rotateKey(arg(ctx, 0, 'TENANT'));
      return { json: r, text: `new signing key ${r.key_id} ${r.public_key}` };
    },
  },
  'key create': {
    writes: true,
    usage:
      'key create --tenant TENANT --name NAME --scopes read,write,audit:read,audit:write,admin [--allow-ip CIDR,...]',
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
    usage: 'key list --tenant TENANT',
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
    usage: 'key revoke KEY_ID',
    async run(ctx) {
      const r = await operatorActions.revokeApiKey(arg(ctx, 0, 'KEY_ID'));
      return { json: r, text: `revoked ${r.key_id} at ${r.revoked_at}` };
    },
  },
  'admin-token create': {
    writes: true,
    usage: 'admin-token create --name NAME   (a platform operator token for /v1/operator/, shown once)',
    async run(ctx) {
      const r = await operatorActions.createOperatorToken(need(ctx, 'name'));
      return {
        json: { token_id: r.token_id, token: r.token, name: r.name, created_at: r.created_at },
        text: `operator token ${r.token_id} (${r.name})\nToken (shown once): ${r.token}`,
      };
    },
  },
  'admin-token list': {
    usage: 'admin-token list   (operator tokens: id, name, created, revoked; never a token itself)',
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
    usage: 'admin-token revoke TOKEN_ID   (refused from the next request on)',
    async run(ctx) {
      const r = await operatorActions.revokeOperatorToken(arg(ctx, 0, 'TOKEN_ID'));
      return { json: r, text: `revoked operator token ${r.token_id} at ${r.revoked_at}` };
    },
  },
  'retention run': {
    writes: true,
    usage: 'retention run [--as-of RFC3339]',
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
    usage: 'exports clean [--as-of RFC3339]  (remove export files whose 24 h download window has closed)',
    async run(ctx) {
      const asOf = asOfFlag(ctx, 'export files whose window closes before then are removed now');
      const r = await operatorActions.cleanExports(asOf);
      return { json: r, text: `exports_removed: ${r.exports_removed}` };
    },
  },
  'audit integrity': {
    usage: 'audit integrity --tenant TENANT --org ORG_ID',
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
    usage: 'log verify --tenant TENANT',
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
  'witness add-log': {
    writes: true,
    usage: "witness add-log --origin ORIGIN --vkey VKEY   (cosign this log's checkpoints: C2SP tlog-witness)",
    async run(ctx) {
      const r = await operatorActions.addWitnessedLog(need(ctx, 'origin'), need(ctx, 'vkey'));
      return { json: r, text: `witnessing ${r.origin} (key ${r.vkey})` };
    },
  },
  'witness list': {
    usage: "witness list   (this appliance's witness key and the logs it cosigns, with the last cosigned size)",
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
    usage:
      'issuer add --tenant TENANT --iss ISS --key FILE   (FILE: the PEM public key, Ed25519 or P-256, that verifies the SCITT statements of ISS)',
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
    usage: 'issuer list --tenant TENANT   (the SCITT issuers whose statements the tenant registers, revoked ones too)',
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
    usage: 'issuer revoke --tenant TENANT --iss ISS   (its new statements are refused; those registered stay)',
    async run(ctx) {
      const r = await operatorActions.revokeIssuer(need(ctx, 'tenant'), need(ctx, 'iss'));
      return { json: r, text: `revoked issuer ${r.iss} (key ${r.key_id}) at ${r.revoked_at}` };
    },
  },
  'operator log': {
    usage:
      'operator log [--from N] [--limit N]   (the operator log: {leaf_index, entry} per state-changing operator command)',
    async run(ctx) {
      const from = ctx.flags.from === undefined ? 0 : Number(ctx.flags.from);
      const limit = ctx.flags.limit === undefined ? Number.MAX_SAFE_INTEGER : Number(ctx.flags.limit);
      if (!(Number.isSafeInteger(from) && from >= 0) || !(Number.isSafeInteger(limit) && limit > 0))
        throw new ApiError('bad_request', '--from and --limit take non-negative integers');
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
    usage:
      'operator verify   (recompute the operator log from its entries against its checkpoints and the platform key)',
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
    usage: 'backup --to DIR [--include-master-key]   (online; DIR must not exist or be empty)',
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
    usage: 'restore --from DIR --data-dir NEW [--not-before-checkpoint FILE] [--standalone]  |  restore --check DIR',
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
    usage: 'replication status   (role, primary, applied position and lag of this node and of every node)',
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
    usage: 'doctor   (config, permissions, disk, clock, certificate, store and queue checks)',
    opensStore: false,
    async run() {
      const r = await runDoctor(config());
      const skew = r.clock_skew
        ? `\nclock skew ${r.clock_skew.skew_seconds.toFixed(1)} s against ${r.clock_skew.tsa} (token of ${r.clock_skew.gen_time})`
        : '';
      return Object.assign(
        { json: r, text: (r.ok ? `ok: ${r.checked.join(', ')}` : r.problems.join('\n')) + skew },
        r.ok ? {} : { exitCode: 1, failure: `${r.problems.length} problem(s) found` },
      );
    },
  },
  serve: {
    usage: 'serve',
    opensStore: false,
    async run() {
      // The server logs JSON lines on stdout (APPLIANCE), unlike the other commands.
      setLogSink((text) => process.stdout.write(text));
      await import('../main');
      await new Promise(() => {});
      return null;
    },
  },
  console: {
    usage: 'console  (the operator console, same as npm run console)',
    opensStore: false,
    async run() {
      const { runConsole } = await import('../../tui/index');
      await runConsole(config());
      return null;
    },
  },
};
