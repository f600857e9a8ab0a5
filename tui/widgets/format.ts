// Owns the console's text shapes: fixed-width cells, figures, durations, progress bars and sparklines (no colour needed).

/** `s` cut or padded to exactly `w` columns; a cut value ends with '~' so truncation is visible. */
export function cell(s: string, w: number, align: 'left' | 'right' = 'left'): string {
  const t = s.replace(/[\r\n\t]/g, ' ');
  if (t.length > w) return w <= 1 ? t.slice(0, w) : t.slice(0, w - 1) + '~';
  return align === 'right' ? t.padStart(w) : t.padEnd(w);
}

/** 1234 -> "1.2k", 2500000 -> "2.5M"; null (unlimited) -> "unl". */
export function count(n: number | null): string {
  if (n === null) return 'unl';
  if (n < 1000) return String(n);
  if (n < 1e6) return `${trim(n / 1e3)}k`;
  if (n < 1e9) return `${trim(n / 1e6)}M`;
  return `${trim(n / 1e9)}G`;
}
const trim = (x: number) => (x >= 100 ? Math.round(x).toString() : x.toFixed(1).replace(/\.0$/, ''));

export function bytes(n: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${i ? n.toFixed(1) : n} ${units[i]}`;
}

/** A duration in ms as "850 ms", "12.3 s", "4 min", "3 h", "2 d". */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 3600_000) return `${Math.floor(ms / 60_000)} min`;
  if (ms < 86400_000) return `${Math.floor(ms / 3600_000)} h`;
  return `${Math.floor(ms / 86400_000)} d`;
}

/** An ISO timestamp as "2025-01-31 14:05" (UTC, minutes); null -> "-". */
export function when(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 16).replace('T', ' ') : '-';
}

/** "[#####.....]  50%": readable on a terminal without colour. */
export function bar(done: number, total: number, width: number): string {
  const f = total > 0 ? Math.min(1, Math.max(0, done / total)) : 0;
  const full = Math.round(f * width);
  return `[${'#'.repeat(full)}${'.'.repeat(width - full)}] ${String(Math.floor(f * 100)).padStart(3)}%`;
}

/** usage against a limit: "1.2k/100k" or "12/unl"; a bar with "!" at the end once 90% is used. */
export function quota(used: number, limit: number | null, width = 10): string {
  if (limit === null) return `${cell(`${count(used)}/unl`, 11)} ${' '.repeat(width + 7)}`;
  const warn = limit > 0 && used / limit >= 0.9 ? ' !' : '';
  return `${cell(`${count(used)}/${count(limit)}`, 11)} ${bar(used, limit, width)}${warn}`;
}

const TICKS = ['_', '\u2581', '\u2582', '\u2583', '\u2584', '\u2585', '\u2586', '\u2587', '\u2588'];
/** One character per value, scaled to the largest; zero is '_' so an idle minute still shows a baseline. */
export function sparkline(values: number[]): string {
  const max = Math.max(0, ...values);
  return values.map((v) => (v <= 0 || max === 0 ? TICKS[0] : TICKS[Math.max(1, Math.round((v / max) * 8))])).join('');
}

/** Word-wraps `text` to `width` columns (a word longer than the width keeps its own line). */
export function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  out.push(line);
  return out;
}
