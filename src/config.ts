// Owns configuration: environment plus an optional JSON config file, validated once into a frozen Config.
import { existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { resolve, join } from 'node:path';
import cron from 'node-cron';
import { parseRange } from './cidr';
import { nodeSha256 } from './verify/node-primitives';
import { parsePolicy, type Policy } from './verify/policy';
import { loadTrustAnchors } from './verify/timestamp';
import { parseInteger } from './params';

export type Config = Readonly<{
  dataDir: string;
  host: string;
  port: number;
  publicUrl: string | null; // null until the port is bound (SVC_PORT=0)
  tlsCert: string | null;
  tlsKey: string | null;
  tls: boolean;
  /** CIDRs of the proxies whose X-Forwarded-For and X-Forwarded-Proto are believed; empty = none. */
  trustedProxies: string[];
  bootstrap: boolean;
  masterKeyFile: string;
  streamAllowCidrs: string[];
  streamCaFile: string | null;
  auditHotDays: number;
  publicRps: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  upgradeUrl: string;
  retentionCron: string;
  /** Writes in flight before new ones are refused with 503 (back-pressure). */
  writeQueueMax: number;
  /** Transparency logs: sign a checkpoint once this many leaves wait, or this many seconds after the first one. */
  checkpointLeaves: number;
  checkpointSeconds: number;
  /** Head log (docs/transparency-logs.md#head-checkpoints-and-publication): sign a head checkpoint at most this often while new head leaves wait. */
  headSeconds: number;
  /** C2SP tlog-policy of the witnesses that cosign each head (null: publish at once, uncosigned), and its file. */
  witnessPolicy: Policy | null;
  witnessPolicyFile: string | null;
  /** Extra PEM roots for witnesses served over HTTPS. */
  witnessCa: string | null;
  /** RFC 3161 time-stamping authorities asked for a token over each head, and the PEM anchors their tokens must chain to. */
  tsaUrls: string[];
  tsaCa: string | null;
  /** Plain-HTTP listener of GET /metrics; null = off. */
  metricsAddr: { host: string; port: number } | null;
  /** Replication on PostgreSQL (docs/operations.md "Replication and failover"); null = single node. */
  replication: ReplicationConfig | null;
}>;

export type ReplicationConfig = Readonly<{
  /** PostgreSQL connection URL (a secret: it may hold a password; never logged). */
  url: string;
  /** This node's name in the lease and in `svc replication status`. */
  nodeId: string;
  /** False when nodeId is the default: the CLI then names the node as its server last did (store/capture). */
  nodeIdSet: boolean;
  /** A standby takes over within this many seconds of the primary's last lease renewal. */
  failoverSeconds: number;
  /** GET /healthz/replica answers 200 only while this node is at most this far behind the primary. */
  maxLagSeconds: number;
}>;

const KEYS = [
  'SVC_DATA_DIR',
  'SVC_HOST',
  'SVC_PORT',
  'SVC_PUBLIC_URL',
  'SVC_TLS_CERT',
  'SVC_TLS_KEY',
  'SVC_TLS',
  'SVC_TRUSTED_PROXIES',
  'SVC_BOOTSTRAP',
  'SVC_MASTER_KEY_FILE',
  'SVC_STREAM_ALLOW_CIDRS',
  'SVC_STREAM_CA_FILE',
  'SVC_AUDIT_HOT_DAYS',
  'SVC_PUBLIC_RPS',
  'SVC_LOG_LEVEL',
  'SVC_UPGRADE_URL',
  'SVC_RETENTION_CRON',
  'SVC_WRITE_QUEUE_MAX',
  'SVC_CHECKPOINT_LEAVES',
  'SVC_CHECKPOINT_SECONDS',
  'SVC_METRICS_ADDR',
  'SVC_HEAD_SECONDS',
  'SVC_WITNESS_POLICY_FILE',
  'SVC_WITNESS_CA_FILE',
  'SVC_TSA_URLS',
  'SVC_TSA_CA_FILE',
  'SVC_REPLICATION_URL',
  'SVC_NODE_ID',
  'SVC_FAILOVER_SECONDS',
  'SVC_REPLICA_MAX_LAG_SECONDS',
] as const;

/** DATA/bootstrap-api-key: the first start's all-scope key when stdout is no terminal, until the operator deletes it. */
export const BOOTSTRAP_KEY_FILE = 'bootstrap-api-key';

/**
 * Where the systemd unit reads the server's settings from (scripts/proof-ledger.service EnvironmentFile): CLI
 * commands on a replicated node need the same SVC_REPLICATION_URL (docs/operations.md "Replication and failover").
 */
export const SERVICE_ENV_FILE = '/etc/proof-ledger/env';

/** SVC_NODE_ID's default: the host name and a hash of the data directory, stable across restarts of one node. */
export const defaultNodeId = (dataDir: string): string =>
  `${hostname()}-${createHash('sha256').update(dataDir).digest('hex').slice(0, 8)}`;

/** The text of a configured file, or null (absent or unreadable: a problem is listed). */
function readSetting(name: string, file: string | undefined, problems: string[]): string | null {
  if (!file) return null;
  try {
    return readFileSync(file, 'utf8');
  } catch {
    problems.push(`${name}: cannot read ${file}`);
    return null;
  }
}

/** SVC_WITNESS_POLICY_FILE parsed as C2SP tlog-policy; every witness needs a URL to be pushed to. */
function witnessPolicyOf(file: string | undefined, problems: string[]): Policy | null {
  const text = readSetting('SVC_WITNESS_POLICY_FILE', file, problems);
  if (text === null) return null;
  const r = parsePolicy(nodeSha256, text);
  if (!r.ok) {
    problems.push(`SVC_WITNESS_POLICY_FILE line ${r.line}: ${r.error}`);
    return null;
  }
  for (const w of r.policy.witnesses) {
    if (!w.url || !/^https?:\/\/[^/]+/.test(w.url))
      problems.push(`SVC_WITNESS_POLICY_FILE: witness ${w.name} needs an http(s) URL to push checkpoints to`);
  }
  return r.policy;
}

/** SVC_TSA_CA_FILE: PEM certificates, at least one, each readable. */
function tsaCaOf(file: string | undefined, problems: string[]): string | null {
  const text = readSetting('SVC_TSA_CA_FILE', file, problems);
  if (text === null) return null;
  try {
    if (!loadTrustAnchors(text).certificates.length) problems.push('SVC_TSA_CA_FILE holds no PEM certificate');
  } catch (e) {
    problems.push(`SVC_TSA_CA_FILE: ${(e as Error).message}`);
  }
  return text;
}

/** `host:port`, `[v6]:port` or `off`; null for off, undefined when malformed. */
export function parseListenAddr(v: string): { host: string; port: number } | null | undefined {
  if (v.toLowerCase() === 'off') return null;
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:\s]+)):(\d{1,5})$/.exec(v.trim());
  if (!m) return undefined;
  const port = Number(m[3]);
  if (port > 65535) return undefined;
  return { host: m[1] ?? m[2]!, port };
}

