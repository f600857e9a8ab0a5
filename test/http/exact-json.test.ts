// Covers JSON bodies that cannot be stored exactly as sent (repeated keys, numbers a double does not keep): 400 invalid_payload on every ingest route.
import { beforeAll, describe, expect, it } from 'bun:test';
import { call, newTenant, sharedServer, type Server } from '../helpers';

let s: Server;
let key: string;
let dir = '';

beforeAll(async () => {
  s = await sharedServer();
  dir = s.dataDir;
  key = (await newTenant(dir, 'exact.test', 'read,write,audit:read,audit:write', 'enterprise')).key;
  expect((await call(s, 'POST', '/v1/audit/orgs', { key, body: { organization_id: 'exact-org' } })).status).toBe(201);
});

let n = 0;
/** Each JSON route that takes a payload, with `V` where the client's own object goes. */
const routes: Array<[string, (v: string) => string]> = [
  ['/v1/events', (v) => `{"event_type":"a.b","payload":${v}}`],
  ['/v1/ai/attestations', (v) => `{"attestation_type":"output","input":"in ${++n}","output":"out","subject":${v}}`],
  ['/v1/document/anchor', (v) => `{"document_hash":"${(++n).toString(16).padStart(64, 'a')}","metadata":${v}}`],
  [
    '/v1/audit/events',
    (v) => `{"organization_id":"exact-org","action":"a.b","actor":{"type":"user","id":"u"},"metadata":${v}}`,
  ],
  ['/v1/traces', (v) => `{"label":"exact ${++n}","metadata":${v}}`],
];
const post = (path: string, raw: string) =>
  call(s, 'POST', path, { key, raw, headers: { 'idempotency-key': `exact-${++n}` } });

describe('JSON that cannot be stored exactly as sent', () => {
  const refused = [
    '{"a":1,"a":2}',
    '{"x":{"deep":[{"k":"v","k":"v"}]}}',
    '{"a":1,"\\u0061":1}',
    '{"n":1e-400}',
    '{"n":-1e-400}',
    '{"n":1e400}',
    '{"n":9007199254740993}',
    '{"n":123456789012345678901234567890}',
    '{"n":0.1000000000000000055511151231257827}',
  ];
  for (const [path, body] of routes) {
    it(`${path}: 400 invalid_payload for repeated keys at any depth and numbers that underflow, overflow or lose digits`, async () => {
      for (const v of refused) {
        const r = await post(path, body(v));
        expect([v, r.status, r.body?.error]).toEqual([v, 400, 'invalid_payload']);
      }
    });
  }
  it('a repeated key anywhere in the body is refused, not only in the payload', async () => {
    const r = await post('/v1/events', '{"event_type":"a.b","event_type":"c.d","payload":{}}');
    expect([r.status, r.body?.error]).toEqual([400, 'invalid_payload']);
  });
  it('accepts numbers whose value a double keeps, in any notation, and the same key in different objects', async () => {
    const v =
      '{"a":1.0,"b":1e2,"c":0.1,"d":-0,"e":5e-324,"f":1.7976931348623157e308,"g":9007199254740992,"h":1E21,"i":2.50,"j":{"a":1},"k":[{"a":1},{"a":2}],"s":"1e-400 \\" 9007199254740993"}';
    for (const [path, body] of routes) {
      const r = await post(path, body(v));
      expect([path, r.status, r.body?.error]).toEqual([path, 201, undefined]);
    }
  });
});
