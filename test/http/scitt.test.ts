// The SCITT Transparency Service as a SCITT client drives it (test/http/independent-scitt.ts, written from the SCRAPI
// draft): Ed25519 and ES256 statements with attached and hash-envelope payloads, the 303 -> 302 -> 200 registration
// flow, replays, the registration policy (unknown, wrong-key and revoked issuers), malformed bodies and the guards'
// answers as RFC 9290 concise problem details, the issuer commands and operator API; every receipt and Transparent
// Statement checked by code written from the specifications (test/independent/check_evidence.py).
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode, Tag } from 'cbor2';
import { open } from 'lmdb';
import { call, cleanupDirs, cli, newTenant, ownedDir, python, ROOT, startServer, until, type Server } from '../helpers';
import {
  coseParts,
  newIssuer,
  problem,
  register,
  resolve,
  signedStatement,
  type Issuer,
  type ScrapiAnswer,
  type StatementSpec,
} from './independent-scitt';

const DOMAIN = 'scitt.test';
const ED = 'https://ed.issuer.example';
const P256 = 'https://p256.issuer.example';
const GONE = 'https://gone.issuer.example';
const UUID = /^\/entries\/[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let s: Server;
let dir: string;
let tenant: Awaited<ReturnType<typeof newTenant>>;
let other: Awaited<ReturnType<typeof newTenant>>;
let readOnly: string;
const issuers: Record<string, Issuer> = {};
const utf8 = new TextEncoder();

/** Runs jobs through the independent checker (Python, cbor2 + cryptography). */
const independent = (jobs: unknown[]): Promise<any[]> =>
  python([join(ROOT, 'test/independent/check_evidence.py')], jobs);
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');

/** The registered form, built here from the SCRAPI/architecture text: the statement with an empty unprotected header. */
function registeredForm(statement: Uint8Array): Uint8Array {
  const c = coseParts(statement);
  return encode(new Tag(18, [c.protectedBytes, new Map(), c.payload, c.signature]));
}

async function addIssuer(iss: string, issuer: Issuer, tenantId = tenant.tenantId) {
  const file = join(
    dir,
    `${createHash('sha256')
      .update(iss + tenantId)
      .digest('hex')}.pem`,
  );
  writeFileSync(file, issuer.publicKeyPem);
  return cli(dir, 'issuer', 'add', '--tenant', tenantId, '--iss', iss, '--key', file);
}

const statement = (issuer: Issuer, spec: Partial<StatementSpec> = {}) =>
  signedStatement(issuer, { iss: ED, sub: 'pkg:npm/left-pad@1.3.0', payload: utf8.encode('{"ok":true}'), ...spec });

/** Polls a location the SCRAPI way (honouring Retry-After's order of magnitude) until it answers 200. */
const receiptAt = (location: string) =>
  until(
    async () => {
      const a = await resolve(s.url, location);
      expect([200, 302]).toContain(a.status);
      return a.status === 200 && a;
    },
    60_000,
    200,
  );

/** How many leaves the tenant's log holds (appended, covered by a checkpoint or not). */
async function logSize(): Promise<number> {
  const r = await call(s, 'GET', '/v1/log/integrity', { key: tenant.key });
  return r.body.tree_size;
}

/** The tenant log's origin, as its checkpoints name it. */
const origin = async (): Promise<string> =>
  (await call(s, 'GET', '/v1/log/checkpoint', { key: tenant.key })).body.origin;
const tenantKey = async () => Buffer.from((await call(s, 'GET', `/keys/${DOMAIN}`)).body.public_key, 'base64url');
const platformKey = async () =>
  Buffer.from((await call(s, 'GET', '/.well-known/svc-platform-key')).body.public_key, 'base64url');

/** The Transparent Statement of `location`, once it carries its head receipt too. */
const completeStatement = (location: string, apiKey = tenant.key) =>
  until(
    async () => {
      const a = await resolve(s.url, `${location}/statement`, apiKey);
      expect([a.status, a.type]).toEqual([200, 'application/cose']);
      const receipts = coseParts(a.body).unprotected.get(394) as Uint8Array[];
      return receipts.length === 2 && a;
    },
    60_000,
    200,
  );

function expectProblem(a: ScrapiAnswer, status: number, title: string) {
  expect([a.status, a.type]).toEqual([status, 'application/concise-problem-details+cbor']);
  const p = problem(a);
  expect(p.title).toBe(title);
  expect(typeof p.detail).toBe('string');
  return p;
}

beforeAll(async () => {
  dir = ownedDir();
  s = await startServer({
    dataDir: dir,
    env: { SVC_CHECKPOINT_SECONDS: '5', SVC_HEAD_SECONDS: '1', SVC_PUBLIC_RPS: '100000' },
  });
  tenant = await newTenant(dir, DOMAIN, 'read,write', 'enterprise');
  other = await newTenant(dir, 'other.scitt.test', 'read,write', 'enterprise');
  readOnly = (await cli(dir, 'key', 'create', '--tenant', tenant.tenantId, '--name', 'ro', '--scopes', 'read')).json
    .api_key;
  issuers.ed = newIssuer('ed25519');
  issuers.p256 = newIssuer('p256');
  issuers.gone = newIssuer('ed25519');
  for (const [iss, k] of [
    [ED, issuers.ed],
    [P256, issuers.p256],
    [GONE, issuers.gone],
  ] as const)
    expect((await addIssuer(iss, k)).code).toBe(0);
}, 60_000);

afterAll(async () => {
  await s?.stop();
  cleanupDirs();
});

describe('POST /entries: registration (SCRAPI)', () => {
  const registered: Array<{ name: string; statement: Uint8Array; location: string; issuer: Issuer }> = [];

  it('registers Ed25519 and ES256 statements, attached and hash envelopes: 303, then 302 while pending, then 200', async () => {
    const sbom = utf8.encode('{"spdxVersion":"SPDX-2.3","name":"left-pad"}');
    const cases: Array<[string, Issuer, Partial<StatementSpec>]> = [
      ['Ed25519 attached', issuers.ed!, { iss: ED, contentType: 'application/json' }],
      [
        'Ed25519 hash envelope',
        issuers.ed!,
        {
          iss: ED,
          hashEnvelope: { preimage: sbom, contentType: 'application/spdx+json', location: 'https://sbom.example/a' },
        },
      ],
      ['ES256 attached', issuers.p256!, { iss: P256, payload: utf8.encode('signed by P-256') }],
      [
        'ES256 hash envelope',
        issuers.p256!,
        {
          iss: P256,
          hashEnvelope: { preimage: sbom, contentType: 'application/spdx+json', location: 'https://sbom.example/b' },
        },
      ],
    ];
    for (const [name, issuer, spec] of cases) {
      const st = statement(issuer, spec);
      const a = await register(s.url, tenant.key, st);
      // A checkpoint comes 5 s after the first leaf it covers: a fresh entry is not covered yet.
      expect([name, a.status, a.body.length]).toEqual([name, 303, 0]);
      expect(a.location).toMatch(UUID);
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
      const poll = await resolve(s.url, a.location!);
      expect([name, poll.status, poll.location, poll.body.length]).toEqual([name, 302, a.location, 0]);
      expect(Number(poll.retryAfter)).toBeGreaterThan(0);
      registered.push({ name, statement: st, location: a.location!, issuer });
    }
    const key = b64(await tenantKey());
    for (const r of registered) {
      const done = await receiptAt(r.location);
      expect([r.name, done.type, done.location]).toEqual([r.name, 'application/cose', r.location]);
      const [ind] = await independent([
        { type: 'receipt', receipt: b64(done.body), entry: b64(registeredForm(r.statement)), keys: [key] },
      ]);
      expect([r.name, ind.error]).toEqual([r.name, null]);
      expect(ind.issuer).toBe(await origin());
    }
  }, 120_000);

  it('serves each Transparent Statement: the statement as sent, its log and head receipts verified independently', async () => {
    const logKey = b64(await tenantKey());
    const headKey = b64(await platformKey());
    for (const r of registered) {
      const ts = await completeStatement(r.location);
      const got = coseParts(ts.body);
      const sent = coseParts(r.statement);
      expect(Buffer.from(got.protectedBytes)).toEqual(Buffer.from(sent.protectedBytes));
      expect(Buffer.from(got.payload!)).toEqual(Buffer.from(sent.payload!));
      expect(Buffer.from(got.signature)).toEqual(Buffer.from(sent.signature));
      expect([...got.unprotected.keys()]).toEqual([394]);
      const [ind] = await independent([
        {
          type: 'transparent-statement',
          statement: b64(ts.body),
          issuer_key: r.issuer.publicKeyPem,
          log_keys: [logKey],
          head_keys: [headKey],
        },
      ]);
      expect([r.name, ind.error]).toEqual([r.name, null]);
      expect(ind).toMatchObject({ receipts: 2, sub: 'pkg:npm/left-pad@1.3.0' });
      expect(ind.log.issuer).toBe(await origin());
      expect(ind.head.issuer).toBe((await call(s, 'GET', '/v1/proof/head/checkpoint')).body.origin);
      // The entry is a record of the tenant log: found by its id like any record.
      const id = r.location.split('/').pop();
      const inc = await call(s, 'GET', `/v1/log/inclusion?record_id=${id}`, { key: tenant.key });
      expect([inc.status, inc.body.leaf_index]).toEqual([200, ind.log.leaf_index]);
    }
    // A flipped bit in either receipt, or in the statement's signature, is refused by the independent checker.
    const ts = Buffer.from((await completeStatement(registered[0]!.location)).body);
    const parts = coseParts(ts);
    const receipts = parts.unprotected.get(394) as Uint8Array[];
    const variants = [
      encode(
        new Tag(18, [
          parts.protectedBytes,
          new Map([[394, [flip(receipts[0]!), receipts[1]]]]),
          parts.payload,
          parts.signature,
        ]),
      ),
      encode(
        new Tag(18, [
          parts.protectedBytes,
          new Map([[394, [receipts[0], flip(receipts[1]!)]]]),
          parts.payload,
          parts.signature,
        ]),
      ),
      encode(new Tag(18, [parts.protectedBytes, new Map([[394, receipts]]), parts.payload, flip(parts.signature)])),
    ];
    const checks = await independent(
      variants.map((v) => ({
        type: 'transparent-statement',
        statement: b64(v),
        issuer_key: registered[0]!.issuer.publicKeyPem,
        log_keys: [logKey],
        head_keys: [headKey],
      })),
    );
    expect(checks.map((c) => c.ok)).toEqual([false, false, false]);
  }, 120_000);

  it('answers the same registered form with the same entry: 201 with the receipt once covered, one leaf only', async () => {
    const before = await logSize();
    const first = registered[0]!;
    const again = await register(s.url, tenant.key, first.statement);
    expect([again.status, again.location, again.type]).toEqual([201, first.location, 'application/cose']);
    // Another unprotected header (here a receipt from elsewhere) is the same registered form, hence the same entry.
    const relabelled = coseParts(first.statement);
    const withHeader = encode(
      new Tag(18, [
        relabelled.protectedBytes,
        new Map([[394, [new Uint8Array([1, 2, 3])]]]),
        relabelled.payload,
        relabelled.signature,
      ]),
    );
    const third = await register(s.url, tenant.key, withHeader);
    expect([third.status, third.location]).toEqual([201, first.location]);
    // Another tenant registering the same statement gets its own entry in its own log (it needs the issuer too).
    expect((await addIssuer(ED, issuers.ed!, other.tenantId)).code).toBe(0);
    const theirs = await register(s.url, other.key, first.statement);
    expect(theirs.status).toBe(303);
    expect(theirs.location).not.toBe(first.location);
    expect(await logSize()).toBe(before);
    // The tenant's monthly events count each entry once: the four registered, no replay.
    const shown = await cli(dir, 'tenant', 'show', tenant.tenantId);
    expect(shown.json.usage.events_per_month.used).toBe(registered.length);
  }, 60_000);

  it('honours Idempotency-Key: the same request replays, another statement with the key is 409', async () => {
    const st = statement(issuers.ed!, { sub: 'idempotent' });
    const h = { 'idempotency-key': 'scitt-1' };
    const a = await register(s.url, tenant.key, st, h);
    const b = await fetch(`${s.url}/entries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.key}`, 'content-type': 'application/cose', ...h },
      body: st,
      redirect: 'manual',
      tls: { rejectUnauthorized: false },
    } as RequestInit);
    expect([a.status, b.status, b.headers.get('location')]).toEqual([303, 303, a.location]);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    // Rate-limited like every keyed route: the budget's headers on the answer.
    expect(Number(b.headers.get('x-ratelimit-limit'))).toBeGreaterThan(0);
    const c = await register(s.url, tenant.key, statement(issuers.ed!, { sub: 'another' }), h);
    expectProblem(c, 409, 'idempotency_key_reuse_mismatch');
  });
});

