// Owns the command line of `svc`, the console and the executable: what each command declares (arguments, flags, their
// values) and the strict parse against it (anything undeclared is a usage error, before anything runs), and --help.

/** A flag: a switch when it has no `value`, else it takes one value, checked by `choices` or `check`. */
export type Flag = {
  help: string;
  /** Placeholder of the value in usage lines (`NAME`); absent for a switch. */
  value?: string;
  choices?: readonly string[];
  /** Why `v` is not acceptable (one line), or null when it is. */
  check?: (v: string) => string | null;
  required?: boolean;
};

/** A positional argument, in order. */
export type Arg = {
  name: string;
  choices?: readonly string[];
  check?: (v: string) => string | null;
  optional?: boolean;
};

export type Values = Record<string, string | boolean | undefined>;

/** What a command declares; the command table (src/cli/commands.ts) adds `run` to it. */
export type Spec = {
  /** One line, shown in `svc --help` and under the command's usage. */
  summary: string;
  args?: Arg[];
  flags?: Record<string, Flag>;
  /** Rules across flags (one of two required, ...): why the combination is refused, or null. */
  check?: (flags: Values, args: string[]) => string | null;
};

/** A command line that asks for something undeclared: exit 2, nothing done. */
export class UsageError extends Error {}

/** Accepted by every command (docs/operations.md "Operator CLI"). */
export const GLOBAL_FLAGS: Record<string, Flag> = {
  'data-dir': { value: 'DIR', help: 'data directory (default: SVC_DATA_DIR, else ./data)' },
  json: { help: 'print one JSON object on stdout (an error as {"error", "message"})' },
  help: { help: 'print this help and exit' },
  version: { help: 'print the version and exit' },
};

export type Parsed = { flags: Values; args: string[] };

const refuse = (why: string): never => {
  throw new UsageError(why);
};

function checkValue(
  what: string,
  v: string,
  rule: { choices?: readonly string[]; check?: (v: string) => string | null },
) {
  if (rule.choices && !rule.choices.includes(v))
    refuse(`${what} must be one of ${rule.choices.join(', ')} (got ${JSON.stringify(v)})`);
  const why = rule.check?.(v);
  if (why) refuse(`${what}: ${why}`);
}

/**
 * `--flag value`, `--flag=value`, `--switch`, positionals, and `--` (everything after it is positional). An
 * undeclared flag, a switch given a value, a missing, empty or refused value, a value given twice, a positional too
 * many or missing, and a combination the command's `check` refuses are each a UsageError naming it.
 */
export function parseFlags(tokens: string[], spec: Spec, label: string): Parsed {
  const declared = { ...GLOBAL_FLAGS, ...spec.flags };
  const flags: Values = {};
  const args: string[] = [];
  let onlyArgs = false;
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i]!;
    if (onlyArgs || tok === '-' || !tok.startsWith('-')) {
      args.push(tok);
      continue;
    }
    if (tok === '--') {
      onlyArgs = true;
      continue;
    }
    if (tok === '-h') {
      flags.help = true;
      continue;
    }
    if (!tok.startsWith('--')) refuse(`unknown flag ${tok} for ${label}`);
    const eq = tok.indexOf('=');
    const name = eq > 0 ? tok.slice(2, eq) : tok.slice(2);
    const flag = declared[name];
    if (!flag) refuse(`unknown flag --${name} for ${label}`);
    if (!flag!.value) {
      if (eq > 0) refuse(`--${name} takes no value`);
      flags[name] = true;
      continue;
    }
    // A switch twice says the same thing twice; a value twice is ambiguous.
    if (flags[name] !== undefined) refuse(`--${name} given twice`);
    let v: string | undefined;
    if (eq > 0) v = tok.slice(eq + 1);
    else if (i + 1 < tokens.length && !tokens[i + 1]!.startsWith('--')) v = tokens[++i];
    if (!v) refuse(`--${name} needs a value (${flag!.value})`);
    checkValue(`--${name}`, v!, flag!);
    flags[name] = v;
  }
  return { flags, args };
}

/** Required flags, the positionals and the command's own rules; skipped for --help and --version. */
export function checkComplete(parsed: Parsed, spec: Spec, label: string): void {
  for (const [name, flag] of Object.entries(spec.flags ?? {}))
    if (flag.required && parsed.flags[name] === undefined)
      refuse(`${label} needs --${name} ${flag.value ?? ''}`.trim());
  const declared = spec.args ?? [];
  if (parsed.args.length > declared.length)
    refuse(`unexpected argument ${JSON.stringify(parsed.args[declared.length])} for ${label}`);
  declared.forEach((a, i) => {
    const v = parsed.args[i];
    if (v === undefined) {
      if (!a.optional) refuse(`${label} needs ${a.name}`);
      return;
    }
    checkValue(a.name, v, a);
  });
  const why = spec.check?.(parsed.flags, parsed.args);
  if (why) refuse(why);
}

