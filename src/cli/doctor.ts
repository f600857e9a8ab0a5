// Owns `svc doctor`: checks of configuration, permissions, disk space, clock, certificate (expiry, its key), store,
// queue backlog, a leftover bootstrap key file, the env file the service runs with and the node's place in a
// replicated cluster; one line per problem (exit 1 when any), and the version.
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BOOTSTRAP_KEY_FILE, SERVICE_ENV_FILE, settingsNotInEnvironment, type Config } from '../config';
import { certificateValidity, tlsPairProblem } from '../crypto/certificate';
import { diskSpace } from '../store/disk-space';
import { closeStore, openStore, storeCluster, storeStats } from '../store/env';
import { divergedText, type ClusterState } from '../store/cluster';
import { assertStreamHolds } from '../replication/preflight';
import { FORMAT_VERSION, formatVersion } from '../store/format';
import { readWriterStatus } from '../store/writer-status';
import { clockSkew, type ClockSkew } from '../tlog/index';
import { VERSION } from '../version';
import { parseEnvFile } from './env-file';

const GB = 1024 ** 3;
const CERT_WARN_DAYS = 14;
const BACKLOG_AGE_MS = 10_000;
/**
 * The appliance clock may differ from the latest RFC 3161 token's genTime by this much (seconds): tokens carry whole
 * seconds and the measure includes the TSA's answer time, so a sound clock shows 0 to about 1.5 s.
 */
export const CLOCK_SKEW_MAX_SECONDS = 5;

/**
 * The env file the service runs with: whether it was there, whether this user could read it, and the settings it
 * sets that this environment lacks or sets otherwise (names only).
 */
export type EnvFileCheck = { path: string; present: boolean; readable: boolean; not_in_environment: string[] };

/** `clock_skew`: the last measure against a TSA (null before the first token, or without TSAs). */
export type DoctorReport = {
  ok: boolean;
  version: string;
  problems: string[];
  checked: string[];
  clock_skew?: ClockSkew | null;
  env_file?: EnvFileCheck;
};

function checkFileMode(path: string, what: string, problems: string[]): void {
  if (!existsSync(path)) return;
  const st = statSync(path);
  if (st.mode & 0o077)
    problems.push(`${what} ${path} has mode ${(st.mode & 0o777).toString(8)}: other users can read it (chmod 600)`);
  if (typeof process.getuid === 'function' && st.uid !== process.getuid())
    problems.push(
      `${what} ${path} is owned by uid ${st.uid}, not by the user running the appliance (${process.getuid()})`,
    );
}

/**
 * Settings in the env file that this environment lacks: a CLI command run without them acts on another
 * configuration than the server's (a replicated node's data directory without SVC_REPLICATION_URL).
 */
function checkEnvFile(path: string, named: boolean, problems: string[]): EnvFileCheck {
  const out: EnvFileCheck = { path, present: existsSync(path), readable: false, not_in_environment: [] };
  if (!out.present) {
    if (named) problems.push(`env file ${path} does not exist`);
    return out;
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    // Root-only is a sound setup (systemd reads it as root): then it cannot be compared, and says so.
    if (named) problems.push(`env file ${path} cannot be read (${(e as NodeJS.ErrnoException).code})`);
    return out;
  }
  out.readable = true;
  const vars = parseEnvFile(text);
  out.not_in_environment = settingsNotInEnvironment(vars);
  if (out.not_in_environment.length)
    problems.push(
      `env file: ${out.not_in_environment.join(', ')} set in ${path} but not (or otherwise) in this environment: load it first (set -a; . ${path}; set +a)`,
    );
  if (Object.keys(vars).length && statSync(path).mode & 0o004)
    problems.push(`env file ${path} is readable by every user (it may hold the PostgreSQL password): chmod o-r`);
  return out;
}

/**
 * Runs every check against `cfg`; never throws (a failing check is a problem line). `envFile`: the env file the
 * service runs with (default /etc/proof-ledger/env, skipped when absent).
 */
