// Owns the exports area's sub-databases; nothing outside src/exports/ touches them.
import { subDb } from '../store/env';
import type { ExportRow } from './model';

/** export_id -> job (the download URL carries no tenant; API reads check the row's tenant). */
export const exportJobs = () => subDb<ExportRow, string>('audit_exports');
/** export_id -> 1 for jobs not finished yet; ids are UUIDv7, so key order is the order they were asked in. */
export const pendingJobs = () => subDb<number, string>('audit_exports_pending');
/** [expires_at unix s, export_id] -> 1: finished jobs whose file is still on disk. */
export const fileExpiry = () => subDb<number, [number, string]>('audit_exports_expiry');
