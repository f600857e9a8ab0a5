#!/usr/bin/env node
// Owns `proof-ledger-verify FILE [--policy P] [--tsa-ca PEM] [--keys KEYS.json] [--platform-key PK.json] [--json]`: the offline verifier as
// `svc verify` runs it: the report on stdout, exit 0 when valid, else 1 with one line on stderr naming the failure.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { reportLines } from '../../../src/verify/report-text';
import { checkDocument, resultOf } from './rules';

const USAGE =
  'usage: proof-ledger-verify FILE [--policy POLICY] [--tsa-ca PEM] [--keys KEYS.json] [--platform-key PLATFORM.json] [--json]';

function read(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
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
  const jsonFile = (file: string | undefined): unknown => (file === undefined ? undefined : JSON.parse(read(file)));
  const report = await checkDocument(read(positionals[0]!), {
    policy: values.policy === undefined ? undefined : read(values.policy),
    tsaRoots: values['tsa-ca'] === undefined ? undefined : read(values['tsa-ca']),
    keys: jsonFile(values.keys),
    platformKey: jsonFile(values['platform-key']),
  });
  const result = resultOf(report);
  process.stdout.write(values.json ? `${JSON.stringify(result)}\n` : `${reportLines(report).join('\n')}\n`);
  if (result.valid) return 0;
  const first = result.checks.find((c) => !c.ok)!;
  process.stderr.write(`error: NOT VERIFIED: ${first.item} ${first.name}: ${first.detail}\n`);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`error: ${String((e as Error).message).split('\n')[0]}\n`);
    process.exit(1);
  },
);
