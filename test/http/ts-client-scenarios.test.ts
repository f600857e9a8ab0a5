// The TypeScript client against the retry scenarios both client libraries share (clients/retry-scenarios.json; the
// Python suite runs the same file): a real appliance behind a fault-injecting proxy, each scenario's faults queued,
// its call made, and the attempts the proxy saw and the outcome compared with what the scenario expects.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, sha, type Server } from '../helpers';
import { proxiedAppliance, type Fault, type FaultProxy, type Proxied } from './fault-proxy';
import { ProofLedger, ProofLedgerError } from '../../clients/typescript/src/index';
import { backoffMs, MAX_PROCESSING_POLLS, MAX_RETRY_AFTER_S } from '../../clients/typescript/src/http';

type Scenario = {
  name: string;
  call: string;
  args?: unknown[];
  query?: Record<string, unknown>;
  max_retries?: number;
  faults: Fault[];
  expect: {
    attempts: number;
    same_key: boolean;
    min_gap_s?: number;
    ok?: Record<string, unknown>;
    present?: string[];
    error?: { code: string; status: number };
  };
};
const FILE = JSON.parse(readFileSync(join(ROOT, 'clients/retry-scenarios.json'), 'utf8')) as {
  rules: Record<string, number>;
  scenarios: Scenario[];
};

let p: Proxied;
let s: Server;
let key: string;
let ca: string;
let proxy: FaultProxy;
let n = 0;

beforeAll(async () => {
  p = await proxiedAppliance('scenarios.test', { SVC_STREAM_ALLOW_CIDRS: '127.0.0.0/8' });
  ({ server: s, key, ca, proxy } = p);
});
afterAll(() => p.stop());

/** `value` with $unique, $unique_hash, $org and $trace replaced, at any depth. */
function fill(value: unknown, vars: Record<string, string>): any {
  if (typeof value === 'string') return value.replace(/\$(unique_hash|unique|org|trace)/g, (_, v: string) => vars[v]!);
  if (Array.isArray(value)) return value.map((v) => fill(v, vars));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, vars)]));
  return value;
}
const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

describe('the rules of clients/retry-scenarios.json', () => {
  it('are the constants of the client', () => {
    expect([MAX_RETRY_AFTER_S, MAX_PROCESSING_POLLS]).toEqual([
      FILE.rules.retry_after_cap_s,
      FILE.rules.processing_polls,
    ]);
    const first = FILE.rules.backoff_first_step_s! * 1000;
    const cap = FILE.rules.backoff_cap_s! * 1000;
    for (let i = 0; i < 200; i++) {
      const w0 = backoffMs(0);
      const w10 = backoffMs(10);
      expect(w0 >= first / 2 && w0 <= first && w10 >= cap / 2 && w10 <= cap).toBe(true);
    }
    expect(FILE.scenarios.length).toBeGreaterThanOrEqual(10);
  });
});

describe('the shared retry scenarios', () => {
  for (const sc of FILE.scenarios) {
    it(sc.name, async () => {
      const vars = { unique: `sc-${Date.now()}-${++n}`, unique_hash: sha(`sc-${Date.now()}-${n}`), org: '', trace: '' };
      const direct = new ProofLedger({ baseUrl: s.url, apiKey: key, ca });
      if (JSON.stringify(sc).includes('$org')) {
        vars.org = `org-${vars.unique}`;
        await direct.audit.createOrg({ organization_id: vars.org });
      }
      if (JSON.stringify(sc).includes('$trace')) {
        vars.trace = (await direct.traces.create({ label: vars.unique })).trace_id;
        await direct.events.create({ event_type: 'scenario.step', payload: {}, trace_id: vars.trace });
      }
      const faults = fill(sc.faults, vars) as Fault[];
      proxy.faults.push(...faults);
      const client = new ProofLedger({
        baseUrl: proxy.url,
        apiKey: key,
        ca,
        maxRetries: sc.max_retries ?? FILE.rules.max_retries,
      });
      const [resource, method] = sc.call.split('.') as [string, string];
      const target = (client as any)[resource];
      const args = [...fill(sc.args ?? [], vars), ...(sc.query ? [sc.query] : [])];
      const since = proxy.seen.length;
      const outcome = await target[camel(method)](...args).then(
        (r: unknown) => ({ ok: r as Record<string, unknown> }),
        (e: unknown) => ({ error: e }),
      );
      // The route of the call: the first fault's, or the one the call's first request went to.
      const route = faults[0] ?? proxy.seen[since]!;
      const attempts = proxy.seen.slice(since).filter((x) => x.method === route.method && x.path === route.path);
      expect(attempts).toHaveLength(sc.expect.attempts);
      const keys = new Set(attempts.map((a) => a.key));
      expect(keys.size).toBe(1);
      if (sc.expect.same_key) expect([...keys][0]).toMatch(/^.{16,}$/);
      else expect([...keys]).toEqual([null]);
      for (let i = 1; i < attempts.length; i++)
        expect(attempts[i]!.at - attempts[i - 1]!.at).toBeGreaterThanOrEqual((sc.expect.min_gap_s ?? 0) * 1000);
      if (sc.expect.error) {
        expect('error' in outcome).toBe(true);
        const e = (outcome as { error: ProofLedgerError }).error;
        expect(e).toBeInstanceOf(ProofLedgerError);
        expect([e.code, e.status]).toEqual([sc.expect.error.code, sc.expect.error.status]);
      } else {
        expect('ok' in outcome, String((outcome as { error?: unknown }).error)).toBe(true);
        const r = (outcome as { ok: Record<string, unknown> }).ok;
        expect(r).toMatchObject(fill(sc.expect.ok ?? {}, vars));
        for (const f of sc.expect.present ?? []) expect(r[f], f).toBeTruthy();
      }
      expect(proxy.faults).toEqual([]);
    });
  }
});
