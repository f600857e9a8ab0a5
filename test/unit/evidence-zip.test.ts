// Covers the ZIP of evidence packs (src/evidence/zip.ts): the same files give the same bytes in any time zone and at
// any moment, and every entry, read from the bytes by the ZIP specification (APPNOTE 4.3.7, written here), states the
// DOS epoch, is stored under 8 KiB and deflated from there, in the order given.
import { describe, expect, it } from 'bun:test';
import { ROOT } from '../helpers';

const SCRIPT = `
import { zipFiles } from './src/evidence/zip';
const big = 'x'.repeat(9000);
process.stdout.write(Buffer.from(zipFiles([['README.txt', 'hello'], ['items/0/receipt.cose', new Uint8Array([1, 2, 3])], ['verify.html', big]])).toString('hex'));
`;
const zipIn = (tz: string): Buffer => {
  const p = Bun.spawnSync(['bun', '-e', SCRIPT], { cwd: ROOT, env: { ...process.env, TZ: tz }, stdout: 'pipe' });
  expect(p.exitCode).toBe(0);
  return Buffer.from(p.stdout.toString(), 'hex');
};

/** The local file headers: name, compression method, DOS time and date (APPNOTE 4.3.7). */
function entries(z: Buffer) {
  const out: Array<{ name: string; method: number; time: number; date: number }> = [];
  let at = 0;
  while (z.readUInt32LE(at) === 0x04034b50) {
    const method = z.readUInt16LE(at + 8);
    const compressed = z.readUInt32LE(at + 18);
    const nameLen = z.readUInt16LE(at + 26);
    const extraLen = z.readUInt16LE(at + 28);
    out.push({
      name: z.subarray(at + 30, at + 30 + nameLen).toString(),
      method,
      time: z.readUInt16LE(at + 10),
      date: z.readUInt16LE(at + 12),
    });
    at += 30 + nameLen + extraLen + compressed;
  }
  return out;
}

describe('evidence pack ZIP', () => {
  it('is the same bytes in any time zone, every entry dated 1980-01-01 00:00, small files stored', () => {
    const utc = zipIn('UTC');
    expect(zipIn('Pacific/Kiritimati').equals(utc)).toBe(true);
    expect(zipIn('America/St_Johns').equals(utc)).toBe(true);
    // DOS date 1980-01-01: (0 << 9) | (1 << 5) | 1 = 33; time 00:00:00 = 0. Method 0 stored, 8 deflated.
    expect(entries(utc)).toEqual([
      { name: 'README.txt', method: 0, time: 0, date: 33 },
      { name: 'items/0/receipt.cose', method: 0, time: 0, date: 33 },
      { name: 'verify.html', method: 8, time: 0, date: 33 },
    ]);
  });
});