export async function runDoctor(cfg: Config, envFile?: string): Promise<DoctorReport> {
  const problems: string[] = [];
  const checked: string[] = [];
  let skew: ClockSkew | null = null;
  let env: EnvFileCheck | undefined;
  let cluster: ClusterState | null = null;
  const check = async (name: string, fn: () => void | Promise<void>) => {
    checked.push(name);
    try {
      await fn();
    } catch (e) {
      problems.push(`${name}: ${(e as Error).message.split('\n')[0]}`);
    }
  };

  await check('permissions', () => {
    if (!existsSync(cfg.dataDir)) throw new Error(`data directory ${cfg.dataDir} does not exist`);
    accessSync(cfg.dataDir, constants.R_OK | constants.W_OK | constants.X_OK);
    const st = statSync(cfg.dataDir);
    if (st.mode & 0o022)
      problems.push(`data directory ${cfg.dataDir} is writable by other users (mode ${(st.mode & 0o777).toString(8)})`);
    checkFileMode(cfg.masterKeyFile, 'master key', problems);
    if (!existsSync(cfg.masterKeyFile))
      problems.push(`master key ${cfg.masterKeyFile} is missing: tenant signing keys cannot be used`);
    checkFileMode(cfg.tlsKey ?? join(cfg.dataDir, 'tls', 'key.pem'), 'TLS key', problems);
  });

  await check('bootstrap key', () => {
    const file = join(cfg.dataDir, BOOTSTRAP_KEY_FILE);
    if (existsSync(file))
      problems.push(
        `bootstrap key: ${file} still holds the first start's all-scope API key: store it elsewhere, then delete the file`,
      );
  });

  await check('env file', () => {
    env = checkEnvFile(envFile ?? SERVICE_ENV_FILE, envFile !== undefined, problems);
  });

  await check('disk', () => {
    const space = diskSpace(cfg.dataDir);
    if (!space) throw new Error(`cannot read the free space of ${cfg.dataDir}`);
    const { free, size: total } = space;
    if (free < GB || free < total * 0.05)
      problems.push(
        `disk: only ${(free / GB).toFixed(1)} GiB free on the data directory's file system (${((free / total) * 100).toFixed(1)}%)`,
      );
  });

  await check('clock', () => {
    const now = Date.now();
    if (new Date(now).getUTCFullYear() < 2024)
      problems.push(`clock: the system time ${new Date(now).toISOString()} is implausible`);
    const data = join(cfg.dataDir, 'db', 'data.mdb');
    if (existsSync(data)) {
      const ahead = statSync(data).mtimeMs - now;
      if (ahead > 5 * 60_000)
        problems.push(
          `clock: the store was last written ${Math.round(ahead / 1000)} s in the future: the system clock went backwards (timestamps are signed)`,
        );
    }
  });

  await check('certificate', () => {
    if (!cfg.tls) return;
    const file = cfg.tlsCert ?? join(cfg.dataDir, 'tls', 'cert.pem');
    if (!existsSync(file)) return; // generated on the first start
    const cert = certificateValidity(readFileSync(file));
    if (!cert) throw new Error(`${file} is not an X.509 certificate`);
    const left = (cert.notAfter - Date.now()) / 86400_000;
    if (left < 0) problems.push(`certificate: ${file} expired on ${new Date(cert.notAfter).toISOString()}`);
    else if (left < CERT_WARN_DAYS)
      problems.push(
        `certificate: ${file} expires in ${left.toFixed(1)} days (${new Date(cert.notAfter).toISOString()})`,
      );
    if (cert.notBefore > Date.now())
      problems.push(`certificate: ${file} is not valid before ${new Date(cert.notBefore).toISOString()}`);
    const keyFile = cfg.tlsKey ?? join(cfg.dataDir, 'tls', 'key.pem');
    const mismatch = existsSync(keyFile)
      ? tlsPairProblem(readFileSync(file, 'utf8'), readFileSync(keyFile, 'utf8'))
      : `the key ${keyFile} is missing`;
    if (mismatch) problems.push(`certificate: ${file}: ${mismatch} (the server would not start)`);
  });

  await check('store', async () => {
    if (!existsSync(join(cfg.dataDir, 'db', 'data.mdb'))) {
      problems.push(`store: no store in ${cfg.dataDir} yet (start the server once)`);
      return;
    }
    openStore(cfg.dataDir);
    try {
      const v = formatVersion();
      if (v < FORMAT_VERSION)
        problems.push(`store: data format ${v} needs migrating to ${FORMAT_VERSION} (start the server once)`);
      cluster = storeCluster();
      const { mapSize, usedBytes } = storeStats();
      if (usedBytes > mapSize * 0.9)
        problems.push(`store: ${((usedBytes / mapSize) * 100).toFixed(0)}% of the LMDB map is used`);
      // The running server publishes its writer figures every second; none fresh means no server runs.
      const w = readWriterStatus();
      if (w && w.oldest_ms > BACKLOG_AGE_MS)
        problems.push(
          `queue: ${w.in_flight} writes in flight, the oldest for ${Math.round(w.oldest_ms / 1000)} s (the writer is stuck or the disk is slow)`,
        );
      skew = clockSkew();
      if (skew && Math.abs(skew.skew_seconds) > CLOCK_SKEW_MAX_SECONDS) {
        problems.push(
          `clock: ${skew.skew_seconds.toFixed(1)} s off the time of the latest RFC 3161 token (${skew.tsa}, ${skew.gen_time}); more than ${CLOCK_SKEW_MAX_SECONDS} s: check NTP`,
        );
      }
      if (w && w.in_flight > cfg.writeQueueMax * 0.9)
        problems.push(
          `queue: ${w.in_flight} writes in flight, near SVC_WRITE_QUEUE_MAX (${cfg.writeQueueMax}): new writes are being refused with 503`,
        );
    } finally {
      await closeStore();
    }
  });
  // A single node's directory (never joined a cluster, no SVC_REPLICATION_URL) has nothing to check here.
  if (cfg.replication || cluster)
    await check('replication', async () => {
      // docs/operations.md "Operator commands on a replicated node": a cluster's node needs the env file's settings.
      if (cluster?.diverged) problems.push(`replication: ${divergedText(cluster.diverged)}`);
      else if (cluster && !cfg.replication)
        problems.push(
          `replication: this data directory belongs to a replicated cluster (node ${cluster.node ?? 'not named yet'}) but SVC_REPLICATION_URL is not set: ` +
            `the server does not start and state-changing commands are refused without it (load the environment file, ${SERVICE_ENV_FILE} with the systemd unit)`,
        );
      else if (cfg.replication) await assertStreamHolds(cfg.replication, cluster?.applied ?? 0);
    });
  return { ok: problems.length === 0, version: VERSION, problems, checked, clock_skew: skew, env_file: env };
}
