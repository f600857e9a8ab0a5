// The replay of creates (src/route-kit/idempotent.ts) on a real store: an answer the create did not store in its own
// transaction is stored once it returns, answers are kept sealed, and the retention sweep drops them after 24 hours.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, setConfig } from '../../src/config';
import { closeStore, flushed, openStore } from '../../src/store/env';
import { idempotent, storeAnswerInTxn, sweepReplays, type IdemClaim } from '../../src/route-kit/idempotent';
import { transact } from '../../src/store/env';
import { cleanup, tempDir } from '../helpers';

const dir = tempDir();
const scope = ['t-1', 'k-1'] as const;
const request = (key: string) => new Request('https://x.test/v1/things', { headers: { 'idempotency-key': key } });
const SECRET = 'whsec_unit_test_secret_that_must_stay_sealed';

beforeAll(() => {
  setConfig(loadConfig({ SVC_DATA_DIR: dir }));
  openStore(dir);
});
afterAll(async () => {
  await closeStore();
  cleanup(dir);
});

describe('idempotent creates', () => {
  it('stores the answer of a create that did not store it itself, sealed, and replays it', async () => {
    let runs = 0;
    const create = async () => ({ status: 201, body: { id: `thing-${++runs}`, secret: SECRET } });
    const o = { scope, endpoint: 'POST /v1/things', request: request('a'), body: { n: 1 } };
    const first = await idempotent(o, create);
    const again = await idempotent({ ...o, request: request('a') }, create);
    expect([first, again]).toEqual([
      { status: 201, body: { id: 'thing-1', secret: SECRET }, replayed: false },
      { status: 201, body: { id: 'thing-1', secret: SECRET }, replayed: true },
    ]);
    expect(runs).toBe(1);
    await flushed();
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) => f.name.endsWith('.mdb'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(readFileSync(join(f.parentPath, f.name)).includes(Buffer.from(SECRET))).toBe(false);
  });

  it('stores an answer once when the create stored it in its transaction', async () => {
    let stored: IdemClaim | null = null;
    const r = await idempotent(
      { scope, endpoint: 'POST /v1/things', request: request('b'), body: {} },
      async (claim) => {
        stored = claim;
        const answer = { status: 202, body: { id: 'job-1', status: 'pending' } };
        await transact(() => storeAnswerInTxn(claim!, answer));
        return answer;
      },
    );
    expect(r.replayed).toBe(false);
    expect(stored).not.toBeNull();
    const replay = await idempotent({ scope, endpoint: 'POST /v1/things', request: request('b'), body: {} }, () => {
      throw new Error('must not run again');
    });
    expect([replay.status, replay.body, replay.replayed]).toEqual([202, { id: 'job-1', status: 'pending' }, true]);
  });

  it('keeps keys apart by scope: another credential with the same key and request creates anew', async () => {
    let runs = 0;
    const create = async () => ({ status: 201, body: { id: `s-${++runs}` } });
    const o = { endpoint: 'POST /v1/scoped', request: request('d'), body: {} };
    const tenantKey = await idempotent({ ...o, scope }, create);
    const operator = await idempotent({ ...o, request: request('d'), scope: ['operator', 'token-1'] }, create);
    expect([tenantKey.body, operator.body, operator.replayed]).toEqual([{ id: 's-1' }, { id: 's-2' }, false]);
  });

  it('drops answers older than 24 hours; the key then creates anew', async () => {
    let runs = 0;
    const create = async () => ({ status: 201, body: { id: `c-${++runs}` } });
    const o = () => ({ scope, endpoint: 'POST /v1/other', request: request('c'), body: {} });
    await idempotent(o(), create);
    expect(await sweepReplays(Date.now())).toBe(0);
    expect(await sweepReplays(Date.now() + 25 * 3_600_000)).toBeGreaterThanOrEqual(5);
    const later = await idempotent(o(), create);
    expect([later.body, later.replayed, runs]).toEqual([{ id: 'c-2' }, false, 2]);
  });
});
