// Owns the PostgreSQL side of the synchronous link (link.ts): a helper thread that runs each request of a writing
// thread as one statement on its own connection and wakes the waiting thread.
import { workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import type { LinkReply, LinkRequest } from './link';

const { port, flag, url, node } = workerData as {
  port: MessagePort;
  flag: SharedArrayBuffer;
  url: string;
  node: string;
};
const signal = new Int32Array(flag);
const sql = new Bun.SQL(url, { max: 1, connectionTimeout: 5, idleTimeout: 0 });

/**
 * commit with `lease`: the insert happens only while this node holds an unexpired lease (PostgreSQL's clock), in
 * the same statement, so a deposed primary's commit fails inside PostgreSQL. Without `lease` (an operator
 * command) only the position decides. A taken position fails on the primary key.
 */
async function run(m: LinkRequest): Promise<LinkReply> {
  try {
    if (m.op === 'ping') {
      await sql`SELECT 1`;
      return { id: m.id, ok: true };
    }
    if (m.op === 'since') {
      const rows =
        await sql`SELECT pos::float8 AS pos, body FROM svc_changes WHERE pos > ${m.after} ORDER BY pos LIMIT ${m.limit}`;
      return {
        id: m.id,
        ok: true,
        entries: rows.map((r: { pos: number; body: Uint8Array }) => ({ pos: r.pos, body: r.body })),
      };
    }
    const rows = m.lease
      ? await sql`INSERT INTO svc_changes (pos, node, epoch, body)
          SELECT ${m.pos}, ${node}, l.epoch, ${m.body} FROM svc_lease l
          WHERE l.id = 1 AND l.holder = ${node} AND l.expires_at > now() RETURNING pos`
      : await sql`INSERT INTO svc_changes (pos, node, epoch, body) VALUES (${m.pos}, ${node}, NULL, ${m.body}) RETURNING pos`;
    if (rows.length) return { id: m.id, ok: true };
    // Not inserted. A lease that merely ran out while PostgreSQL was unreachable is still this node's until another
    // takes it (the next renewal keeps it): that write is refused as unavailable, not as if another node were primary.
    const [l] = await sql`SELECT holder = ${node} AS mine FROM svc_lease WHERE id = 1`;
    return l?.mine
      ? { id: m.id, ok: false, why: 'unavailable', message: 'lease expired' }
      : { id: m.id, ok: false, why: 'fenced' };
  } catch (e) {
    const code = (e as { errno?: string }).errno;
    // The code only: a connection error's text may name the server, never worth the risk of more.
    return {
      id: m.id,
      ok: false,
      why: code === '23505' ? 'conflict' : 'unavailable',
      message: String(code ?? (e as { code?: string }).code ?? 'error'),
    };
  }
}

port.on('message', async (m: LinkRequest) => {
  const reply = await run(m);
  port.postMessage(reply);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
});