describe('the registration policy', () => {
  it('refuses an issuer the tenant did not register, a statement its key did not sign, and an alg its key lacks', async () => {
    const stranger = newIssuer('ed25519');
    const before = await logSize();
    expectProblem(
      await register(s.url, tenant.key, statement(stranger, { iss: 'https://stranger.example' })),
      400,
      'statement_rejected',
    );
    // Claims a registered issuer, signed by another key.
    expectProblem(await register(s.url, tenant.key, statement(stranger, { iss: ED })), 400, 'statement_rejected');
    // The issuer's ES256 key with alg EdDSA in the header.
    expectProblem(
      await register(s.url, tenant.key, statement(issuers.p256!, { iss: P256, alg: -8 })),
      400,
      'statement_rejected',
    );
    // Another tenant's issuer is not this tenant's.
    const theirs = newIssuer('p256');
    expect((await addIssuer('https://theirs.example', theirs, other.tenantId)).code).toBe(0);
    expectProblem(
      await register(s.url, tenant.key, statement(theirs, { iss: 'https://theirs.example' })),
      400,
      'statement_rejected',
    );
    expect(await logSize()).toBe(before);
  });

  it('a revoked issuer registers nothing new; what it registered before stays, and both changes are in the operator log', async () => {
    const earlier = await register(s.url, tenant.key, statement(issuers.gone!, { iss: GONE, sub: 'before' }));
    expect(earlier.status).toBe(303);
    const r = await cli(dir, 'issuer', 'revoke', '--tenant', tenant.tenantId, '--iss', GONE);
    expect([r.code, r.json.iss, typeof r.json.revoked_at]).toEqual([0, GONE, 'string']);
    const later = await register(s.url, tenant.key, statement(issuers.gone!, { iss: GONE, sub: 'after' }));
    expect(expectProblem(later, 400, 'statement_rejected').detail).toContain('revoked');
    // Replaying what was registered before still answers its entry; the entry still resolves.
    const replayed = await register(s.url, tenant.key, statement(issuers.gone!, { iss: GONE, sub: 'before' }));
    expect([[201, 303].includes(replayed.status), replayed.location]).toEqual([true, earlier.location]);
    expect((await receiptAt(earlier.location!)).status).toBe(200);
    const listed = await cli(dir, 'issuer', 'list', '--tenant', tenant.tenantId);
    expect(listed.json.issuers.find((i: any) => i.iss === GONE).revoked_at).toBe(r.json.revoked_at);
    expect(listed.json.issuers.find((i: any) => i.iss === P256)).toMatchObject({ alg: 'ES256', revoked_at: null });
    // A revoked key is not trusted again; another key may be added for the iss.
    expect((await addIssuer(GONE, issuers.gone!)).code).toBe(1);
    const log = (await cli(dir, 'operator', 'log')).json as Array<{ entry: any }>;
    const actions = log.map((e) => [e.entry.action, e.entry.target.iss]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['issuer.add', GONE],
        ['issuer.revoke', GONE],
      ]),
    );
    expect(log.every((e) => typeof e.entry.by === 'string' && e.entry.by.length > 0)).toBe(true);
  }, 60_000);

  it('svc issuer add refuses what is not an Ed25519 or P-256 public key, and a second key for an active issuer', async () => {
    const file = join(dir, 'not-a-key.pem');
    writeFileSync(file, '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n');
    const bad = await cli(dir, 'issuer', 'add', '--tenant', tenant.tenantId, '--iss', 'x', '--key', file);
    expect([bad.code, bad.stderr]).toEqual([1, expect.stringContaining('bad_request')]);
    const again = await addIssuer(ED, newIssuer('ed25519'));
    expect([again.code, again.stderr]).toEqual([1, expect.stringContaining('issuer_exists')]);
  });

  it('the operator API lists, adds and revokes issuers with an operator token, recorded as made by it', async () => {
    const token = (await cli(dir, 'admin-token', 'create', '--name', 'scitt')).json;
    const op = { key: token.token };
    const k = newIssuer('p256');
    const path = `/v1/operator/tenants/${DOMAIN}/issuers`;
    const added = await call(s, 'POST', path, {
      ...op,
      body: { iss: 'https://api.issuer.example', public_key_pem: k.publicKeyPem },
    });
    expect([added.status, added.body.alg]).toEqual([201, 'ES256']);
    expect((await call(s, 'POST', path, { ...op, body: { iss: 'x', public_key_pem: 'nope' } })).body.error).toBe(
      'bad_request',
    );
    const st = statement(k, { iss: 'https://api.issuer.example' });
    expect((await register(s.url, tenant.key, st)).status).toBe(303);
    const list = await call(s, 'GET', path, op);
    expect(list.body.issuers.map((i: any) => i.iss)).toContain('https://api.issuer.example');
    const revoked = await call(s, 'POST', `${path}/revoke`, { ...op, body: { iss: 'https://api.issuer.example' } });
    expect([revoked.status, typeof revoked.body.revoked_at]).toEqual([200, 'string']);
    expect(
      (await call(s, 'POST', `${path}/revoke`, { ...op, body: { iss: 'https://api.issuer.example' } })).status,
    ).toBe(404);
    expectProblem(
      await register(s.url, tenant.key, statement(k, { iss: 'https://api.issuer.example', sub: 'new' })),
      400,
      'statement_rejected',
    );
    const log = (await cli(dir, 'operator', 'log')).json as Array<{ entry: any }>;
    expect(log.filter((e) => e.entry.by === `token:${token.token_id}`).map((e) => e.entry.action)).toEqual([
      'issuer.add',
      'issuer.revoke',
    ]);
  });
});

