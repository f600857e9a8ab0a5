// Owns progress lines on stderr for long backup and restore steps (bytes per second, records per second).
const MB = 1024 * 1024;

export type Progress = { add(n: number): void; set(total: number): void; done(): void };

/**
 * A counter that prints `label: <count> (<rate>/s)` on stderr at most once a second, and a final line when
 * it printed any (short runs stay quiet). `unit` 'bytes' prints MB and MB/s; 'records' prints counts.
 */
export function progress(label: string, unit: 'bytes' | 'records'): Progress {
  const t0 = performance.now();
  let count = 0;
  let lastPrint = t0;
  let printed = false;
  const line = (final: boolean) => {
    const s = Math.max(0.001, (performance.now() - t0) / 1000);
    const text =
      unit === 'bytes'
        ? `${(count / MB).toFixed(1)} MB (${(count / MB / s).toFixed(1)} MB/s)`
        : `${count} records (${Math.round(count / s)} records/s)`;
    process.stderr.write(`${label}: ${text}${final ? ` in ${s.toFixed(1)} s` : ''}\n`);
  };
  const maybe = () => {
    const now = performance.now();
    if (now - lastPrint < 1000) return;
    lastPrint = now;
    printed = true;
    line(false);
  };
  return {
    add(n) {
      count += n;
      maybe();
    },
    set(total) {
      count = total;
      maybe();
    },
    done() {
      if (printed) line(true);
    },
  };
}
