// Owns upgrading a data directory: the ordered list of format migrations and running the missing ones at start.
import { flushLogs, log } from '../log';
import { FORMAT_VERSION, formatVersion, setFormatVersion } from '../store/format';
import { leavesToRuns, indexOperatorEntries } from '../tlog/index';
import { tenantOfApiKey } from '../api-keys/service';

/**
 * One step from format `to - 1` to format `to`. `run` must be idempotent: a step interrupted (kill -9, power
 * loss) is run again from its start on the next start, and the version is recorded only after it finished.
 * Work that fits one LMDB transaction should be done in one; longer work must skip what is already done.
 */
export type Migration = { to: number; name: string; run: () => Promise<void> };

/**
 * The steps, oldest first. To change the format: append a step here with `to` = FORMAT_VERSION + 1 and raise
 * FORMAT_VERSION in src/store/format.ts to match.
 */
export const MIGRATIONS: Migration[] = [
  {
    to: 2,
    name: 'transparency-log leaves stored in runs',
    run: async () => {
      const moved = await leavesToRuns();
      if (moved) log('info', 'transparency-log leaves regrouped', { leaves: moved });
    },
  },
  {
    to: 3,
    name: 'operator-log entries indexed by the tenant they name',
    run: async () => {
      // Entries written before a key revocation named its tenant name the key only.
      const indexed = await indexOperatorEntries(
        (e) => e.target.tenant_id ?? (e.target.key_id ? tenantOfApiKey(e.target.key_id) : undefined),
      );
      if (indexed) log('info', 'operator-log entries indexed by tenant', { entries: indexed });
    },
  },
];

/**
 * Brings the open store to `target` by running every step above its stored version, in order, logging each.
 * Returns the steps run. Throws when a step fails (the store stays at the last completed version).
 */
export async function migrate(steps: Migration[] = MIGRATIONS, target = FORMAT_VERSION): Promise<string[]> {
  const done: string[] = [];
  let v = formatVersion();
  for (const step of steps) {
    if (step.to <= v || step.to > target) continue;
    if (step.to !== v + 1) throw new Error(`no migration from format ${v} to ${step.to}`);
    const t0 = performance.now();
    log('info', 'migrating data directory', { from: v, to: step.to, step: step.name });
    // Shown before a step that may run long, not after its first 50 ms.
    flushLogs();
    await step.run();
    await setFormatVersion(step.to);
    log('info', 'migrated data directory', { to: step.to, step: step.name, ms: Math.round(performance.now() - t0) });
    v = step.to;
    done.push(step.name);
  }
  if (v < target) throw new Error(`data directory is at format ${v}; no migration leads to ${target}`);
  return done;
}
