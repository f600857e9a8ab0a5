// The appliance publishes only what verifies (docs/verification.md#cosignatures): a hostile witness of its policy signs
// validly but dates its cosignatures 10^13 s; an honest one meets the quorum alone. The head is published with the
// honest cosignature only, and svc verify, the TypeScript client and its CLI, and the Python CLI all pass the proof;
// a verifier whose policy needs the hostile witness gets a failed quorum, never a crash. As a witness, the appliance
// refuses a checkpoint of size 0 whose root is not the empty tree's.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { verify } from '../../clients/typescript/src/verify';
import { call, cleanupDirs, cli, ownedDir, ROOT, startServer, svc, until, type Server } from '../helpers';
import { startTsa, type Tsa } from '../tsa-server';
import { addCheckpointBody, cosignatureTimeOf, startIndependentWitness, testLog } from './independent-witness';

let a: Server;
let tsa: Tsa;
let honest: ReturnType<typeof startIndependentWitness>;
let hostile: ReturnType<typeof startIndependentWitness>;
let dir = '';
let proofFile = '';
let policyFile = '';
let hostilePolicyFile = '';
let proof: any;

async function run(cmd: string[], cwd = ROOT, env: Record<string, string> = {}) {
  const p = Bun.spawn(cmd, { cwd, stdout: 'pipe', stderr: 'pipe', env: { ...process.env, ...env } });
  const [stdout, stderr] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text()]);
  return { code: await p.exited, stdout, stderr };
}

beforeAll(async () => {
  honest = startIndependentWitness('witness.test/honest');
  hostile = startIndependentWitness('witness.test/hostile', { time: () => 10n ** 13n });
  tsa = await startTsa();
  dir = ownedDir();
  const appliancePolicy = join(dir, 'appliance-policy.txt');
  writeFileSync(
    appliancePolicy,
    `witness ${honest.name} ${honest.vkey} ${honest.url}\nwitness ${hostile.name} ${hostile.vkey} ${hostile.url}\ngroup any-one any ${honest.name} ${hostile.name}\nquorum any-one\n`,
  );
  a = await startServer({
    dataDir: dir,
    env: {
      SVC_CHECKPOINT_SECONDS: '1',
      SVC_HEAD_SECONDS: '1',
      SVC_PUBLIC_RPS: '100000',
      SVC_WITNESS_POLICY_FILE: appliancePolicy,
      SVC_TSA_URLS: tsa.url,
      SVC_TSA_CA_FILE: tsa.caFile,
    },
  });
  const pk = (await call(a, 'GET', '/.well-known/svc-platform-key')).body;
  const origin = pk.note_verifier_key.split('+')[0];
  honest.addLog(origin, pk.note_verifier_key);
  hostile.addLog(origin, pk.note_verifier_key);
  // The verifier's policies: the same witnesses, its quorum met by either; and one that needs the hostile one.
  const lines = `log ${pk.note_verifier_key}\nwitness honest ${honest.vkey}\nwitness hostile ${hostile.vkey}\n`;
  policyFile = join(dir, 'policy.txt');
  writeFileSync(policyFile, `${lines}group one any honest hostile\nquorum one\n`);
  hostilePolicyFile = join(dir, 'policy-hostile.txt');
  writeFileSync(hostilePolicyFile, `${lines}quorum hostile\n`);
  const ev = await call(a, 'POST', '/v1/events', {
    key: a.apiKey,
    body: { event_type: 'hostile.test', payload: { n: 1 } },
  });
  expect(ev.status).toBe(201);
  proof = await until(
    async () => {
      const r = await call(a, 'GET', `/v1/proof/event/${ev.body.event_id}`);
      return r.status === 200 && r.body.log?.head?.checkpoint && r.body.log.head.timestamps.length ? r.body : null;
    },
    60_000,
    100,
  );
  proofFile = join(dir, 'proof.json');
  writeFileSync(proofFile, JSON.stringify(proof));
}, 120_000);
afterAll(async () => {
  await a?.stop();
  honest?.stop();
  hostile?.stop();
  tsa?.stop();
  cleanupDirs();
});

