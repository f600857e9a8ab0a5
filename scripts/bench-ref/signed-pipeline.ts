// Reference 2 of bench-ratio: the bare signed-ingest pipeline: JSON parse, canonical JSON, SHA-256, Ed25519 sign
// (node:crypto), one durable LMDB put (overlappingSync off, batched by lmdb-js), then 201. Nothing else.
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { open } from 'lmdb';
import { canonicalJson } from '../../src/crypto/canonical';

const tls = { cert: Bun.file(process.env.REF_CERT!), key: Bun.file(process.env.REF_KEY!) };
const db = open({ path: process.env.REF_DB!, overlappingSync: false, noMemInit: true });
const { privateKey } = generateKeyPairSync('ed25519');
let seq = 0;
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  tls,
  async fetch(req) {
    const body = (await req.json()) as { event_type: string; payload: unknown };
    const event_id = Bun.randomUUIDv7();
    const ingested_at = new Date().toISOString();
    const payload_hash = createHash('sha256').update(canonicalJson(body.payload)).digest('hex');
    const signed = Buffer.from(
      canonicalJson({ v: 1, event_id, event_type: body.event_type, payload_hash, ingested_at }),
    );
    const signature = sign(null, signed, privateKey).toString('hex');
    await db.put(++seq, {
      event_id,
      ingested_at,
      event_type: body.event_type,
      payload: body.payload,
      payload_hash,
      signature,
    });
    return Response.json({ event_id, ingested_at }, { status: 201 });
  },
});
console.log(`listening on https://127.0.0.1:${server.port}`);
