// Webhook destinations: forbidden address kinds, the operator allowlist, DNS re-checked and the checked address dialled.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import selfsigned from 'selfsigned';
import { loadConfig, setConfig } from '../../src/config';
import { checkDestination, forbiddenKind, parseEndpoint, type Address } from '../../src/streams/destination';
import { deliver } from '../../src/streams/delivery';
import { cleanup, tempDir } from '../helpers';

const dir = tempDir();
const certFor = async (name: string) => {
  const p = await selfsigned.generate([{ name: 'commonName', value: name }], {
    days: 1,
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: name }] }],
  } as any);
  return { cert: p.cert, key: p.private };
};
let trusted: { cert: string; key: string };
let untrusted: { cert: string; key: string };
let hits = 0;
let servers: Array<{ stop(force?: boolean): void; port?: number }> = [];
let good = 0;
let bad = 0;

beforeAll(async () => {
  trusted = await certFor('hooks.test');
  untrusted = await certFor('hooks.test');
  writeFileSync(join(dir, 'ca.pem'), trusted.cert);
  setConfig(
    loadConfig({
      SVC_DATA_DIR: dir,
      SVC_STREAM_ALLOW_CIDRS: '127.0.0.1/32, ::ffff:127.0.0.1/128, 192.0.2.0/24',
      SVC_STREAM_CA_FILE: join(dir, 'ca.pem'),
    }),
  );
  const a = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    tls: trusted,
    fetch: (req) => {
      hits++;
      return new Response(req.headers.get('host'));
    },
  });
  const b = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    tls: untrusted,
    fetch: () => {
      hits++;
      return new Response('x');
    },
  });
  servers = [a, b];
  good = a.port!;
  bad = b.port!;
});
afterAll(() => {
  for (const s of servers) s.stop(true);
  cleanup(dir);
});