describe('malformed statements and the guards: RFC 9290 concise problem details', () => {
  it('refuses each malformed body with its code, and writes nothing', async () => {
    const before = await logSize();
    const ed = issuers.ed!;
    const untagged = encode([new Uint8Array([0xa1, 1, 0x27]), new Map(), new Uint8Array(1), new Uint8Array(64)]);
    const cases: Array<[string, Uint8Array | string, number, string]> = [
      ['not CBOR', 'this is not cbor', 400, 'invalid_statement'],
      ['empty', new Uint8Array(0), 400, 'invalid_statement'],
      ['CBOR, not tag 18', untagged, 400, 'invalid_statement'],
      [
        'tag 18 of three items',
        encode(new Tag(18, [new Uint8Array([0xa0]), new Map(), new Uint8Array(1)])),
        400,
        'invalid_statement',
      ],
      ['tag 17', encode(new Tag(17, coseParts(statement(ed)).protectedBytes)), 400, 'invalid_statement'],
      ['no iss', statement(ed, { iss: undefined }), 400, 'missing_claims'],
      ['no sub', statement(ed, { sub: undefined }), 400, 'missing_claims'],
      ['no CWT claims', statement(ed, { protectedExtra: new Map([[15, undefined]]) }), 400, 'missing_claims'],
      ['ES384', statement(ed, { alg: -35 }), 400, 'unsupported_algorithm'],
      ['no alg', statement(ed, { protectedExtra: new Map([[1, undefined]]) }), 400, 'invalid_statement'],
      ['detached payload', statement(ed, { payload: null }), 400, 'invalid_statement'],
      [
        'envelope hash of the wrong length',
        statement(ed, { protectedExtra: new Map<number, unknown>([[258, -16]]), payload: new Uint8Array(20) }),
        400,
        'invalid_statement',
      ],
      [
        'envelope with a content type (3)',
        statement(ed, {
          contentType: 'application/json',
          hashEnvelope: { preimage: utf8.encode('x'), contentType: 'text/plain', location: 'https://x.example' },
        }),
        400,
        'invalid_statement',
      ],
      [
        'critical header it does not know',
        statement(ed, {
          protectedExtra: new Map<number, unknown>([
            [2, [99]],
            [99, 1],
          ]),
        }),
        400,
        'invalid_statement',
      ],
      ['over 1 MiB', statement(ed, { payload: new Uint8Array(1024 * 1024) }), 413, 'payload_too_large'],
    ];
    for (const [name, body, status, title] of cases) {
      const a = await register(s.url, tenant.key, body);
      expect([name, a.status, a.type]).toEqual([name, status, 'application/concise-problem-details+cbor']);
      expect([name, problem(a).title]).toEqual([name, title]);
    }
    const json = await register(s.url, tenant.key, statement(ed), { 'content-type': 'application/json' });
    expectProblem(json, 415, 'unsupported_media_type');
    expect(await logSize()).toBe(before);
  }, 60_000);

  it('answers the guards and unknown entries with the codes and statuses of every other route', async () => {
    const st = statement(issuers.ed!, { sub: 'guards' });
    expectProblem(await register(s.url, '', st), 401, 'missing_api_key');
    expectProblem(await register(s.url, readOnly, st), 403, 'insufficient_scope');
    expectProblem(await resolve(s.url, '/entries/01a203bd-4122-7381-89b1-e368180a5208'), 404, 'entry_not_found');
    expectProblem(await resolve(s.url, '/entries/not-an-entry'), 400, 'invalid_path_parameter');
    const mine = await register(s.url, tenant.key, st);
    expectProblem(await resolve(s.url, `${mine.location}/statement`), 401, 'missing_api_key');
    expectProblem(await resolve(s.url, `${mine.location}/statement`, other.key), 404, 'entry_not_found');
    // A free plan's 10 requests per second: the 429 carries Retry-After and the problem details.
    const free = await newTenant(dir, 'free.scitt.test', 'read,write', 'free');
    const burst = await Promise.all(Array.from({ length: 40 }, () => register(s.url, free.key, st)));
    const limited = burst.find((a) => a.status === 429)!;
    expectProblem(limited, 429, 'rate_limited');
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
  }, 60_000);
});

