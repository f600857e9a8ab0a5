// The rollback guard of svc restore (checkpoint note against the backup's log heads) and SVC_METRICS_ADDR parsing.
import { describe, expect, it } from 'bun:test';
import { parseCheckpointNote, refuseRollback } from '../../src/backup/checkpoint';
import { parseListenAddr } from '../../src/config';

const root = (b: number) => Buffer.alloc(32, b);
const note = (origin: string, size: number, r: Buffer) =>
  `${origin}\n${size}\n${r.toString('base64')}\n\n— ${origin} AAAAAAAA\n`;
const head = (origin: string, size: number, r: Buffer) => ({ origin, tree_size: size, root_hash: r.toString('hex') });
const unknown = () => null;

describe('parseCheckpointNote', () => {
  it('reads origin, tree size and root hash (hex) of a C2SP checkpoint', () => {
    expect(parseCheckpointNote(note('example.com/acme', 42, root(1)))).toEqual({
      origin: 'example.com/acme',
      tree_size: 42,
      root_hash: root(1).toString('hex'),
    });
  });
  it('refuses text that is not a checkpoint, naming the file', () => {
    expect(() => parseCheckpointNote('hello\n', 'cp.txt')).toThrow('cp.txt: not a checkpoint note');
    expect(() => parseCheckpointNote('o\nx\nAAAA\n')).toThrow('not a checkpoint note');
    expect(() => parseCheckpointNote(`o\n3\n${Buffer.alloc(31).toString('base64')}\n`)).toThrow('32 bytes');
  });
});

describe('refuseRollback', () => {
  const n = parseCheckpointNote(note('h/acme', 10, root(2)));
  it('refuses a backup that records no log checkpoint (no silent pass)', () => {
    expect(refuseRollback(n, [], unknown)).toContain('records no transparency log checkpoint');
  });
  it('refuses a backup without that log, with a smaller log, or with another root at the same size', () => {
    expect(refuseRollback(n, [head('h/other', 10, root(2))], unknown)).toContain('no log with origin h/acme');
    expect(refuseRollback(n, [head('h/acme', 9, root(2))], unknown)).toContain('older (rollback)');
    expect(refuseRollback(n, [head('h/acme', 10, root(3))], unknown)).toContain('another root hash');
  });
  it('accepts the same checkpoint, and a larger log only when proven consistent', () => {
    expect(refuseRollback(n, [head('h/acme', 10, root(2))], unknown)).toBeNull();
    expect(refuseRollback(n, [head('h/acme', 12, root(4))], () => true)).toBeNull();
    expect(refuseRollback(n, [head('h/acme', 12, root(4))], () => false)).toContain('not consistent');
    expect(refuseRollback(n, [head('h/acme', 12, root(4))], unknown)).toContain('could not be proven consistent');
  });
});

describe('parseListenAddr (SVC_METRICS_ADDR)', () => {
  it('takes HOST:PORT, [v6]:PORT and off', () => {
    expect(parseListenAddr('127.0.0.1:9464')).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(parseListenAddr('[::1]:0')).toEqual({ host: '::1', port: 0 });
    expect(parseListenAddr('OFF')).toBeNull();
    expect(parseListenAddr('9464')).toBeUndefined();
    expect(parseListenAddr('host:70000')).toBeUndefined();
  });
});
