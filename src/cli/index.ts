// The operator CLI (APPLIANCE.md): argument parsing and printing only; every action is an area service call.
import { loadConfig, setConfig, type Config } from '../config';
import { openStore, closeStore } from '../store/env';
import { ApiError } from '../errors';
import { commands } from './commands';
import { setLogSink } from '../log';
import { parseArgv } from './argv';
import { wireRecordTable } from '../workers/record-kinds';
import { replicateOperator } from '../replication/link';
import { assertOperatorMayWrite } from '../replication/preflight';

// Files the CLI creates in the data directory (a first LMDB open, the master key) are for this user only.
process.umask(0o077);

// stdout carries the command's output only (one JSON object with --json); log lines go to stderr.
setLogSink((text) => process.stderr.write(text));

export type CliContext = { args: string[]; flags: Record<string, string | boolean | undefined>; json: boolean };
export type CliResult = { json: unknown; text: string };

const { values, positionals } = parseArgv(process.argv.slice(2));
const json = values.json === true;

async function main(): Promise<number> {
  const [group, sub, ...rest] = positionals;
  const twoWord = `${group} ${sub}`;
  const entry = commands[twoWord]
    ? { name: twoWord, args: rest }
    : commands[group ?? '']
      ? { name: group!, args: sub === undefined ? rest : [sub, ...rest] }
      : null;
  if (!entry) {
    process.stderr.write(
      `unknown command: ${positionals.join(' ') || '(none)'}; commands: ${Object.keys(commands).join(', ')}\n`,
    );
    return 1;
  }
  const cmd = commands[entry.name]!;
  let cfg: Config;
  try {
    cfg = setConfig(loadConfig(undefined, { dataDir: values['data-dir'] as string | undefined }));
  } catch (e) {
    // doctor reports a broken configuration as its first problem, in its own output shape.
    if (entry.name !== 'doctor') throw e;
    const msg = (e as Error).message.split('\n')[0]!;
    process.stdout.write(
      json ? JSON.stringify({ ok: false, problems: [msg], checked: ['config'] }) + '\n' : msg + '\n',
    );
    process.stderr.write('error: 1 problem(s) found\n');
    return 1;
  }
  if (cmd.opensStore !== false) {
    openStore(cfg.dataDir, { replicated: !!cfg.replication });
    // Operator changes reach every node through the stream (docs/operations.md "Replication and failover").
    if (cfg.replication) replicateOperator(cfg.replication);
    // Refused before anything is done: on a cluster's data directory only through PostgreSQL, never here alone.
    if (cmd.writes) await assertOperatorMayWrite(cfg);
  }
  wireRecordTable();
  const result = await cmd.run({ args: entry.args, flags: values as CliContext['flags'], json });
  if (result)
    process.stdout.write(
      json ? JSON.stringify(result.json) + '\n' : result.text.endsWith('\n') ? result.text : result.text + '\n',
    );
  if (cmd.opensStore !== false) await closeStore();
  const failed = result as { exitCode?: number; failure?: string } | null;
  if (failed?.exitCode) {
    // APPLIANCE: exit 1 with a one-line message on stderr (the report itself stays on stdout).
    process.stderr.write(`error: ${failed.failure ?? 'command failed'}\n`);
    return failed.exitCode;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    const msg = e instanceof ApiError ? `${e.code}: ${e.message}` : (e as Error).message;
    process.stderr.write(`error: ${msg.split('\n')[0]}\n`);
    process.exit(1);
  },
);