describe('statements as records of the tenant log', () => {
  it('the log report, a backup check and restore verification check every statement against its issuer key', async () => {
    const report = await cli(dir, 'log', 'verify', '--tenant', DOMAIN);
    expect([report.code, report.json.log_verified]).toEqual([0, true]);
    const to = join(ownedDir(), 'backup');
    const b = await cli(dir, 'backup', '--to', to);
    expect(b.code).toBe(0);
    const checked = await cli(dir, 'restore', '--check', to);
    expect([checked.code, checked.json.verified, checked.json.problems]).toEqual([0, true, []]);
  }, 120_000);
});

describe('a statement larger than a C2SP entry bundle can carry', () => {
  it('registers and resolves; the entry bundle holding it is answered 404, not an error', async () => {
    const big = statement(issuers.ed!, { sub: 'big', payload: new Uint8Array(70_000).fill(7) });
    const a = await register(s.url, tenant.key, big);
    expect(a.status).toBe(303);
    await receiptAt(a.location!);
    const size = (await call(s, 'GET', '/v1/log/checkpoint', { key: tenant.key })).body.tree_size;
    expect(size).toBeLessThan(256);
    const bundle = await call(s, 'GET', `/tlog/tenant/${DOMAIN}/tile/entries/000.p/${size}`, { key: tenant.key });
    expect([bundle.status, bundle.body.error]).toEqual([404, 'not_found']);
    expect((await resolve(s.url, `${a.location}/statement`, tenant.key)).status).toBe(200);
  }, 60_000);
});

