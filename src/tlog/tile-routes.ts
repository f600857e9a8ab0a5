// Owns the C2SP tlog-tiles endpoints of tenant logs (docs/transparency-logs.md#tiles-c2sp-tlog-tiles) under /tlog/tenant/{domain}: the checkpoint and
// hash tiles (no key) and entry bundles (a key of the tenant with read scope), with their cache lifetimes.
import { Elysia } from 'elysia';
import { gzipSync } from 'node:zlib';
import type { Guards } from '../route-kit/guards';
import { doc } from '../route-kit/doc';
import { ApiError } from '../errors';
import { isUuid } from '../crypto/ids';
import { recordTable } from '../records/table';
import { latestCheckpoint, tenantLog } from './index';
import { tenantLeafData } from './tenant-integrity';
import { parseTilePath, TILE_WIDTH } from './tile-paths';
import { entryBundle, hashTile, tileInTree, type LeafData } from './tiles';

// C2SP tlog-tiles: a checkpoint SHOULD not be cached beyond a few seconds; full tiles are immutable. A partial tile
// never changes either, but is superseded by the full tile and only needed by clients of a recent checkpoint.
const CHECKPOINT_CACHE = 'public, max-age=5';
const FULL_CACHE = 'max-age=31536000, immutable';
const PARTIAL_CACHE = 'max-age=60';
const OCTETS = 'application/octet-stream';

/** True when Accept-Encoding lists gzip with a quality above zero. */
function acceptsGzip(header: string | null): boolean {
  return (
    !!header &&
    header.split(',').some((part) => {
      const [coding, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return (coding === 'gzip' || coding === 'x-gzip') && (!q || Number(q.slice(2)) > 0);
    })
  );
}

/**
 * A stored log as tiles serve it: its number, and the checkpoint that bounds what is served (for a tenant log its
 * latest signed checkpoint; a log with another publication rule, like the head, hands in its own).
 */
export type ServedLog = { num: number; size: number; note: string };

/** A tenant's log with its latest signed checkpoint, or null before the first. */
function tenantServed(tenantId: string): ServedLog | null {
  const log = tenantLog(tenantId);
  const cp = log ? latestCheckpoint(log.num) : null;
  return log && cp ? { num: log.num, size: cp.tree_size, note: cp.note } : null;
}

/** `<prefix>/checkpoint`: the checkpoint note as text; 404 checkpoint_not_found before the first. */
export function checkpointReply(log: ServedLog | null): Response {
  if (!log) throw new ApiError('checkpoint_not_found', 'This log has no signed checkpoint yet');
  return new Response(log.note, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': CHECKPOINT_CACHE },
  });
}

/**
 * `<prefix>/tile/<rest>`: a hash tile, or with `leafData` an entry bundle (gzip when the client accepts it, as
 * tlog-tiles recommends). 400 bad_request for a path outside the C2SP grammar, 404 not_found for a tile the
 * log's checkpoint does not cover. `shared`: whether shared caches may keep it (not when a key was needed).
 */
export function tileReply(
  request: Request,
  log: ServedLog | null,
  rest: string,
  leafData: LeafData | null,
  shared: boolean,
): Response {
  const t = parseTilePath(rest);
  if (!t || (t.level === 'entries') !== !!leafData)
    throw new ApiError('bad_request', 'Not a C2SP tlog-tiles path: tile/<L>/<N>[.p/<W>] or tile/entries/<N>[.p/<W>]');
  if (!log || !tileInTree(t, log.size))
    throw new ApiError('not_found', `No such tile in the tree of the latest checkpoint (size ${log?.size ?? 0})`);
  const index = Number(t.index);
  const headers: Record<string, string> = {
    'content-type': OCTETS,
    'cache-control': `${shared ? 'public' : 'private'}, ${t.width === TILE_WIDTH ? FULL_CACHE : PARTIAL_CACHE}`,
  };
  if (!leafData) return new Response(hashTile(log.num, t.level as number, index, t.width), { headers });
  const bundle = entryBundle(log.num, index, t.width, leafData);
  headers.vary = 'Accept-Encoding';
  if (!acceptsGzip(request.headers.get('accept-encoding'))) return new Response(bundle, { headers });
  return new Response(gzipSync(bundle), { headers: { ...headers, 'content-encoding': 'gzip' } });
}

/**
 * The tenant log routes. The prefix names a tenant by its primary domain (as its checkpoints' origin does);
 * entry bundles name event types, so they need a key of that tenant with read scope: another tenant's key is
 * answered 404 not_found, as its other records are.
 */
export function tileRoutes(guards: Guards) {
  const tenantOf = (domain: string): string => {
    // A domain, never a tenant id: one prefix per log.
    if (isUuid(domain)) throw new ApiError('not_found', `no tenant for domain ${domain}`);
    return recordTable().tenants.idOf(domain);
  };
  const tag = 'logs';
  return new Elysia()
    .use(guards)
    .get('/tlog/tenant/:domain/checkpoint', ({ params }) => checkpointReply(tenantServed(tenantOf(params.domain))), {
      publicRate: true,
      detail: doc({
        summary: "The tenant log's latest signed checkpoint (C2SP tlog-tiles; text/plain)",
        tag,
        ok: { 200: 'text' },
        errors: ['not_found', 'checkpoint_not_found'],
      }),
    })
    .get(
      '/tlog/tenant/:domain/tile/entries/*',
      ({ request, params, principal }) => {
        const keyTenant = principal.tenant.tenant_id;
        if (tenantOf(params.domain) !== keyTenant)
          throw new ApiError('not_found', "Entry bundles are served to keys of the log's tenant only");
        const log = tenantLog(keyTenant);
        return tileReply(
          request,
          tenantServed(keyTenant),
          `entries/${params['*']}`,
          log ? tenantLeafData(log) : () => null,
          false,
        );
      },
      {
        auth: ['read'],
        detail: doc({
          summary:
            "Entry bundle <N>[.p/<W>] of the tenant log (C2SP tlog-tiles; each leaf's data after a big-endian uint16 length)",
          tag,
          ok: { 200: 'bytes' },
          errors: ['invalid_path_parameter', 'bad_request', 'not_found'],
        }),
      },
    )
    .get(
      '/tlog/tenant/:domain/tile/*',
      ({ request, params }) => tileReply(request, tenantServed(tenantOf(params.domain)), params['*'], null, true),
      {
        publicRate: true,
        detail: doc({
          summary: 'Hash tile <L>/<N>[.p/<W>] of the tenant log (C2SP tlog-tiles; 32-byte hashes)',
          tag,
          ok: { 200: 'bytes' },
          errors: ['invalid_path_parameter', 'bad_request', 'not_found'],
        }),
      },
    );
}
