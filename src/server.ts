// Owns starting and stopping the appliance: boot (config, checks that write nothing: port, TLS pair, store) ->
// migrations -> replication or bootstrap and workers -> HTTPS listener.
import { closeSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOOTSTRAP_KEY_FILE, loadConfig, runtime, publicUrl, type Config } from './config';
import { boot } from './boot';
import { closeStore } from './store/env';
import { buildApp, SERVE_MAX_BODY } from './http/app';
import { listeningFds } from './http/listening-fds';
import { existingTlsMaterial, tlsMaterial } from './http/tls';
import { announce, log, flushLogs } from './log';
import { listTenants } from './tenants/service';
import { ensurePlatformKey } from './signing/platform';
import { SCOPES } from './api-keys/service';
import { operatorActions, operatorActionsBy } from './operator-actions/actions';
import { flushCounters, startWorkers, startWriterThread, stopWorkers } from './workers/index';
import { noteForwarded } from './usage/service';
import { allRoutes } from './http/routes';
import { ensurePlatformLogs, migrateLogs } from './tlog/index';
import { startRateLimits, stopRateLimits } from './http/limits';
import { unloadPlans } from './plans/plans';
import { setServedCertificate, startMetricsListener } from './http/metrics';
import { migrate } from './migrations/index';
import { ensureWitnessKey } from './witness/service';
import { refuseWrites } from './store/writer';
import { ApiError } from './errors';
import { certificateValidity } from './crypto/certificate';
import { VERSION } from './version';

