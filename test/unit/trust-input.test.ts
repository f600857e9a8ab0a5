// The verifier's trust read from file contents: a policy, TSA roots and saved JSON, or the reason they are refused.
import { describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { nodeSha256 } from '../../src/verify/node-primitives';
import { parsePolicy } from '../../src/verify/policy';
import { readPolicy, readSavedJson, readTsaRoots } from '../../src/verify/trust-input';
import { ROOT } from '../helpers';

describe('readPolicy', () => {
  it('names the line of a policy that does not parse', () => {
    const r = readPolicy(nodeSha256, 'quorum none\nnonsense here\n');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(/^line \d+: /);
  });
  it('reads a policy as the policy parser does', () => {
    const parsed = parsePolicy(nodeSha256, 'quorum none\n');
    expect(parsed.ok).toBe(true);
    expect(readPolicy(nodeSha256, 'quorum none\n')).toEqual({ ok: true, value: parsed.ok ? parsed.policy : null! });
  });
});

describe('readTsaRoots', () => {
  it('refuses a text without a certificate, and reads the vectors roots', () => {
    expect(readTsaRoots('no pem here\n')).toEqual({ ok: false, reason: 'no CERTIFICATE block in the TSA roots' });
    const r = readTsaRoots(readFileSync(join(ROOT, 'test/vectors/proofs/tsa-ca.pem'), 'utf8'));
    expect(r.ok && r.value.certificates.length).toBeGreaterThan(0);
  });
  it('names a malformed certificate block', () => {
    const r = readTsaRoots('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason.length).toBeGreaterThan(0);
  });
});

describe('readSavedJson', () => {
  it('parses JSON and refuses anything else', () => {
    expect(readSavedJson('{"keys":[]}')).toEqual({ ok: true, value: { keys: [] } });
    expect(readSavedJson('{')).toEqual({ ok: false, reason: 'is not JSON' });
  });
});
