// Owns the witness area's sub-database: the witness key (['key']) and, per log the operator added
// (['log', origin]), its verifier key and the last checkpoint this appliance cosigned.
import { subDb, transact } from '../store/env';

export type WitnessKeyRow = { name: string; public_key: Buffer; sealed_seed: Buffer; created_at: string };
export type WitnessLogRow = {
  origin: string;
  /** The log's signed-note verifier key (Ed25519, type 0x01). */
  vkey: string;
  /** Size and root of the last cosigned checkpoint; 0 and null before the first. */
  size: number;
  root: Buffer | null;
  added_at: string;
  cosigned_at: string | null;
};

const witness = () => subDb<WitnessKeyRow | WitnessLogRow, string[]>('witness');
const KEY = ['key'];

export const getKeyRow = (): WitnessKeyRow | undefined => witness().get(KEY) as WitnessKeyRow | undefined;
/** Stores the witness key unless one exists (two processes starting at once keep the first). */
export const putKeyRowOnce = (row: WitnessKeyRow): Promise<boolean> =>
  witness().ifNoExists(KEY, () => witness().put(KEY, row));

export const getLogRow = (origin: string): WitnessLogRow | undefined =>
  witness().get(['log', origin]) as WitnessLogRow | undefined;
export const listLogRows = (): WitnessLogRow[] =>
  [...witness().getRange({ start: ['log'], end: ['log', '\uffff'] })].map((e) => e.value as WitnessLogRow);
/** Inside a write transaction: adds a log; false when its origin is already there. */
export function insertLogRowInTxn(row: WitnessLogRow): boolean {
  if (witness().doesExist(['log', row.origin])) return false;
  witness().putSync(['log', row.origin], row);
  return true;
}

export type Advance = { ok: true } | { ok: false; size: number };

/**
 * Moves a log's cosigned state from `from` to `to` in one durable write transaction, only if the stored state
 * still is `from` (compare and set): two requests checked against the same old state cannot both advance it,
 * so a smaller checkpoint never overwrites a larger one. Otherwise answers the stored size, unchanged.
 */
export function advanceLogRow(
  origin: string,
  from: { size: number; root: Buffer | null },
  to: { size: number; root: Buffer },
  at: string,
): Promise<Advance> {
  return transact((): Advance => {
    const key = ['log', origin];
    const cur = witness().get(key) as WitnessLogRow | undefined;
    if (!cur) return { ok: false, size: 0 };
    const same =
      cur.size === from.size &&
      (cur.root === null ? from.root === null : from.root !== null && Buffer.compare(cur.root, from.root) === 0);
    if (!same) return { ok: false, size: cur.size };
    witness().putSync(key, { ...cur, size: to.size, root: to.root, cosigned_at: at });
    return { ok: true };
  });
}
