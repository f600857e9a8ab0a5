// Owns reading an env file of KEY=VALUE lines (the systemd unit's EnvironmentFile, /etc/proof-ledger/env), for
// `svc doctor` to compare with the environment the CLI runs in.

/**
 * The variables of an env file as systemd reads it: one KEY=VALUE per line, blank lines and lines starting with # or ;
 * ignored, a value in matching single or double quotes taken without them; `export KEY=VALUE` (shell style) too.
 */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim().replace(/^export\s+/, '');
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const m = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    const v = m[2]!;
    const quoted = v.length >= 2 && (v[0] === '"' || v[0] === "'") && v.at(-1) === v[0];
    out[m[1]!] = quoted ? v.slice(1, -1) : v;
  }
  return out;
}