describe('a hostile witness (valid signature, time 10^13) beside an honest one that meets the quorum', () => {
  it('is asked and answers, but the published head keeps only the honest cosignature', async () => {
    // The hostile witness did cosign: it holds the head's size, its answer was dropped.
    expect(hostile.state(proof.log.head.checkpoint.split('\n')[0])?.size).toBeGreaterThan(0);
    const note: string = proof.log.head.checkpoint;
    const body = note.slice(0, note.indexOf('\n\n') + 1);
    const lines = note
      .slice(body.length + 1)
      .split('\n')
      .filter(Boolean);
    expect(lines.some((l) => l.startsWith(`\u2014 ${hostile.name} `))).toBe(false);
    const honestLines = lines.filter((l) => l.startsWith(`\u2014 ${honest.name} `));
    expect(honestLines).toHaveLength(1);
    // Checked with the witness's own code, apart from the appliance's: a valid cosignature at a sane time.
    const t = cosignatureTimeOf(honestLines[0]!, body, honest.vkey);
    expect(t !== null && Math.abs(t - Date.now() / 1000) < 600).toBe(true);
    const head = (await call(a, 'GET', `/v1/proof/head/checkpoint?tree_size=${proof.log.head.tree_size}`)).body;
    expect(head.cosignatures.map((c: { witness: string }) => c.witness)).toEqual([honest.name]);
    expect(a.output()).toContain('more than 10 minutes ahead');
  });

  it('svc verify, the TypeScript client, its CLI and the Python CLI pass the proof under the policy and TSA roots', async () => {
    const flags = ['--policy', policyFile, '--tsa-ca', tsa.caFile];
    const [ours, tsCli, py] = await Promise.all([
      svc(['verify', proofFile, ...flags]),
      run(['bun', 'clients/typescript/src/cli.ts', proofFile, ...flags, '--json']),
      run(['python3', '-m', 'proof_ledger', 'verify', proofFile, ...flags, '--json'], join(ROOT, 'clients/python'), {
        PYTHONPATH: join(ROOT, 'clients/python'),
      }),
    ]);
    const client = await verify(JSON.stringify(proof), {
      policy: await Bun.file(policyFile).text(),
      tsaRoots: tsa.caPem,
    });
    const results = [ours.json, JSON.parse(tsCli.stdout), JSON.parse(py.stdout), client];
    expect([ours.code, tsCli.code, py.code]).toEqual([0, 0, 0]);
    for (const r of results)
      expect([r.valid, r.trust, r.complete, r.witnessed_by, typeof r.existed_no_later_than]).toEqual([
        true,
        'policy',
        true,
        [honest.name],
        'string',
      ]);
  });

  it('a verifier that needs the hostile witness gets a failed quorum, from every verifier, without a crash', async () => {
    const flags = ['--policy', hostilePolicyFile];
    const [ours, py] = await Promise.all([
      svc(['verify', proofFile, ...flags]),
      run(['python3', '-m', 'proof_ledger', 'verify', proofFile, ...flags, '--json'], join(ROOT, 'clients/python'), {
        PYTHONPATH: join(ROOT, 'clients/python'),
      }),
    ]);
    const client = await verify(JSON.stringify(proof), { policy: await Bun.file(hostilePolicyFile).text() });
    for (const [code, r, stderr] of [
      [ours.code, ours.json, ours.stderr],
      [py.code, JSON.parse(py.stdout), py.stderr],
      [1, client, 'error: NOT VERIFIED: record.head.quorum: '],
    ] as const) {
      expect([
        code,
        r.valid,
        r.checks.filter((c: { ok: boolean }) => !c.ok).map((c: { name: string }) => c.name),
      ]).toEqual([1, false, ['record.head.quorum']]);
      expect(stderr).toStartWith('error: NOT VERIFIED: record.head.quorum: ');
    }
  });
});

describe('the appliance as a witness', () => {
  it('refuses (400) a checkpoint of size 0 whose root is not SHA-256 of the empty string, and cosigns the empty tree', async () => {
    const log = testLog('other.test/log-zero');
    const added = await cli(dir, 'witness', 'add-log', '--origin', log.origin, '--vkey', log.vkey);
    expect(added.code).toBe(0);
    const post = (note: string) =>
      fetch(`${a.url}/witness/add-checkpoint`, {
        method: 'POST',
        body: addCheckpointBody(0, [], note),
        tls: { rejectUnauthorized: false },
      } as RequestInit);
    const impossible = await post(log.note(0, { root: Buffer.alloc(32, 7) }));
    expect([impossible.status, (await impossible.json()).error]).toEqual([400, 'bad_request']);
    const empty = await post(log.note(0));
    expect(empty.status).toBe(200);
  });
});
