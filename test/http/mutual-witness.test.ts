// Two appliances witness each other (docs/operations.md#the-appliance-as-a-witness): each one's policy names the other's witness, each cosigns the
// other's head, and both publish heads carrying the other's cosignature, checked with independent code.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, cleanupDirs, cli, newTenant, ownedDir, startServer, until, type Server } from '../helpers';
import { cosignatureTimeOf } from './independent-witness';

const C = { SVC_CHECKPOINT_SECONDS: '1', SVC_HEAD_SECONDS: '1', SVC_PUBLIC_RPS: '100000' };
type Identity = {
  dir: string;
  port: number;
  witness: { name: string; vkey: string };
  headOrigin: string;
  noteVkey: string;
};
const servers: Server[] = [];

/** First start: the witness key and the platform key are made; both are read, then the appliance stops. */
async function identity(): Promise<Identity> {
  const dir = ownedDir();
  // Port 0 here; each later start keeps the port found (the other's policy names this URL).
  const s = await startServer({ dataDir: dir });
  const port = s.port;
  const witness = (await call(s, 'GET', '/.well-known/svc-witness-key')).body;
  const pk = (await call(s, 'GET', '/.well-known/svc-platform-key')).body;
  await s.stop();
  return { dir, port, witness, headOrigin: pk.note_verifier_key.split('+')[0], noteVkey: pk.note_verifier_key };
}

/** Restarts `me` with a policy whose quorum is `other`'s witness, after `me` agreed to witness `other`'s head. */
async function startWitnessing(me: Identity, other: Identity): Promise<Server> {
  const added = await cli(me.dir, 'witness', 'add-log', '--origin', other.headOrigin, '--vkey', other.noteVkey);
  expect([added.code, added.stderr]).toEqual([0, '']);
  const policy = join(me.dir, 'policy.txt');
  const url = `https://127.0.0.1:${other.port}/witness`;
  writeFileSync(policy, `witness ${other.witness.name} ${other.witness.vkey} ${url}\nquorum ${other.witness.name}\n`);
  const s = await startServer({
    dataDir: me.dir,
    env: {
      ...C,
      SVC_PORT: String(me.port),
      SVC_WITNESS_POLICY_FILE: policy,
      SVC_WITNESS_CA_FILE: join(other.dir, 'tls', 'cert.pem'),
    },
  });
  servers.push(s);
  return s;
}

let a: Identity;
let b: Identity;
let sa: Server;
let sb: Server;

beforeAll(async () => {
  [a, b] = await Promise.all([identity(), identity()]);
  sa = await startWitnessing(a, b);
  sb = await startWitnessing(b, a);
}, 60_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  cleanupDirs();
});

describe('two appliances witnessing each other', () => {
  it("each publishes heads cosigned by the other, whose cosignature verifies under the other's published vkey", async () => {
    for (const [s, other] of [
      [sa, b],
      [sb, a],
    ] as const) {
      const { key } = await newTenant(s.dataDir, `mutual-${s.port}.test`, 'read,write', 'enterprise');
      const r = await call(s, 'POST', '/v1/events', {
        key,
        body: { event_type: 'mutual', payload: { n: 1 } },
      });
      expect(r.status).toBe(201);
      const head = await until(async () => {
        const h = await call(s, 'GET', '/v1/proof/head/checkpoint');
        return h.status === 200 && h.body.tree_size > 0 && h.body;
      }, 30_000);
      expect(head.cosignatures.map((c: { witness: string }) => c.witness)).toEqual([other.witness.name]);
      const body = head.checkpoint.slice(0, head.checkpoint.indexOf('\n\n') + 1);
      const line = head.checkpoint.split('\n').find((l: string) => l.startsWith(`\u2014 ${other.witness.name} `));
      expect(line).toBeDefined();
      // Independent code: the cosignature line verifies over the head body under the other's witness vkey.
      expect(cosignatureTimeOf(line, body, other.witness.vkey)).toBe(head.cosignatures[0].time);
    }
    // And each witness remembers the other's head at the size it cosigned.
    const listed = (await cli(b.dir, 'witness', 'list')).json.logs.find(
      (l: { origin: string }) => l.origin === a.headOrigin,
    );
    expect(listed.size).toBeGreaterThan(0);
  }, 90_000);
});