describe('forbiddenKind', () => {
  it.each([
    ['10.1.2.3', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['fc00::1', 'private'],
    ['fdff::1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['169.254.0.1', 'link-local'],
    ['fe80::abcd', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['169.254.169.254', 'cloud metadata'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['100.100.100.200', 'cloud metadata'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a00:1', 'private'],
    ['::ffff:169.254.169.254', 'cloud metadata'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2002:c0a8:101::', 'private'],
    ['::127.0.0.1', 'loopback'],
    // Allow, don't deny: reserved, benchmarking and documentation ranges, in every IPv6 form that embeds them.
    ['240.0.0.1', 'reserved (future use)'],
    ['255.255.255.254', 'reserved (future use)'],
    ['255.255.255.255', 'broadcast'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['192.0.0.8', 'IETF protocol assignment'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['::ffff:192.0.2.1', 'documentation'],
    ['::ffff:240.0.0.1', 'reserved (future use)'],
    ['2002:c000:201::1', 'documentation'],
    ['2002:c612:1::', 'benchmarking'],
    ['64:ff9b::c000:201', 'documentation'],
    ['::ffff:0:c612:1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['100.64.0.1', 'private (shared address space)'],
    ['2001::1', 'tunnel (Teredo)'],
    ['2001:2::1', 'benchmarking'],
    ['100::1', 'discard-only'],
    ['64:ff9b:1::1', 'private (local-use NAT64)'],
    ['192.175.48.1', 'AS112 anycast'],
    ['192.52.193.1', 'AMT relay anycast'],
    ['2001:20::1', 'ORCHID'],
    ['fec0::1', 'private (site-local)'],
    ['4000::1', 'unallocated (outside 2000::/3)'],
    ['1::1', 'unallocated (outside 2000::/3)'],
    ['0.1.2.3', 'unspecified'],
    ['not an ip', 'unparseable'],
  ])('%s is %s', (ip, kind) => expect(forbiddenKind(ip)).toBe(kind));

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '93.184.215.14',
    '192.0.3.1',
    '198.20.0.1',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '3ffe:ffff::1',
  ])('%s is global unicast', (ip) => {
    expect(forbiddenKind(ip)).toBeNull();
  });
});

describe('checkDestination', () => {
  const fixed = (list: string[]) => async (): Promise<Address[]> =>
    list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('refuses a name when any of its addresses is forbidden, IPv4 or IPv6', async () => {
    for (const answers of [['93.184.215.14', '10.0.0.1'], ['2606:4700::1', 'fe80::1'], ['169.254.169.254']]) {
      const e = await checkDestination(parseEndpoint('https://hooks.example/x'), { lookup: fixed(answers) }).catch(
        (x) => x,
      );
      expect(e.code).toBe('forbidden_destination');
    }
    const ok = await checkDestination(parseEndpoint('https://hooks.example:8443/x'), {
      lookup: fixed(['93.184.215.14']),
    });
    expect(ok).toMatchObject({ host: 'hooks.example', servername: 'hooks.example', port: 8443 });
  });

  it('SVC_STREAM_ALLOW_CIDRS opens a refused range, and only that range', async () => {
    expect((await checkDestination(parseEndpoint('https://192.0.2.44/x'))).addresses).toEqual([
      { address: '192.0.2.44', family: 4 },
    ]);
    expect((await checkDestination(parseEndpoint('https://[::ffff:192.0.2.44]/x'))).servername).toBeNull();
    const e = await checkDestination(parseEndpoint('https://198.51.100.1/x')).catch((x) => x);
    expect([e.code, e.message]).toEqual(['forbidden_destination', '198.51.100.1 is a documentation address']);
  });

  it('opens allowlisted addresses only (127.0.0.1/32 does not open 127.0.0.2)', async () => {
    expect((await checkDestination(parseEndpoint('https://127.0.0.1/x'))).servername).toBeNull();
    const e = await checkDestination(parseEndpoint('https://127.0.0.2/x')).catch((x) => x);
    expect(e.code).toBe('forbidden_destination');
  });

  it('refuses well-known cloud metadata names even when they do not resolve here', async () => {
    for (const name of [
      'metadata.google.internal',
      'metadata.google.internal.',
      'metadata.goog',
      'instance-data.ec2.internal',
    ]) {
      const e = await checkDestination(parseEndpoint(`https://${name}/computeMetadata/v1/`), {
        onCreate: true,
        lookup: fixed([]),
      }).catch((x) => x);
      expect(e.code).toBe('forbidden_destination');
    }
  });

  it('treats "localhost." like localhost', async () => {
    const e = await checkDestination(parseEndpoint('https://localhost./x'), {
      onCreate: true,
      lookup: fixed([]),
    }).catch((x) => x);
    expect(e.code).toBe('forbidden_destination');
  });

  it('accepts a name that does not resolve at creation, but not at delivery', async () => {
    const failing = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(
      (await checkDestination(parseEndpoint('https://later.example/x'), { onCreate: true, lookup: failing })).addresses,
    ).toEqual([]);
    expect(
      await checkDestination(parseEndpoint('https://later.example/x'), { lookup: failing }).catch((x) => x.message),
    ).toContain('DNS');
  });
});

describe('deliver', () => {
  it('connects to the checked address with the URL name for SNI, certificate check and Host', async () => {
    const r = await deliver('s1', `https://hooks.test:${good}/in`, 'whsec_x', '{}', fixed2('127.0.0.1'));
    expect(r).toEqual({ ok: true, status: 200 });
  });

  it('re-checks DNS at each delivery: a name rebound to a private or loopback address is not dialled', async () => {
    const before = hits;
    for (const ip of ['10.0.0.7', '127.0.0.2', '169.254.169.254', '::1']) {
      const r = await deliver('s2', `https://hooks.test:${good}/in`, 'whsec_x', '{}', fixed2(ip));
      expect(r.ok).toBe(false);
      expect((r as { error: string }).error).toContain('address');
    }
    expect(hits).toBe(before);
  });

  it('fails on a certificate that neither the system nor SVC_STREAM_CA_FILE trusts', async () => {
    const r = await deliver('s3', `https://hooks.test:${bad}/in`, 'whsec_x', '{}', fixed2('127.0.0.1'));
    expect(r.ok).toBe(false);
    expect((r as { error: string }).error).toMatch(/certificate|self.signed/i);
  });
});

function fixed2(ip: string) {
  return async (): Promise<Address[]> => [{ address: ip, family: ip.includes(':') ? 6 : 4 }];
}
