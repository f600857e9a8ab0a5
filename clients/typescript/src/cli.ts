#!/usr/bin/env node
// Owns `proof-ledger-verify FILE [--policy P] [--tsa-ca PEM] [--keys KEYS.json] [--platform-key PK.json] [--json]`: the
// offline verifier as `svc verify` runs it: the report on stdout, exit 0 when valid, else 1 with one line on stderr
// naming the first failed check (docs/verification.md#the-command-lines).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { failureLine, reportLines } from '../../../src/verify/report-text';
import { resultOf } from '../../../src/verify/report';
import { readSavedJson } from '../../../src/verify/trust-input';
import { checkDocument } from './rules';

const USAGE =
  'usage: proof-ledger-verify FILE [--policy POLICY] [--tsa-ca PEM] [--keys KEYS.json] [--platform-key PLATFORM.json] [--json]';

function readBytes(file: string): Uint8Array {
  try {
    return readFileSync(file);
  } catch (e) {
    throw new Error(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}
const read = (file: string): string => Buffer.from(readBytes(file)).toString('utf8');

function jsonFile(file: string | undefined): unknown {
  if (file === undefined) return undefined;
  const r = readSavedJson(read(file));
  if (!r.ok) throw new Error(`${file} ${r.reason}`);
  return r.value;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      policy: { type: 'string' },
      'tsa-ca': { type: 'string' },
      keys: { type: 'string' },
      'platform-key': { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || positionals.length !== 1) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 1;
  }
  const report = await checkDocument(readBytes(positionals[0]!), {
    policy: values.policy === undefined ? undefined : read(values.policy),
    tsaRoots: values['tsa-ca'] === undefined ? undefined : read(values['tsa-ca']),
    keys: jsonFile(values.keys),
    platformKey: jsonFile(values['platform-key']),
  });
  process.stdout.write(values.json ? `${JSON.stringify(resultOf(report))}\n` : `${reportLines(report).join('\n')}\n`);
  if (report.valid) return 0;
  process.stderr.write(`error: ${failureLine(report.checks)}\n`);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`error: ${String((e as Error)?.message ?? e).split('\n')[0]}\n`);
    process.exit(1);
  },
);
