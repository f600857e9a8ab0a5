// Owns the backup area's public surface: `svc backup` (a snapshot with its manifest) and `svc restore` (its checks,
// the rollback guard and the full re-verification), run by the operator actions and the CLI.
export { createBackup, type BackupResult } from './create';
export { checkBackup, restoreBackup } from './restore';