export type Resolution<C extends Spec> =
  | { kind: 'help'; topic: string[]; command: C | null; json: boolean }
  | { kind: 'version'; json: boolean }
  | { kind: 'run'; name: string; command: C; flags: Values; args: string[]; json: boolean };

/** Whether the command line asks for --json, looked for before it is parsed (a usage error is shaped by it too). */
export const wantsJson = (argv: string[]): boolean => {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).includes('--json');
};

/**
 * Finds the command (one word, or a group and a subcommand; `help WORDS` asks for help) among global flags, then
 * parses the rest against its declaration. --help wins over everything but an unknown command, then --version.
 */
export function resolveCommand<C extends Spec>(
  argv: string[],
  table: Record<string, C>,
  program: string,
): Resolution<C> {
  const json = wantsJson(argv);
  const words: string[] = [];
  let rest = argv.length;
  const groups = new Set(Object.keys(table).flatMap((n) => (n.includes(' ') ? [n.split(' ')[0]!] : [])));
  const pre: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const tok = argv[i]!;
    if (tok.startsWith('-') && tok !== '-') {
      const name = tok.startsWith('--') ? tok.slice(2).split('=')[0]! : tok;
      if (!GLOBAL_FLAGS[name] && name !== '-h') {
        rest = i;
        break;
      }
      pre.push(tok);
      if (GLOBAL_FLAGS[name]?.value && !tok.includes('=') && i + 1 < argv.length) pre.push(argv[++i]!);
      continue;
    }
    words.push(tok);
    const w = words[0] === 'help' ? words.slice(1) : words;
    const done = w.length === 2 || (w.length === 1 && !groups.has(w[0]!));
    if (done && words[0] !== 'help') {
      rest = i + 1;
      break;
    }
  }
  const after = argv.slice(rest);
  if (words[0] === 'help') {
    const topic = words.slice(1);
    return { kind: 'help', topic, command: lookup(table, topic, program), json };
  }
  const asked = [...pre, ...after];
  const helpAsked = asked.some((t) => t === '--help' || t === '-h');
  if (!words.length) {
    if (helpAsked) return { kind: 'help', topic: [], command: null, json };
    const parsed = parseFlags(asked, { summary: '' }, program);
    if (parsed.flags.version) return { kind: 'version', json };
    refuse(`no command given (see ${program} --help)`);
  }
  const command = lookup(table, words, program);
  if (!command) {
    // A group alone: `svc tenant --help` lists its subcommands.
    if (helpAsked) return { kind: 'help', topic: words, command: null, json };
    refuse(`${program} ${words[0]} needs a subcommand: ${subcommands(table, words[0]!).join(', ')}`);
  }
  const label = `${program} ${words.join(' ')}`;
  if (helpAsked) return { kind: 'help', topic: words, command, json };
  const parsed = parseFlags(asked, command!, label);
  if (parsed.flags.version) return { kind: 'version', json };
  checkComplete(parsed, command!, label);
  return { kind: 'run', name: words.join(' '), command: command!, flags: parsed.flags, args: parsed.args, json };
}

const subcommands = (table: Record<string, Spec>, group: string): string[] =>
  Object.keys(table)
    .filter((n) => n.startsWith(`${group} `))
    .map((n) => n.slice(group.length + 1));

/** The command named by `words`, null for a group; an unknown name is a UsageError. */
function lookup<C extends Spec>(table: Record<string, C>, words: string[], program: string): C | null {
  if (!words.length) return null;
  const name = words.join(' ');
  if (table[name]) return table[name]!;
  if (words.length === 1 && subcommands(table, name).length) return null;
  return refuse(`unknown command ${JSON.stringify(name)} (see ${program} --help)`);
}

/** `--name NAME`, `[--plan free|builder|enterprise]`, `[--force]`. */
function flagUsage(name: string, f: Flag): string {
  const v = f.value ? ` ${f.choices ? f.choices.join('|') : f.value}` : '';
  return f.required ? `--${name}${v}` : `[--${name}${v}]`;
}

/** The usage line of `name`: its arguments, then its flags. */
export function usageLine(program: string, name: string, spec: Spec): string {
  const args = (spec.args ?? []).map((a) => {
    const n = a.choices ? a.choices.join('|') : a.name;
    return a.optional ? `[${n}]` : n;
  });
  const flags = Object.entries(spec.flags ?? {}).map(([n, f]) => flagUsage(n, f));
  return [program, name, ...args, ...flags].join(' ');
}

