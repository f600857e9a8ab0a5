// Owns the state-changing operator actions as the CLI, the console and the administration API run them
// (DECISIONS 11): each calls its area service, then appends one entry to the operator log, {action, at, by (the OS
// user, `key:<key_id>` or `token:<token_id>`), target (ids), details}. Details name what changed and never a secret:
// an API key's or operator token's plaintext, a private key or the master key never go in.
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { config } from '../config';
import { replicateOperator } from '../replication/link';
import { assertRestoreMayWrite } from '../replication/preflight';
import { closeStore, openStore } from '../store/env';
import {
  createTenant,
  findTenant,
  rotateKey,
  setPastDue,
  setPlan,
  verifyDomain,
  type CreateTenantIn,
} from '../tenants/service';
import { createApiKey, revokeApiKey, type CreateKeyIn } from '../keys/service';
import { createOperatorToken, revokeOperatorToken } from '../operator-tokens/service';
import { deleteOrg, setArchived } from '../audit/service';
import { deleteStream } from '../streams/service';
import { removeExpiredExports } from '../exports/service';
import { runRetention } from './retention';
import { createBackup } from '../backup/create';
import { restoreBackup } from '../backup/restore';
import { addLog } from '../witness/service';
import { addIssuer, revokeIssuer, type AddIssuerIn } from '../scitt/service';
import { appendOperatorEntry } from '../tlog/operator-log';
import type { OperatorActions } from '../api/actions';

/** The account name of `uid` in /etc/passwd, or null. */
function passwdName(uid: number): string | null {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.split(':')[2] === String(uid));
    return line ? line.split(':')[0]! : null;
  } catch {
    return null;
  }
}

/**
 * The OS user running the command (uid when the account has no name). Bun's userInfo() answers "unknown" for
 * some accounts (root among them), so /etc/passwd is asked before falling back to the uid.
 */
function osUser(): string {
  const uid = process.getuid?.();
  let name: string | null = null;
  try {
    name = userInfo().username;
  } catch {
    name = null;
  }
  if (name && name !== 'unknown') return name;
  return (uid !== undefined && passwdName(uid)) || `uid:${uid ?? 'unknown'}`;
}

