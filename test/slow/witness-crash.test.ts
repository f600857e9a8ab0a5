// kill -9 while the appliance cosigns checkpoints as a witness: every answered 200 survives, and no log's cosigned state rolls back.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { call, cleanup, cli, startServer, tempDir, until, type Server } from '../helpers';
import { addCheckpointBody, testLog, type TestLog } from '../http/independent-witness';

const dir = tempDir();
const ENV = { SVC_PUBLIC_RPS: '100000' };
let s: Server;
const logs: TestLog[] = [];
/** Per log, the largest size the witness answered 200 for before the crash. */
const acked = new Map<string, number>();

beforeAll(async () => {
  s = await startServer({ dataDir: dir, env: ENV });
  for (let i = 0; i < 8; i++) {
    const log = testLog(`crash.test/log-${i}`);
    const r = await cli(dir, 'witness', 'add-log', '--origin', log.origin, '--vkey', log.vkey);
    expect(r.code).toBe(0);
    log.append(2_000);
    logs.push(log);
  }
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

describe('kill -9 during add-checkpoint', () => {
  it('keeps every cosigned size and root, and answers the stored size after the restart', async () => {
    let stop = false;
    const pusher = async (log: TestLog) => {
      let old = 0;
      for (let size = 1; !stop && size <= log.leaves.length; size++) {
        try {
          const r = await call(s, 'POST', '/witness/add-checkpoint', {
            raw: addCheckpointBody(old, log.proof(old, size), log.note(size)),
            headers: { 'content-type': 'text/plain' },
          });
          if (r.status !== 200) throw new Error(`unexpected ${r.status} ${r.text}`);
          acked.set(log.origin, size);
          old = size;
        } catch (e) {
          if (!stop) throw e;
        }
      }
    };
    const running = logs.map(pusher);
    await until(() => [...acked.values()].reduce((a, b) => a + b, 0) > 400, 60_000);
    // No new request from here; those in flight meet the kill.
    stop = true;
    await s.stop('SIGKILL');
    await Promise.allSettled(running);
    s = await startServer({ dataDir: dir, env: ENV });

    for (const log of logs) {
      const was = acked.get(log.origin) ?? 0;
      const r = await call(s, 'POST', '/witness/add-checkpoint', {
        raw: addCheckpointBody(0, [], log.note(1)),
        headers: { 'content-type': 'text/plain' },
      });
      expect(r.status).toBe(409);
      const stored = Number(r.text.trim());
      // A 200 answered before the crash was durable; a request in flight at the kill may also have committed.
      expect(stored).toBeGreaterThanOrEqual(was);
      expect(stored).toBeLessThanOrEqual(was + 1);
      // The stored root is the log's root at that size: the same checkpoint again is cosigned, and the log grows on.
      const same = await call(s, 'POST', '/witness/add-checkpoint', {
        raw: addCheckpointBody(stored, [], log.note(stored)),
        headers: { 'content-type': 'text/plain' },
      });
      expect(same.status).toBe(200);
      const next = await call(s, 'POST', '/witness/add-checkpoint', {
        raw: addCheckpointBody(stored, log.proof(stored, stored + 5), log.note(stored + 5)),
        headers: { 'content-type': 'text/plain' },
      });
      expect(next.status).toBe(200);
    }
  }, 120_000);
});
