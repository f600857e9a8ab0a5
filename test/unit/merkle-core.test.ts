// The Merkle tree core against the RFC 6962 reference leaves and roots.
import { describe, expect, it } from 'bun:test';
import { createHash } from 'node:crypto';
import {
  consistencyPath,
  inclusionPath,
  leafHash,
  nodeHash,
  rootFromLeafHashes,
  verifyConsistency,
  verifyInclusion,
  type NodeReader,
} from '../../src/verify/merkle';
import { fromHex, toHex } from '../../src/verify/primitives';

const sha = (d: Uint8Array) => new Uint8Array(createHash('sha256').update(d).digest());
// The certificate-transparency reference leaves and roots (RFC 6962 test data used by CT and transparency-dev).
const LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'];
const ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const hashes = LEAVES.map((h) => leafHash(sha, fromHex(h)!));
// Perfect subtrees computed naively, as a store would keep them.
const reader: NodeReader = (level, index) =>
  rootFromLeafHashes(sha, hashes.slice(index * 2 ** level, (index + 1) * 2 ** level));

describe('merkle core', () => {
  it('matches the reference roots for sizes 1..8', () => {
    for (let n = 1; n <= 8; n++) expect(toHex(rootFromLeafHashes(sha, hashes.slice(0, n)))).toBe(ROOTS[n - 1]!);
  });
  it('every inclusion proof verifies and a changed leaf does not', () => {
    for (let n = 1; n <= 8; n++) {
      const root = fromHex(ROOTS[n - 1]!)!;
      for (let i = 0; i < n; i++) {
        const p = inclusionPath(sha, reader, i, n);
        expect(verifyInclusion(sha, i, n, hashes[i]!, p, root)).toBe(true);
        expect(verifyInclusion(sha, i, n, nodeHash(sha, hashes[i]!, hashes[i]!), p, root)).toBe(false);
      }
    }
  });
  it('every consistency proof verifies and a wrong old root does not', () => {
    for (let n = 1; n <= 8; n++) {
      for (let m = 1; m <= n; m++) {
        const p = consistencyPath(sha, reader, m, n);
        expect(verifyConsistency(sha, m, n, p, fromHex(ROOTS[m - 1]!)!, fromHex(ROOTS[n - 1]!)!)).toBe(true);
        if (m < n)
          expect(verifyConsistency(sha, m, n, p, fromHex(ROOTS[n - 1]!)!, fromHex(ROOTS[n - 1]!)!)).toBe(false);
      }
    }
  });
});
