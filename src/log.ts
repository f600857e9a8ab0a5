// Owns logging: JSON lines on stdout, buffered so that logging stays off the request's critical path.
import { config } from './config';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof LEVELS;
let buffer = '';
let sink: (text: string) => void = (text) => process.stdout.write(text);

/** Sends log lines elsewhere (the console writes them to a file so they never draw over its screen). */
export function setLogSink(fn: (text: string) => void): void {
  sink = fn;
}
let timer: ReturnType<typeof setTimeout> | null = null;

function flushSoon() {
  if (buffer.length > 65536) return flushLogs();
  if (!timer) timer = setTimeout(flushLogs, 50);
}
export function flushLogs(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (!buffer) return;
  const out = buffer;
  buffer = '';
  sink(out);
}

/** Whether `level` is written: lets a caller skip building the fields of a line that would be dropped. */
export const logs = (level: Level): boolean => LEVELS[level] >= LEVELS[config().logLevel];

const line = (level: Level, msg: string, fields: Record<string, unknown>) =>
  JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields }) + '\n';

/** Writes one JSON line. Callers pass identifiers and figures only: never keys, secrets or payloads. */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (LEVELS[level] < LEVELS[config().logLevel]) return;
  buffer += line(level, msg, fields);
  flushSoon();
}

/**
 * Writes one JSON line at once, whatever SVC_LOG_LEVEL says (docs/operations.md "Logs"): the start lines operators
 * and supervisors wait for, and why a start failed (then no configuration may have been loaded).
 */
export function announce(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  buffer += line(level, msg, fields);
  flushLogs();
}
