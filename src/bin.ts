// Entry of the compiled executable: `proof-ledger serve | console | svc <command>` (every CLI command).
// `svc` is only a prefix: the CLI itself knows serve and console too.
if (process.argv[2] === 'svc') process.argv.splice(2, 1);
await import('./cli/index');
export {};
