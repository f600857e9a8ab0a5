// Owns the free-space figure of the file system holding the data directory (`svc doctor`, the console, /metrics).
import { statfsSync } from 'node:fs';

/** Bytes free for an unprivileged writer and the file system's size, for the file system holding `dir`; null when it cannot be read. */
export function diskSpace(dir: string): { free: number; size: number } | null {
  try {
    const s = statfsSync(dir);
    return { free: Number(s.bavail) * Number(s.bsize), size: Number(s.blocks) * Number(s.bsize) };
  } catch {
    return null;
  }
}