export type Running = {
  port: number;
  url: string;
  metricsPort: number | null;
  reloadTls: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * The listener uses SO_REUSEPORT so that a TLS reload can bind a second listener before the first stops
 * accepting. That option would also let a second appliance share a fixed port unnoticed: refuse that first.
 */
function assertPortFree(hostname: string, port: number): void {
  if (port === 0) return;
  let probe: ReturnType<typeof Bun.serve>;
  try {
    probe = Bun.serve({ hostname, port, fetch: () => new Response(null, { status: 503 }) });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'EADDRINUSE' ? 'another process listens there' : (e as Error).message.split('\n')[0];
    throw new Error(`cannot listen on ${hostname}:${port} (SVC_HOST, SVC_PORT): ${why}`);
  }
  probe.stop(true);
}

/** An expired or not yet valid certificate still serves (a restart must not take the service down), loudly. */
function warnValidity(tls: { cert: string; file: string } | null): void {
  const v = tls && certificateValidity(tls.cert);
  if (v && (v.notAfter < Date.now() || v.notBefore > Date.now()))
    log('warn', 'the TLS certificate is not valid now', {
      file: tls!.file,
      not_before: new Date(v.notBefore).toISOString(),
      not_after: new Date(v.notAfter).toISOString(),
    });
}

/**
 * First start on an empty store: tenant `default` (localhost, builder) and an all-scope key, shown once. On a
 * terminal the key is printed; otherwise stdout is a log (the systemd journal, a container log) that others
 * read and keep, so the key goes to DATA/bootstrap-api-key (0600) and only that path is printed.
 */
async function bootstrap(cfg: Config): Promise<void> {
  if (!cfg.bootstrap || listTenants().length) return;
  // Operator actions like any other: both are entries of the operator log, made by the OS user running the server.
  const t = await operatorActions.createTenant({ name: 'default', domain: 'localhost', plan: 'builder' });
  const k = await operatorActions.createApiKey({ tenant: t.tenant_id, name: 'bootstrap', scopes: [...SCOPES] });
  const created = { tenant_id: t.tenant_id, domain: 'localhost', plan: 'builder' };
  // Never logged: a terminal shows it to the person at it, once, as text; a log gets the file's path only.
  if (process.stdout.isTTY) {
    announce('info', 'first start: created tenant "default" and an API key with all scopes, shown below', created);
    process.stdout.write(`\nAPI key with all scopes (shown once, store it now):\n\n  ${k.api_key}\n\n`);
    return;
  }
  const file = join(cfg.dataDir, BOOTSTRAP_KEY_FILE);
  writeFileSync(file, `${k.api_key}\n`, { mode: 0o600, flag: 'wx' });
  announce(
    'info',
    `first start: created tenant "default" and an API key with all scopes, written to ${file} (mode 0600): store it elsewhere, then delete the file`,
    { ...created, api_key_file: file },
  );
}

export async function startServer(
  env?: Record<string, string | undefined>,
  overrides: { dataDir?: string } = {},
): Promise<Running> {
  const t0 = performance.now();
  let existingTls: ReturnType<typeof existingTlsMaterial> = null;
  const { cfg, node } = boot({
    role: 'server',
    config: loadConfig(env, overrides),
    // Checked before anything is written: a start that cannot serve leaves the data directory as it found it.
    check: (c) => {
      assertPortFree(c.host, c.port);
      existingTls = c.tls ? existingTlsMaterial(c) : null;
      warnValidity(existingTls);
    },
  });
  // Format migrations rewrite this node's own layout: they run before replication, on every node alike.
  await migrate();
  const ensureNamedRows = async () => {
    await ensureWitnessKey();
    await ensurePlatformLogs();
  };
  /** What only the node that writes does, before its writer starts (single node: always; replicated: on promotion). */
  const becomePrimary = async () => {
    refuseWrites(null);
    await ensurePlatformKey();
    await bootstrap(cfg);
    // Before the writers start: records written before the transparency logs existed join their logs once.
    await migrateLogs();
    await startWriterThread(cfg);
    startWorkers(cfg);
    // Named after the public host, known only once the port is bound (SVC_PORT=0): a later promotion makes them here.
    if (runtime.port !== null) await ensureNamedRows();
  };
  const tls = cfg.tls ? (existingTls ?? (await tlsMaterial(cfg))) : null;
  const app = buildApp(allRoutes(operatorActionsBy), node);
  // Workers first: /healthz answers only once the store is open and the workers run (docs/operations.md#start-up).
  if (node) {
    // A standby's reads still count (usage, key last-used, verification records): forwarded to the primary.
    refuseWrites(() => new ApiError('not_primary').withHeaders({ 'retry-after': '1' }), node.forwardToPrimary);
    // A standby runs no writer and no background job: they start when it becomes primary, and stop if it stops being so.
    await node.start({
      promote: becomePrimary,
      // Refused first: what the stopping writer still holds is answered not_primary (its commits are fenced anyway).
      demote: async () => {
        refuseWrites(() => new ApiError('not_primary').withHeaders({ 'retry-after': '1' }), node.forwardToPrimary);
        await stopWorkers();
      },
      flush: flushCounters,
      forwarded: noteForwarded,
    });
  } else {
    await becomePrimary();
  }
  startRateLimits();
  // Again: replication may have spent seconds catching up since the first check.
  assertPortFree(cfg.host, cfg.port);
  app.listen({
    hostname: cfg.host,
    port: cfg.port,
    reusePort: true,
    ...(tls ? { tls: { cert: tls.cert, key: tls.key } } : {}),
  });
  const port = app.server!.port!;
  runtime.port = port;
  // Named after the public host, known only now when the port is chosen at start (SVC_PORT=0).
  if (!node || node.state()?.role === 'primary') await ensureNamedRows();
  setServedCertificate(tls?.cert ?? null);
  const metrics = startMetricsListener();
  const scheme = tls ? 'https' : 'http';
  const shownHost = cfg.host === '0.0.0.0' || cfg.host === '::' ? 'localhost' : cfg.host;
  const url = `${scheme}://${shownHost}:${port}`;
  node?.announceUrl(publicUrl(port));
  // The line operators and supervisors wait for (docs/operations.md "Logs"); one line, whatever the log level. The
  // address is followed by a space so that a reader taking the non-blank run after "listening on " gets it whole.
  announce('info', `listening on ${scheme}://${cfg.host}:${port} (version ${VERSION})`, {
    version: VERSION,
    api: `${url}/v1`,
    public_url: publicUrl(port),
    reference: `${url}/docs`,
    console: Bun.isStandaloneExecutable ? `${process.execPath} console` : 'npm run console',
    data_dir: cfg.dataDir,
    metrics: metrics ? `http://${cfg.metricsAddr!.host}:${metrics.port}/metrics` : null,
    ms: Math.round(performance.now() - t0),
  });

  /**
   * SIGHUP: the certificate and key files are read again; a new listener on the same port (SO_REUSEPORT) takes new
   * connections with them. The old server's listening socket is then closed directly, so it accepts no more, while
   * its established connections (idle keep-alive ones too) carry on until they close as they would have anyway.
   * Bun's server.reload() keeps the TLS context it was started with, and its stop() closes idle keep-alive
   * connections, hence the closed descriptor. A retired server is never stopped: its descriptor number may since
   * belong to another socket.
   */
  const retired: Array<typeof app.server> = [];
  const reloadTls = async () => {
    if (!tls) return;
    const next = await tlsMaterial(cfg);
    const old = app.server!;
    const oldListeners = listeningFds(port);
    const fresh = Bun.serve({
      hostname: cfg.host,
      port,
      reusePort: true,
      maxRequestBodySize: SERVE_MAX_BODY,
      tls: { cert: next.cert, key: next.key },
      fetch: app.fetch,
    });
    (app as unknown as { server: typeof fresh }).server = fresh;
    retired.push(old);
    // Both listeners accept for a moment; the old one closes from a later turn of the event loop, after it has
    // accepted what the kernel queued on it (a connection still queued on a closing listener would be reset).
    await Bun.sleep(200);
    if (oldListeners.length) for (const fd of oldListeners) closeSync(fd);
    else void old.stop(false); // no /proc: the old listener stops the only way Bun offers
    setServedCertificate(next.cert);
    log('info', 'tls certificate reloaded', { file: next.file });
  };
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      metrics?.stop();
      await app.server?.stop(false);
      // Servers retired by a reload answer what they have in flight (bounded), then go with the process.
      const deadline = Date.now() + 10_000;
      while (retired.some((r) => (r?.pendingRequests ?? 0) > 0) && Date.now() < deadline) await Bun.sleep(20);
      stopRateLimits();
      // The writer finishes under the lease; then the lease is released for a standby to take at once.
      await stopWorkers();
      await node?.stop();
      await closeStore();
      unloadPlans();
      log('info', 'stopped');
      flushLogs();
    })());
  return { port, url, metricsPort: metrics?.port ?? null, reloadTls, stop };
}
