// Declares the part of autocannon 9 (no bundled types) that the benchmarks use: one programmatic run and its counts.
declare module 'autocannon' {
  import type { ConnectionOptions } from 'node:tls';

  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };

  type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Requests per second over all connections. */
    overallRate?: number;
    method?: string;
    headers?: Record<string, string>;
    /** Passed to tls.connect for https URLs. */
    tlsOptions?: ConnectionOptions;
    /** setupRequest returns the request to send; a falsy value restarts the sequence. */
    requests?: { setupRequest?: (req: Request) => Request | null | undefined }[];
  };

  type Result = { '2xx': number; non2xx: number; errors: number; timeouts: number };

  export default function autocannon(opts: Options): Promise<Result>;
}
