// Entry of the compiled executable: `proof-ledger serve | console | svc <command>` (every CLI command).
// `svc` is only a prefix: the CLI itself knows serve and console too.
import { runCli } from './cli/index';

const argv = process.argv.slice(2);
process.exit(await runCli(argv[0] === 'svc' ? argv.slice(1) : argv, 'proof-ledger'));