describe('tampering with a stored statement', () => {
  it('is found by the log report (its leaf) and by restore verification (its issuer signature)', async () => {
    const mine = await register(s.url, tenant.key, statement(issuers.ed!, { sub: 'to be tampered with' }));
    const id = mine.location!.split('/').pop()!;
    const leaf = (
      await until(
        async () => {
          const r = await call(s, 'GET', `/v1/log/inclusion?record_id=${id}`, { key: tenant.key });
          return r.status === 200 && r.body;
        },
        30_000,
        200,
      )
    ).leaf_index;
    await s.stop();
    const env = open({ path: join(dir, 'db'), overlappingSync: false, maxDbs: 128 });
    const rows = env.openDB({ name: 'scitt_statements', keyEncoding: 'ordered-binary' });
    await env.transaction(() => {
      const row = rows.get(id);
      const changed = Buffer.from(row.statement);
      changed[changed.length - 1]! ^= 0x01; // the last byte of the issuer's signature
      rows.putSync(id, { ...row, statement: changed });
    });
    await env.close();
    s = await s.restart();
    const report = await cli(dir, 'log', 'verify', '--tenant', DOMAIN);
    expect([report.code, report.json.log_verified, report.json.first_bad_leaf]).toEqual([1, false, leaf]);
    const to = join(ownedDir(), 'tampered');
    expect((await cli(dir, 'backup', '--to', to)).code).toBe(0);
    const checked = await cli(dir, 'restore', '--check', to);
    expect([checked.code, checked.json.verified]).toEqual([1, false]);
    expect(checked.json.problems).toEqual(
      expect.arrayContaining([`db/data.mdb: SCITT statement ${id}: signature or hash does not verify`]),
    );
  }, 120_000);
});

function flip(b: Uint8Array): Uint8Array {
  const c = Uint8Array.from(b);
  c[c.length - 5]! ^= 0x01;
  return c;
}
