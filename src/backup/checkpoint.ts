// Owns the rollback guard of a restore: a checkpoint note the operator kept, compared with the backup's log heads.
import { readFileSync } from 'node:fs';
import type { LogHead } from './manifest';

export type NoteHead = { origin: string; tree_size: number; root_hash: string };

/**
 * Parses a C2SP checkpoint note (`<origin>\n<tree size>\n<base64 root>\n`, a blank line, signature lines).
 * Throws one line naming what is wrong.
 */
export function parseCheckpointNote(text: string, file = 'checkpoint'): NoteHead {
  const body = text.replace(/\r\n/g, '\n').split('\n\n')[0] ?? '';
  const [origin, size, root] = body.split('\n');
  if (!origin || !size || !root || !/^\d+$/.test(size))
    throw new Error(`${file}: not a checkpoint note (origin, tree size, base64 root hash)`);
  const raw = Buffer.from(root, 'base64');
  if (raw.length !== 32 || raw.toString('base64') !== root)
    throw new Error(`${file}: the root hash is not 32 bytes of standard base64`);
  return { origin, tree_size: Number(size), root_hash: raw.toString('hex') };
}

/**
 * Whether a backup may be restored for an operator who holds `note`: its log of the same origin must not be
 * smaller, and at the same size must have the same root. Returns the reason of a refusal, or null.
 * A larger backup log must be proven consistent with the note; `consistent` answers that from the restored
 * store (null when it cannot tell, which refuses: a rollback must not pass silently).
 */
export function refuseRollback(
  note: NoteHead,
  logs: LogHead[],
  consistent: (head: LogHead, note: NoteHead) => boolean | null,
): string | null {
  if (!logs.length)
    return 'the backup records no transparency log checkpoint, so it cannot be shown to be at least as new as the checkpoint given; refusing';
  const head = logs.find((l) => l.origin === note.origin);
  if (!head) return `the backup has no log with origin ${note.origin}; refusing`;
  if (head.tree_size < note.tree_size)
    return `the backup's log ${note.origin} has ${head.tree_size} entries, fewer than the ${note.tree_size} of the checkpoint given: it is older (rollback); refusing`;
  if (head.tree_size === note.tree_size)
    return head.root_hash === note.root_hash
      ? null
      : `the backup's log ${note.origin} has the checkpoint's size but another root hash; refusing`;
  const c = consistent(head, note);
  if (c === true) return null;
  return c === false
    ? `the backup's log ${note.origin} is not consistent with the checkpoint given; refusing`
    : `the backup's log ${note.origin} could not be proven consistent with the checkpoint given; refusing`;
}

export const readNote = (file: string): NoteHead => parseCheckpointNote(readFileSync(file, 'utf8'), file);
