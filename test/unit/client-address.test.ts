// Who the client is behind proxies (src/http/client-address.ts), against hand-worked chains: the socket peer unless it
// is trusted, then X-Forwarded-For from the right with trusted hops skipped; X-Forwarded-Proto only from a trusted peer.
import { describe, expect, it } from 'bun:test';
import { trustedProxies } from '../../src/http/client-address';

const p = trustedProxies(['10.0.0.0/8', '127.0.0.2', 'fd00::/8']);

describe('client address', () => {
  it('is the socket peer when the peer is not trusted, whatever X-Forwarded-For says', () => {
    expect(p.client('192.0.2.7', '10.1.2.3')).toBe('192.0.2.7');
    expect(p.client('127.0.0.1', '10.1.2.3, 127.0.0.2')).toBe('127.0.0.1');
    expect(trustedProxies([]).client('10.0.0.1', '198.51.100.1')).toBe('10.0.0.1');
  });

  it('is the peer itself when a trusted peer forwards nothing (its own health checks)', () => {
    expect(p.client('10.0.0.5', null)).toBe('10.0.0.5');
    expect(p.client('10.0.0.5', '')).toBe('10.0.0.5');
  });

  it('is the rightmost untrusted hop: what the client wrote on the left is not believed', () => {
    // client 198.51.100.9 forged "1.2.3.4", the edge proxy 10.0.0.1 appended the client, the inner 10.0.0.2 the edge.
    expect(p.client('10.0.0.3', '1.2.3.4, 198.51.100.9, 10.0.0.1, 10.0.0.2')).toBe('198.51.100.9');
    expect(p.client('127.0.0.2', '203.0.113.5')).toBe('203.0.113.5');
    expect(p.client('127.0.0.2', ' 203.0.113.5 ,10.9.9.9 ')).toBe('203.0.113.5');
  });

  it('is the leftmost hop when every hop is trusted', () => {
    expect(p.client('10.0.0.3', '10.0.0.1, 10.0.0.2')).toBe('10.0.0.1');
  });

  it('stops at a value that is no address: the last hop a trusted proxy vouched for', () => {
    expect(p.client('10.0.0.3', '198.51.100.9, unknown')).toBe('10.0.0.3');
    expect(p.client('10.0.0.3', 'garbage, 10.0.0.1')).toBe('10.0.0.1');
  });

  it('reads IPv6 and IPv4-mapped IPv6 peers and hops as the addresses they are', () => {
    expect(p.client('::ffff:127.0.0.2', '203.0.113.5')).toBe('203.0.113.5');
    expect(p.client('::ffff:127.0.0.1', '203.0.113.5')).toBe('127.0.0.1');
    expect(p.client('fd00::1', '2001:db8::7, fd00::2')).toBe('2001:db8::7');
    expect(p.client('fd00::1', '::ffff:192.0.2.1')).toBe('192.0.2.1');
  });
});

describe('forwarded scheme', () => {
  it('is believed from a trusted peer only, its rightmost value, case-folded', () => {
    expect(p.scheme('10.0.0.1', 'https')).toBe('https');
    expect(p.scheme('10.0.0.1', 'http, HTTPS')).toBe('https');
    expect(p.scheme('10.0.0.1', 'https, http')).toBe('http');
    expect(p.scheme('192.0.2.7', 'https')).toBeNull();
    expect(p.scheme('10.0.0.1', null)).toBeNull();
    expect(trustedProxies([]).scheme('10.0.0.1', 'https')).toBeNull();
  });
});