const KNOWN = new Set<string>(KEYS);

/**
 * Reads SVC_CONFIG_FILE (a JSON object with the same keys; strings, numbers or booleans) under the environment,
 * which wins. A file that cannot be read, is not JSON or not an object, or holds an unknown key or a value of
 * another type adds to `problems` (reported at boot with every other problem), never throws.
 */
function rawSettings(env: Record<string, string | undefined>, problems: string[]): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  const file = env.SVC_CONFIG_FILE;
  if (file) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      const why =
        e instanceof SyntaxError
          ? 'is not valid JSON'
          : `cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
      problems.push(`SVC_CONFIG_FILE ${file} ${why}`);
    }
    if (parsed !== undefined && (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))) {
      problems.push(`SVC_CONFIG_FILE ${file} must hold a JSON object of settings`);
    } else if (parsed !== undefined) {
      for (const [k, v] of Object.entries(parsed)) {
        if (!KNOWN.has(k)) problems.push(`SVC_CONFIG_FILE ${file}: unknown setting ${k}`);
        else if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')
          problems.push(`SVC_CONFIG_FILE ${file}: ${k} must be a string, number or boolean`);
        else out[k] = String(v);
      }
    }
  }
  for (const k of KEYS) if (env[k] !== undefined && env[k] !== '') out[k] = env[k];
  return out;
}

/** Builds the Config; throws one Error listing every problem found. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: { dataDir?: string } = {},
): Config {
  const problems: string[] = [];
  const s = rawSettings(env, problems);
  const int = (name: string, def: number, min: number, max: number) => {
    const v = s[name];
    if (v === undefined) return def;
    const n = parseInteger(v);
    if (n === null || n < min || n > max) problems.push(`${name} must be an integer from ${min} to ${max}`);
    return n ?? def;
  };
  const dataDir = resolve(overrides.dataDir ?? s.SVC_DATA_DIR ?? './data');
  const port = int('SVC_PORT', 8443, 0, 65535);
  const tlsSetting = (s.SVC_TLS ?? 'on').toLowerCase();
  if (!['on', 'off', '1', '0', 'true', 'false'].includes(tlsSetting)) problems.push('SVC_TLS must be on or off');
  const level = (s.SVC_LOG_LEVEL ?? 'info') as Config['logLevel'];
  if (!['debug', 'info', 'warn', 'error'].includes(level))
    problems.push('SVC_LOG_LEVEL must be debug, info, warn or error');
  const cert = s.SVC_TLS_CERT ?? null;
  const key = s.SVC_TLS_KEY ?? null;
  if ((cert === null) !== (key === null)) problems.push('SVC_TLS_CERT and SVC_TLS_KEY go together');
  for (const f of [cert, key, s.SVC_STREAM_CA_FILE]) if (f && !existsSync(f)) problems.push(`file not found: ${f}`);
  /** A comma-separated list of CIDRs or addresses; each entry that is neither is a problem naming `name`. */
  const cidrList = (name: string): string[] => {
    const list = (s[name] ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    for (const c of list) if (!parseRange(c)) problems.push(`${name}: ${c} is not a CIDR or an IP address`);
    return list;
  };
  const cidrs = cidrList('SVC_STREAM_ALLOW_CIDRS');
  const trustedProxies = cidrList('SVC_TRUSTED_PROXIES');
  // docs/operations.md#behind-a-proxy: with TLS off only a trusted proxy can say a request came over HTTPS.
  if (['off', '0', 'false'].includes(tlsSetting) && !trustedProxies.length)
    problems.push(
      'SVC_TLS=off needs SVC_TRUSTED_PROXIES (the CIDRs of the TLS-terminating proxies): no request could be answered without it',
    );
  const publicUrl = s.SVC_PUBLIC_URL ? s.SVC_PUBLIC_URL.replace(/\/+$/, '') : null;
  if (publicUrl && !/^https?:\/\/[^/]+/.test(publicUrl))
    problems.push('SVC_PUBLIC_URL must be an absolute http(s) URL');
  const metricsAddr = parseListenAddr(s.SVC_METRICS_ADDR ?? '127.0.0.1:9464');
  const tsaUrls = (s.SVC_TSA_URLS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  for (const u of tsaUrls) if (!/^https?:\/\/[^/]+/.test(u)) problems.push(`SVC_TSA_URLS: ${u} is not an http(s) URL`);
  // A token is kept only when it chains to an anchor the operator chose.
  if (tsaUrls.length && !s.SVC_TSA_CA_FILE)
    problems.push('SVC_TSA_URLS needs SVC_TSA_CA_FILE (the PEM roots the TSAs chain to)');
  if (metricsAddr === undefined) problems.push('SVC_METRICS_ADDR must be HOST:PORT or off');
  const retentionCron = s.SVC_RETENTION_CRON ?? '17 3 * * *';
  const replUrl = s.SVC_REPLICATION_URL ?? null;
  if (replUrl && !/^postgres(ql)?:\/\//.test(replUrl))
    problems.push('SVC_REPLICATION_URL must be a postgres:// connection URL');
  const nodeId = s.SVC_NODE_ID ?? defaultNodeId(dataDir);
  if (!/^[A-Za-z0-9._-]{1,128}$/.test(nodeId))
    problems.push('SVC_NODE_ID must be 1-128 letters, digits, dots, dashes or underscores');
  const failoverSeconds = int('SVC_FAILOVER_SECONDS', 10, 2, 3600);
  const maxLagSeconds = int('SVC_REPLICA_MAX_LAG_SECONDS', 5, 1, 86400);
  if (!cron.validate(retentionCron))
    problems.push(
      `SVC_RETENTION_CRON ${JSON.stringify(retentionCron)} is not a cron expression (five fields: minute hour day month weekday)`,
    );
  const cfg: Config = {
    dataDir,
    host: s.SVC_HOST ?? '0.0.0.0',
    port,
    publicUrl,
    tlsCert: cert,
    tlsKey: key,
    tls: ['on', '1', 'true'].includes(tlsSetting),
    trustedProxies,
    bootstrap: (s.SVC_BOOTSTRAP ?? '1') !== '0',
    masterKeyFile: s.SVC_MASTER_KEY_FILE ?? join(dataDir, 'master.key'),
    streamAllowCidrs: cidrs,
    streamCaFile: s.SVC_STREAM_CA_FILE ?? null,
    auditHotDays: int('SVC_AUDIT_HOT_DAYS', 90, 1, 100000),
    publicRps: int('SVC_PUBLIC_RPS', 20, 1, 1000000),
    logLevel: level,
    upgradeUrl: s.SVC_UPGRADE_URL ?? 'https://localhost/upgrade',
    retentionCron,
    writeQueueMax: int('SVC_WRITE_QUEUE_MAX', 2048, 1, 1_000_000),
    checkpointLeaves: int('SVC_CHECKPOINT_LEAVES', 1000, 1, 10_000_000),
    checkpointSeconds: int('SVC_CHECKPOINT_SECONDS', 5, 1, 86400),
    headSeconds: int('SVC_HEAD_SECONDS', 60, 1, 86400),
    witnessPolicy: witnessPolicyOf(s.SVC_WITNESS_POLICY_FILE, problems),
    witnessPolicyFile: s.SVC_WITNESS_POLICY_FILE ?? null,
    witnessCa: readSetting('SVC_WITNESS_CA_FILE', s.SVC_WITNESS_CA_FILE, problems),
    tsaUrls,
    tsaCa: tsaCaOf(s.SVC_TSA_CA_FILE, problems),
    metricsAddr: metricsAddr ?? null,
    replication: replUrl
      ? Object.freeze({ url: replUrl, nodeId, nodeIdSet: s.SVC_NODE_ID !== undefined, failoverSeconds, maxLagSeconds })
      : null,
  };
  if (problems.length) throw new Error(`configuration: ${problems.join('; ')}`);
  return Object.freeze(cfg);
}

/**
 * The settings an env file (KEY=VALUE pairs, such as the systemd unit's EnvironmentFile) sets that this process's
 * environment lacks or sets otherwise. Names only: values may be secrets (a PostgreSQL password).
 */
export function settingsNotInEnvironment(
  file: Record<string, string>,
  env: Record<string, string | undefined> = process.env,
): string[] {
  return Object.keys(file).filter((k) => (KNOWN.has(k) || k === 'SVC_CONFIG_FILE') && env[k] !== file[k]);
}

let current: Config | null = null;
/**
 * The process-wide Config, set once at boot (server, CLI, console, each worker thread from what it was handed).
 * Nothing falls back to the environment later: reading it before boot set it is a programming error.
 */
export function config(): Config {
  if (!current) throw new Error('configuration read before boot loaded it (setConfig)');
  return current;
}
export function setConfig(c: Config): Config {
  current = c;
  return c;
}
/** Public base URL; defaults to https://localhost:PORT with the port actually bound. */
export function publicUrl(boundPort?: number): string {
  const c = config();
  if (c.publicUrl) return c.publicUrl;
  return `https://localhost:${boundPort ?? runtime.port ?? c.port}`;
}
/** Values known only once the server runs (bound port). */
export const runtime: { port: number | null } = { port: null };
