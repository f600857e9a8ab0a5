// Owns command-line argument parsing for `svc` and the console: flags and positionals, nothing else.

/** Flags that take no value. */
const BOOLEAN_FLAGS = new Set(['json', 'force', 'help', 'include-master-key', 'standalone']);

/** `--flag value`, `--flag=value`; boolean flags take no value; anything else is a positional. */
export function parseArgv(argv: string[]): { values: Record<string, string | boolean>; positionals: string[] } {
  const values: Record<string, string | boolean> = {};
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) {
      positionals.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
    if (eq > 0) values[name] = a.slice(eq + 1);
    else if (BOOLEAN_FLAGS.has(name)) values[name] = true;
    else {
      const v = argv[i + 1];
      if (v === undefined) throw new Error(`--${name} needs a value`);
      values[name] = v;
      i++;
    }
  }
  return { values, positionals };
}