/** The actions, each recorded as made by `by()`. */
function actions(by: () => string) {
  const record = (action: string, target: Record<string, string>, details: Record<string, unknown>) =>
    appendOperatorEntry({ action, at: new Date().toISOString(), by: by(), target, details });
  return {
    async createTenant(input: CreateTenantIn) {
      const r = await createTenant(input);
      await record(
        'tenant.create',
        { tenant_id: r.tenant_id },
        { name: r.name, domain: r.primary_domain, plan: r.plan, key_id: r.key_id },
      );
      return r;
    },
    async setPlan(ref: string, plan: string) {
      const t = await setPlan(ref, plan);
      await record('tenant.set_plan', { tenant_id: t.tenant_id }, { plan: t.plan });
      return t;
    },
    async setPastDue(ref: string, on: boolean) {
      const t = await setPastDue(ref, on);
      await record('tenant.set_past_due', { tenant_id: t.tenant_id }, { past_due: t.past_due });
      return t;
    },
    async verifyDomain(ref: string, force: boolean) {
      const t = await verifyDomain(ref, force);
      await record(
        'tenant.verify_domain',
        { tenant_id: t.tenant_id },
        { domain: t.primary_domain, how: force ? 'operator attestation (--force)' : 'DNS TXT' },
      );
      return t;
    },
    async rotateKey(ref: string) {
      const tenantId = findTenant(ref).tenant_id;
      const r = await rotateKey(tenantId);
      await record('tenant.rotate_key', { tenant_id: tenantId }, { key_id: r.key_id, public_key: r.public_key });
      return r;
    },
    async createApiKey(input: CreateKeyIn) {
      const r = await createApiKey(input);
      // The plaintext is returned to the caller once and never recorded.
      await record(
        'key.create',
        { tenant_id: r.tenant_id, key_id: r.key_id },
        { name: r.name, scopes: r.scopes, ip_allowlist: r.ip_allowlist },
      );
      return r;
    },
    async revokeApiKey(keyId: string, tenantId?: string) {
      const r = await revokeApiKey(keyId, tenantId);
      await record('key.revoke', { tenant_id: r.tenant_id, key_id: r.key_id }, { revoked_at: r.revoked_at });
      return r;
    },
    async createOperatorToken(name: string) {
      const r = await createOperatorToken(name);
      await record('operator_token.create', { token_id: r.token_id }, { name: r.name });
      return r;
    },
    async revokeOperatorToken(tokenId: string) {
      const r = await revokeOperatorToken(tokenId);
      await record('operator_token.revoke', { token_id: r.token_id }, { name: r.name, revoked_at: r.revoked_at });
      return r;
    },
    async setOrgArchived(tenantId: string, orgId: string, archived: boolean) {
      const r = await setArchived(tenantId, orgId, archived);
      await record(archived ? 'org.archive' : 'org.unarchive', { tenant_id: tenantId, org_id: orgId }, {});
      return r;
    },
    async deleteOrg(tenantId: string, orgId: string) {
      const r = await deleteOrg(tenantId, orgId);
      await record('org.delete', { tenant_id: tenantId, org_id: orgId }, {});
      return r;
    },
    async deleteStream(tenantId: string, orgId: string, streamId: string) {
      const r = await deleteStream(tenantId, orgId, streamId);
      await record('stream.delete', { tenant_id: tenantId, org_id: orgId, stream_id: streamId }, {});
      return r;
    },
    async runRetention(asOf: Date) {
      const r = await runRetention(asOf);
      await record('retention.run', {}, { as_of: asOf.toISOString(), ...r });
      return r;
    },
    async cleanExports(asOf: Date) {
      const removed = await removeExpiredExports(Math.floor(asOf.getTime() / 1000));
      await record('exports.clean', {}, { as_of: asOf.toISOString(), exports_removed: removed });
      return { exports_removed: removed };
    },
    async backup(to: string, opts: { includeMasterKey: boolean }) {
      const r = await createBackup(to, opts);
      await record(
        'backup',
        { dir: r.dir },
        { files: r.files, bytes: r.bytes, records: r.records, includes_master_key: r.includes_master_key },
      );
      return r;
    },
    /**
     * Recorded in the restored data directory's operator log (the appliance that runs from it). With replication on,
     * through the stream like any operator command: the restored store first applies what the stream holds after
     * the backup's position, and the entry takes the next position, on every node's operator log alike.
     */
    async restore(from: string, opts: { notBeforeCheckpoint?: string; standalone?: boolean }) {
      await assertRestoreMayWrite(from, config(), !!opts.standalone);
      const r = await restoreBackup(from, opts);
      const rc = config().replication;
      openStore(r.data_dir, { replicated: !!rc });
      if (rc) replicateOperator(rc);
      try {
        await record(
          'restore',
          { data_dir: r.data_dir },
          {
            from,
            records: r.records,
            files: r.files,
            not_before_checkpoint: opts.notBeforeCheckpoint ?? null,
            ...(opts.standalone ? { standalone: true } : {}),
          },
        );
      } finally {
        await closeStore();
      }
      return r;
    },
    async addWitnessedLog(origin: string, vkey: string) {
      const r = await addLog(origin, vkey);
      await record('witness.add_log', { origin: r.origin }, { vkey: r.vkey });
      return r;
    },
    async addIssuer(input: AddIssuerIn) {
      const r = await addIssuer(input);
      await record('issuer.add', { tenant_id: r.tenant_id, iss: r.iss }, { key_id: r.key_id, alg: r.alg });
      return r;
    },
    async revokeIssuer(tenant: string, iss: string) {
      const r = await revokeIssuer(tenant, iss);
      await record(
        'issuer.revoke',
        { tenant_id: r.tenant_id, iss: r.iss },
        { key_id: r.key_id, revoked_at: r.revoked_at },
      );
      return r;
    },
  };
}

let user: string | null = null;
/** The actions of the CLI, the console and the first start: recorded as made by the OS user running them. */
export const operatorActions = actions(() => (user ??= osUser()));

/** The actions of an administration API call, recorded as made by `by` (`key:<key_id>` or `token:<token_id>`). */
export const operatorActionsBy = (by: string): OperatorActions => actions(() => by);
