// Strict input at the edge: bodies must be UTF-8, Idempotency-Key must be UTF-8, path and query values are bounded.
import { beforeAll, describe, expect, it } from 'bun:test';
import { call, newTenant, rawCall, rawHead, sharedServer, until, type Server } from '../helpers';

let s: Server;
let key: string;
let dir = '';

beforeAll(async () => {
  s = await sharedServer();
  dir = s.dataDir;
  key = (await newTenant(dir, 'strict.test', 'read,write,audit:read,audit:write', 'enterprise')).key;
  expect((await call(s, 'POST', '/v1/audit/orgs', { key, body: { organization_id: 'strict-org' } })).status).toBe(201);
});

const post = (path: string, body: Uint8Array, lines: (string | Uint8Array)[] = []) =>
  rawCall(
    s,
    rawHead('POST', path, [
      `Authorization: Bearer ${key}`,
      'Content-Type: application/json',
      `Content-Length: ${body.length}`,
      ...lines,
    ]),
    body,
  );
/** A JSON body whose string value holds `bad` (bytes that are not UTF-8) between valid text. */
const withBytes = (before: string, bad: number[], after: string) =>
  Buffer.concat([Buffer.from(before), Buffer.from(bad), Buffer.from(after)]);

describe('request bodies are strict UTF-8', () => {
  const bad = [[0xff], [0xc3], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82]];
  it('answers 400 invalid_payload for invalid UTF-8 on ledger ingest, never a 201 with U+FFFD', async () => {
    for (const b of bad) {
      const r = await post('/v1/events', withBytes('{"event_type":"a.b","payload":{"v":"x', b, '"}}'));
      expect([b, r.status, JSON.parse(r.text).error]).toEqual([b, 400, 'invalid_payload']);
    }
  });
  it('answers 400 invalid_payload on audit ingest, trace creation and org creation too', async () => {
    const idem = 'Idempotency-Key: strict-1';
    for (const [path, before, after, lines] of [
      [
        '/v1/audit/events',
        '{"organization_id":"strict-org","action":"a.b","actor":{"type":"user","id":"u',
        '"}}',
        [idem],
      ],
      ['/v1/traces', '{"label":"l', '"}', []],
      ['/v1/audit/orgs', '{"organization_id":"o', '"}', []],
    ] as const) {
      const r = await post(path, withBytes(before, [0xff, 0xfe], after), [...lines]);
      expect([path, r.status, JSON.parse(r.text).error]).toEqual([path, 400, 'invalid_payload']);
    }
  });
  it('accepts the same body in valid UTF-8 and keeps the characters as sent', async () => {
    const r = await post('/v1/events', Buffer.from('{"event_type":"a.b","payload":{"v":"é€😀"}}'));
    expect(r.status).toBe(201);
    const id = JSON.parse(r.text).event_id;
    const row = await until(async () => {
      const g = await call(s, 'GET', `/v1/events/${id}`, { key });
      return g.status === 200 ? g : null;
    });
    expect(row.body.payload).toEqual({ v: 'é€😀' });
  });
});

describe('Idempotency-Key must be UTF-8', () => {
  const body = Buffer.from('{"event_type":"a.b","payload":{}}');
  it('ledger: 400 invalid_idempotency_key for bytes that are not UTF-8, 201 for UTF-8 text', async () => {
    const r = await post('/v1/events', body, [Buffer.from([...Buffer.from('Idempotency-Key: k'), 0xff, 0x41])]);
    expect([r.status, JSON.parse(r.text).error]).toEqual([400, 'invalid_idempotency_key']);
    const ok = await post('/v1/events', body, [
      Buffer.concat([Buffer.from('Idempotency-Key: clé-'), Buffer.from(String(Date.now()))]),
    ]);
    expect(ok.status).toBe(201);
  });
  it('audit: 400 invalid_idempotency_key for bytes that are not UTF-8', async () => {
    const ev = Buffer.from('{"organization_id":"strict-org","action":"a.b","actor":{"type":"user","id":"u"}}');
    const r = await post('/v1/audit/events', ev, [Buffer.from([...Buffer.from('Idempotency-Key: k'), 0xc3, 0x28])]);
    expect([r.status, JSON.parse(r.text).error]).toEqual([400, 'invalid_idempotency_key']);
    const ok = await post('/v1/audit/events', ev, [Buffer.from('Idempotency-Key: cl\u00c3\u00a9', 'latin1')]);
    expect(ok.status).toBe(201);
  });
});

describe('path and query values are bounded at the edge', () => {
  it('an org id of 255 characters (3-byte UTF-8 each) works end to end; 256 answers 400 invalid_path_parameter', async () => {
    const id = '\u20ac'.repeat(255);
    expect((await call(s, 'POST', '/v1/audit/orgs', { key, body: { organization_id: id } })).status).toBe(201);
    expect((await call(s, 'GET', `/v1/audit/orgs/${encodeURIComponent(id)}`, { key })).body.organization_id).toBe(id);
    expect(
      (await call(s, 'GET', `/v1/audit/orgs/${encodeURIComponent(id)}/streams/${encodeURIComponent(id)}`, { key }))
        .status,
    ).toBe(404);
    for (const path of [
      `/v1/audit/orgs/${'a'.repeat(256)}`,
      `/v1/audit/orgs/${'a'.repeat(5000)}/integrity`,
      `/v1/events/${'0'.repeat(3000)}`,
      '/v1/audit/orgs/%FF',
      '/v1/traces/%E2%82',
      '/v1/audit/events/%',
    ]) {
      const r = await call(s, 'GET', path, { key });
      expect([path.slice(0, 40), r.status, r.body?.error]).toEqual([path.slice(0, 40), 400, 'invalid_path_parameter']);
    }
  });
  it('a query value over 1 KB, or not UTF-8, answers 400 bad_request', async () => {
    for (const q of [
      `organization_id=strict-org&actor_id=${'x'.repeat(1025)}`,
      `event_type=${'%C3%A9'.repeat(600)}`,
      'organization_id=%FF',
      `organization_id=strict-org&${'a=1&'.repeat(70)}`,
    ]) {
      const r = await call(s, 'GET', `/v1/audit/events?${q}`, { key });
      expect([q.slice(0, 30), r.status, r.body?.error]).toEqual([q.slice(0, 30), 400, 'bad_request']);
    }
    expect(
      (await call(s, 'GET', `/v1/audit/events?organization_id=strict-org&actor_id=${'x'.repeat(1024)}`, { key }))
        .status,
    ).toBe(200);
  });
});
