// The operator CLI (docs/operations.md "Operator CLI"): the command line, printing and exit status; every action is an
// area service call.
import { loadConfig, type Config } from '../config';
import { boot } from '../boot';
import { closeStore } from '../store/env';
import { ApiError } from '../errors';
import { commands } from './commands';
import { setLogSink } from '../log';
import { commandLine, printFailure, printResult, type Values } from './argv';
import { VERSION } from '../version';
import { assertOperatorMayWrite } from '../replication/preflight';

export type CliContext = { args: string[]; flags: Values; json: boolean };
export type CliResult = { json: unknown; text: string };

/** Runs one command line (`argv` without the program) and answers its exit status; `program` names it in help. */
export async function runCli(argv: string[], program = 'svc'): Promise<number> {
  // Files the CLI creates in the data directory (a first LMDB open, the master key) are for this user only.
  process.umask(0o077);
  // stdout carries the command's output only (one JSON object with --json); log lines go to stderr.
  setLogSink((text) => process.stderr.write(text));
  const r = commandLine(argv, commands, program, VERSION);
  if (typeof r === 'number') return r;
  try {
    return await run(r.name, r.command, { args: r.args, flags: r.flags, json: r.json });
  } catch (e) {
    printFailure(r.json, e instanceof ApiError ? e.code : 'failed', (e as Error).message);
    return 1;
  }
}

async function run(name: string, cmd: (typeof commands)[string], ctx: CliContext): Promise<number> {
  const { json } = ctx;
  if (cmd.loadsConfig === false) {
    await cmd.run(ctx);
    return 0;
  }
  let cfg: Config;
  try {
    cfg = loadConfig(undefined, { dataDir: ctx.flags['data-dir'] as string | undefined });
  } catch (e) {
    // doctor reports a broken configuration as its first problem, in its own output shape.
    if (name !== 'doctor') throw e;
    const msg = (e as Error).message.split('\n')[0]!;
    printResult(json, { ok: false, problems: [msg], checked: ['config'], version: VERSION }, msg);
    process.stderr.write('error: 1 problem(s) found\n');
    return 1;
  }
  boot({ role: 'cli', config: cfg, store: cmd.opensStore !== false });
  // Refused before anything is done: on a cluster's data directory only through PostgreSQL, never here alone.
  if (cmd.opensStore !== false && cmd.writes) await assertOperatorMayWrite(cfg);
  const result = await cmd.run(ctx);
  if (result) printResult(json, result.json, result.text);
  if (cmd.opensStore !== false) await closeStore();
  const failed = result as { exitCode?: number; failure?: string } | null;
  if (failed?.exitCode) {
    // Exit 1 with a one-line message on stderr (the report itself stays on stdout).
    process.stderr.write(`error: ${failed.failure ?? 'command failed'}\n`);
    return failed.exitCode;
  }
  return 0;
}

if (import.meta.main) process.exit(await runCli(process.argv.slice(2)));
