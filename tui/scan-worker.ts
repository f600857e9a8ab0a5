// Owns running an audit integrity scan off the console's UI thread, so a long scan leaves the console responsive.
import { loadConfig, setConfig } from '../src/config';
import { ApiError } from '../src/errors';
import { openStore } from '../src/store/env';
import { integrityReport } from '../src/audit/service';

export type ScanRequest = { dataDir: string; tenantId: string; orgId: string };
export type ScanReply = { ok: true; report: ReturnType<typeof integrityReport>; ms: number } | { ok: false; error: string } | { progress: number };

declare const self: Worker;
self.onmessage = (e: MessageEvent<ScanRequest>) => {
  const { dataDir, tenantId, orgId } = e.data;
  let reply: ScanReply;
  try {
    setConfig({ ...loadConfig(process.env, { dataDir }), logLevel: 'error' });
    openStore(dataDir);
    const t0 = performance.now();
    const report = integrityReport(tenantId, orgId, (done) => self.postMessage({ progress: done } satisfies ScanReply));
    reply = { ok: true, report, ms: performance.now() - t0 };
  } catch (err) {
    reply = { ok: false, error: err instanceof ApiError ? `${err.code}: ${err.message}` : String((err as Error).message) };
  }
  self.postMessage(reply);
};
