// Owns starting and stopping the appliance: config -> store -> bootstrap -> workers -> HTTPS listener.
import { loadConfig, setConfig, runtime, publicUrl, type Config } from './config';
import { openStore, closeStore } from './store/env';
import { buildApp } from './http/app';
import { tlsMaterial } from './http/tls';
import { log, flushLogs } from './log';
import { createTenant, ensurePlatformKey, listTenants } from './tenants/service';
import { createApiKey, SCOPES } from './keys/service';
import { startWorkers, startWriterThread, stopWorkers } from './workers/index';
import { allRoutes } from './http/routes';
import { migrateLogs } from './tlog/migrate';
import { startRateLimits, stopRateLimits } from './http/limits';
import { loadPlans, unloadPlans } from './plans/plans';

export type Running = { port: number; url: string; stop: () => Promise<void> };

/** First start on an empty store: tenant `default` (localhost, builder) and an all-scope key, printed once. */
async function bootstrap(cfg: Config): Promise<void> {
  if (!cfg.bootstrap || listTenants().length) return;
  const t = await createTenant({ name: 'default', domain: 'localhost', plan: 'builder' });
  const k = await createApiKey({ tenant: t.tenant_id, name: 'bootstrap', scopes: [...SCOPES] });
  // Printed once, on the console of the operator who started the appliance; never logged.
  process.stdout.write(
    `\nFirst start: created tenant "default" (${t.tenant_id}, domain localhost, plan builder).\n` +
      `API key with all scopes (shown once, store it now):\n\n  ${k.api_key}\n\n`,
  );
}

export async function startServer(env: Record<string, string | undefined> = process.env): Promise<Running> {
  const t0 = performance.now();
  const cfg = setConfig(loadConfig(env));
  loadPlans(cfg.dataDir);
  openStore(cfg.dataDir);
  await ensurePlatformKey();
  await bootstrap(cfg);
  // Before the writers start: records written before the transparency logs existed join their logs once.
  await migrateLogs();
  const tls = cfg.tls ? await tlsMaterial(cfg) : null;
  const app = buildApp(allRoutes());
  // Workers first: /healthz answers only once the store is open and the workers run (DECISIONS 7).
  await startWriterThread();
  startWorkers();
  startRateLimits();
  app.listen({ hostname: cfg.host, port: cfg.port, ...(tls ? { tls: { cert: tls.cert, key: tls.key } } : {}) });
  const port = app.server!.port!;
  runtime.port = port;
  const scheme = tls ? 'https' : 'http';
  const shownHost = cfg.host === '0.0.0.0' || cfg.host === '::' ? 'localhost' : cfg.host;
  const url = `${scheme}://${shownHost}:${port}`;
  process.stdout.write(
    `listening on ${scheme}://${cfg.host}:${port}\n` +
      `API:      ${url}/v1   (public pages: ${publicUrl(port)})\n` +
      `Console:  npm run console   (data dir ${cfg.dataDir})\n`,
  );
  log('info', 'started', { port, ms: Math.round(performance.now() - t0) });
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await app.server?.stop(false);
      stopRateLimits();
      await stopWorkers();
      await closeStore();
      unloadPlans();
      log('info', 'stopped');
      flushLogs();
    })());
  return { port, url, stop };
}
