// Owns the health figures the console derives from stored data: it runs beside the server, not inside it.
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { nextPendingExport } from '../../src/exports/service';
import { countLedgerRows } from '../../src/ledger/service';
import { readWriterStatus } from '../../src/store/writer-status';
import { listTenants } from '../../src/tenants/service';

const WINDOW = 60;
const iso = (sec: number) => new Date(sec * 1000).toISOString();

/**
 * Ledger rows per second over the last minute, by ingested_at, counted on the (tenant, ingested_at)
 * index with native range counts. A second is recounted until no write in flight can still land in it
 * (older than the oldest one waiting); the growth of the counts between samples is what the writer wrote.
 */
export class LedgerRate {
  private counts = new Map<number, number>();
  private written: Array<{ at: number; n: number }> = [];
  private sampled = false;

  sample(now = Date.now()): void {
    const top = Math.floor(now / 1000);
    const settled = Math.floor((now - (readWriterStatus()?.oldest_ms ?? 0) - 2000) / 1000);
    const tenants = listTenants().map((t) => t.tenant_id);
    let grew = 0;
    for (let s = top - WINDOW + 1; s <= top; s++) {
      const prev = this.counts.get(s);
      if (prev !== undefined && s < settled) continue;
      let n = 0;
      for (const t of tenants) n += countLedgerRows(t, iso(s), iso(s + 1));
      if (this.sampled) grew += Math.max(0, n - (prev ?? 0));
      this.counts.set(s, n);
    }
    for (const s of this.counts.keys()) if (s <= top - WINDOW) this.counts.delete(s);
    if (this.sampled) this.written.push({ at: now, n: grew });
    this.written = this.written.filter((w) => now - w.at <= 5000);
    this.sampled = true;
  }

  /** Rows per second, oldest first; the last entry is the current (partial) second. */
  perSecond(now = Date.now()): number[] {
    const top = Math.floor(now / 1000);
    return Array.from({ length: WINDOW }, (_, i) => this.counts.get(top - WINDOW + 1 + i) ?? 0);
  }

  /** Rows the worker wrote per second over the last 5 s; null until two samples exist. */
  writtenPerSecond(): number | null {
    if (this.written.length < 2) return null;
    const span = (this.written[this.written.length - 1]!.at - this.written[0]!.at) / 1000;
    return span > 0 ? this.written.slice(1).reduce((a, w) => a + w.n, 0) / span : null;
  }
}

/** Bytes on disk under `dir` (allocated blocks, so sparse files count what they use). */
export function diskUse(dir: string): number {
  let total = 0;
  const walk = (d: string) => {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const n of names) {
      const p = join(d, n);
      try {
        const st = lstatSync(p);
        total += st.blocks * 512;
        if (st.isDirectory()) walk(p);
      } catch {
        // removed while walking (a segment rewritten by retention): not counted
      }
    }
  };
  walk(dir);
  return total;
}

/** The oldest export job still queued or running, and for how long (a uuidv7 id carries its creation time). */
export function oldestExport(now = Date.now()): { id: string; ageMs: number } | null {
  const id = nextPendingExport();
  return id ? { id, ageMs: now - parseInt(id.replace(/-/g, '').slice(0, 12), 16) } : null;
}