const pad = (rows: [string, string][]): string[] => {
  const w = Math.max(...rows.map(([a]) => a.length));
  return rows.map(([a, b]) => `  ${a.padEnd(w)}  ${b}`);
};

function flagRows(flags: Record<string, Flag>): [string, string][] {
  return Object.entries(flags).map(([n, f]) => {
    const v = f.value ? ` ${f.value}` : '';
    const allowed = f.choices ? ` (${f.choices.join(', ')})` : '';
    return [`--${n}${v}`, `${f.help}${allowed}${f.required ? ' (required)' : ''}`];
  });
}

/** The help of one command, of a group (`topic` its name, `command` null) or of the program (`topic` empty). */
export function helpText(program: string, table: Record<string, Spec>, topic: string[], command: Spec | null): string {
  if (command) {
    const name = topic.join(' ');
    const lines = [`Usage: ${usageLine(program, name, command)}`, '', command.summary];
    if (command.flags && Object.keys(command.flags).length) lines.push('', 'Flags:', ...pad(flagRows(command.flags)));
    lines.push('', 'Global flags:', ...pad(flagRows(GLOBAL_FLAGS)));
    return lines.join('\n');
  }
  const names = Object.keys(table).filter((n) => !topic.length || n.startsWith(`${topic[0]} `));
  const lines = [
    `Usage: ${program} ${topic.length ? `${topic[0]} ` : ''}<command> [flags]`,
    '',
    'Commands:',
    ...pad(names.map((n) => [n, table[n]!.summary])),
    '',
    'Global flags:',
    ...pad(flagRows(GLOBAL_FLAGS)),
    '',
    `${program} <command> --help shows the command's arguments and flags. Exit status: 0 done, 1 failed, 2 usage error.`,
  ];
  return lines.join('\n');
}

/** --help --json: the same, as data. */
export function helpJson(program: string, table: Record<string, Spec>, topic: string[], command: Spec | null) {
  const describe = (name: string, c: Spec) => ({
    command: name,
    usage: usageLine(program, name, c),
    summary: c.summary,
    args: (c.args ?? []).map((a) => ({ name: a.name, optional: !!a.optional, choices: a.choices ?? null })),
    flags: Object.entries(c.flags ?? {}).map(([n, f]) => ({
      name: n,
      value: f.value ?? null,
      required: !!f.required,
      choices: f.choices ?? null,
      help: f.help,
    })),
  });
  if (command) return describe(topic.join(' '), command);
  return {
    commands: Object.keys(table)
      .filter((n) => !topic.length || n.startsWith(`${topic[0]} `))
      .map((n) => describe(n, table[n]!)),
    global_flags: Object.keys(GLOBAL_FLAGS),
  };
}

/** The console's declaration, shared by `svc console` and `npm run console` (the console imports no CLI command). */
export const CONSOLE: Spec = { summary: 'the terminal console (same as npm run console)' };

/** Exit status: 0 done, 1 failed (one line on stderr), 2 usage error (one line on stderr, nothing done). */
export const EXIT_USAGE = 2;

/** A command's output: one JSON object with --json, else its text. */
export function printResult(json: boolean, value: unknown, text: string): void {
  process.stdout.write(json ? `${JSON.stringify(value)}\n` : text.endsWith('\n') ? text : `${text}\n`);
}

/**
 * A failure: one line on stderr, and with --json the one error shape on stdout, {error, message}: `error` is
 * `usage` for a usage error, the error code of a refusal (`not_found`, `bad_request`, ...) or `failed`.
 */
export function printFailure(json: boolean, code: string, message: string): void {
  const line = message.split('\n')[0]!;
  if (json) process.stdout.write(`${JSON.stringify({ error: code, message: line })}\n`);
  process.stderr.write(`error: ${code === 'usage' || code === 'failed' ? '' : `${code}: `}${line}\n`);
}

export type Run<C extends Spec> = Extract<Resolution<C>, { kind: 'run' }>;

/**
 * Resolves `argv` against `table`. --help, --version and usage errors are answered here (printed) and their exit
 * status returned; otherwise the command to run.
 */
export function commandLine<C extends Spec>(
  argv: string[],
  table: Record<string, C>,
  program: string,
  version: string,
): Run<C> | number {
  let r: Resolution<C>;
  try {
    r = resolveCommand(argv, table, program);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    printFailure(wantsJson(argv), 'usage', e.message);
    return EXIT_USAGE;
  }
  if (r.kind === 'help') {
    printResult(r.json, helpJson(program, table, r.topic, r.command), helpText(program, table, r.topic, r.command));
    return 0;
  }
  if (r.kind === 'version') {
    printResult(r.json, { version }, `proof-ledger ${version}`);
    return 0;
  }
  return r;
}
