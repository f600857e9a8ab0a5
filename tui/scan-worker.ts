// Owns running an integrity scan (an audit org, or the tenant's transparency log) off the console's UI thread, so a long scan leaves the console responsive.
import type { Config } from '../src/config';
import { boot } from '../src/boot';
import { ApiError } from '../src/errors';
import { integrityReport } from '../src/audit/service';
import { tenantLogReport } from '../src/tlog/index';

/** orgId null: the tenant log report (docs/transparency-logs.md#integrity-scans). */
/** `config`: the console's resolved configuration (a thread never reads the environment itself). */
export type ScanRequest = { config: Config; tenantId: string; orgId: string | null };
export type ScanReply =
  | { ok: true; report: ReturnType<typeof integrityReport>; ms: number }
  | { ok: true; tenantLog: ReturnType<typeof tenantLogReport>; ms: number }
  | { ok: false; error: string }
  | { progress: number };

declare const self: Worker;
self.onmessage = (e: MessageEvent<ScanRequest>) => {
  const { config, tenantId, orgId } = e.data;
  let reply: ScanReply;
  try {
    boot({ role: 'scan-worker', config });
    const t0 = performance.now();
    const progress = (done: number) => self.postMessage({ progress: done } satisfies ScanReply);
    reply =
      orgId === null
        ? { ok: true, tenantLog: tenantLogReport(tenantId, progress), ms: performance.now() - t0 }
        : { ok: true, report: integrityReport(tenantId, orgId, progress), ms: performance.now() - t0 };
  } catch (err) {
    reply = {
      ok: false,
      error: err instanceof ApiError ? `${err.code}: ${err.message}` : String((err as Error).message),
    };
  }
  self.postMessage(reply);
};
