// Owns the portal's sub-databases; nothing outside src/portal/ touches them.
import { subDb } from '../store/env';
import type { LinkRow, SessionRow } from './model';

/** sha256(link token) hex -> link. */
export const links = () => subDb<LinkRow, string>('portal_links');
/** sha256(session token) hex -> session. */
export const sessions = () => subDb<SessionRow, string>('portal_sessions');
/** [expires_ms, 'link' | 'session', hash] -> 1: lets minting sweep what has expired by range. */
export const expiry = () => subDb<number, [number, string, string]>('portal_expiry');
