// The operator CLI (docs/operations.md "Operator CLI"): the command line, printing and exit status; every action is an
// area service call.
import { loadConfig, setConfig, type Config } from '../config';
import { openStore, closeStore } from '../store/env';
import { ApiError } from '../errors';
import { commands } from './commands';
import { setLogSink } from '../log';
import { helpJson, helpText, resolveCommand, UsageError, wantsJson, type Values } from './argv';
import { wireRecordTable } from '../workers/record-kinds';
import { replicateOperator } from '../replication/link';
import { VERSION } from '../version';

export type CliContext = { args: string[]; flags: Values; json: boolean };
export type CliResult = { json: unknown; text: string };

/** Exit status: 0 done, 1 failed (one line on stderr), 2 usage error (one line on stderr, nothing done). */
const USAGE = 2;

/**
 * A failure: one line on stderr, and with --json the one error shape on stdout, {error, message}: `error` is
 * `usage` for a usage error, the error code of the refusal (`not_found`, `bad_request`, ...) or `failed`.
 */
function fail(json: boolean, code: string, message: string): void {
  const line = message.split('\n')[0]!;
  if (json) process.stdout.write(`${JSON.stringify({ error: code, message: line })}\n`);
  process.stderr.write(`error: ${code === 'usage' || code === 'failed' ? '' : `${code}: `}${line}\n`);
}

const print = (json: boolean, value: unknown, text: string): void => {
  process.stdout.write(json ? `${JSON.stringify(value)}\n` : text.endsWith('\n') ? text : `${text}\n`);
};

/** Runs one command line (`argv` without the program) and answers its exit status; `program` names it in help. */
export async function runCli(argv: string[], program = 'svc'): Promise<number> {
  // Files the CLI creates in the data directory (a first LMDB open, the master key) are for this user only.
  process.umask(0o077);
  // stdout carries the command's output only (one JSON object with --json); log lines go to stderr.
  setLogSink((text) => process.stderr.write(text));
  const json = wantsJson(argv);
  let r: ReturnType<typeof resolveCommand<(typeof commands)[string]>>;
  try {
    r = resolveCommand(argv, commands, program);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    fail(json, 'usage', e.message);
    return USAGE;
  }
  if (r.kind === 'help') {
    print(r.json, helpJson(program, commands, r.topic, r.command), helpText(program, commands, r.topic, r.command));
    return 0;
  }
  if (r.kind === 'version') {
    print(r.json, { version: VERSION }, `proof-ledger ${VERSION}`);
    return 0;
  }
  try {
    return await run(r.name, r.command, { args: r.args, flags: r.flags, json });
  } catch (e) {
    fail(json, e instanceof ApiError ? e.code : 'failed', (e as Error).message);
    return 1;
  }
}

async function run(name: string, cmd: (typeof commands)[string], ctx: CliContext): Promise<number> {
  const { json } = ctx;
  let cfg: Config;
  try {
    cfg = setConfig(loadConfig(undefined, { dataDir: ctx.flags['data-dir'] as string | undefined }));
  } catch (e) {
    // doctor reports a broken configuration as its first problem, in its own output shape.
    if (name !== 'doctor') throw e;
    const msg = (e as Error).message.split('\n')[0]!;
    print(json, { ok: false, problems: [msg], checked: ['config'], version: VERSION }, msg);
    process.stderr.write('error: 1 problem(s) found\n');
    return 1;
  }
  if (cmd.opensStore !== false) {
    openStore(cfg.dataDir, { replicated: !!cfg.replication });
    // Operator changes reach every node through the stream (docs/operations.md "Replication and failover").
    if (cfg.replication) replicateOperator(cfg.replication);
  }
  wireRecordTable();
  const result = await cmd.run(ctx);
  if (result) print(json, result.json, result.text);
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
