// Owns the state-changing operator actions as the CLI, the console and the administration API run them: each calls
// its area service and appends one entry to the operator log in the transaction of its change, {action, at, by (the
// OS user, `key:<key_id>` or `token:<token_id>`), target (ids), details}. Details name what changed and never a
// secret: an API key's or operator token's plaintext, a private key or the master key never go in.
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { config } from '../config';
import { replicateOperator } from '../replication/link';
import { assertRestoreMayWrite } from '../replication/preflight';
import { closeStore, openStore, transact, type AlsoInTxn } from '../store/env';
import {
  createTenant,
  findTenant,
  rotateKey,
  setPastDue,
  setPlan,
  verifyDomain,
  type CreatedTenant,
  type CreateTenantIn,
} from '../tenants/service';
import { createApiKey, revokeApiKey, type CreatedKey, type CreateKeyIn } from '../api-keys/service';
import { createOperatorToken, revokeOperatorToken } from '../operator-tokens/service';
import { deleteOrg, setArchived } from '../audit/service';
import { deleteStream } from '../streams/service';
import { removeExpiredExports } from '../exports/service';
import { runRetention } from '../workers/retention';
import { createBackup, type BackupResult, restoreBackup } from '../backup/index';
import { addLog } from '../witness/service';
import { addIssuer, revokeIssuer, type AddIssuerIn } from '../scitt/service';
import { appendOperatorEntryInTxn } from '../tlog/index';
import type { OperatorActions } from './port';

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

type Described = [action: string, target: Record<string, string>, details: Record<string, unknown>];

/**
 * The actions, each recorded as made by `by()`. An action whose change is one write transaction hands its service
 * `logged(...)`: the service runs it inside that transaction with its result, so the change and its operator-log
 * entry commit together or not at all (docs/architecture.md "Operator actions"). An action that works across many
 * transactions or files (retention run, backup, restore) records its entry in a transaction of its own once the work
 * is done. The creates also take the caller's own `also` (an idempotent create's stored answer), run after the entry.
 */
function actions(by: () => string) {
  const logged = <R>(describe: (r: R) => Described, also?: AlsoInTxn<R>): AlsoInTxn<R> => {
    // Who acted is known before the transaction (the OS user may take a file read to find).
    const who = by();
    return (r) => {
      const [action, target, details] = describe(r);
      appendOperatorEntryInTxn({ action, at: new Date().toISOString(), by: who, target, details });
      also?.(r);
    };
  };
  /** The entry of work already done, in a transaction of its own. */
  const loggedAfter = <R>(r: R, describe: (r: R) => Described, also?: AlsoInTxn<R>): Promise<R> =>
    transact(() => {
      logged(describe, also)(r);
      return r;
    });
  return {
    createTenant: (input: CreateTenantIn, also?: AlsoInTxn<CreatedTenant>) =>
      createTenant(
        input,
        logged(
          (r) => [
            'tenant.create',
            { tenant_id: r.tenant_id },
            {
              name: r.name,
              domain: r.primary_domain,
              plan: r.plan,
              key_id: r.key_id,
              ...(r.sandbox ? { sandbox: true } : {}),
            },
          ],
          also,
        ),
      ),
    setPlan: (ref: string, plan: string) =>
      setPlan(
        ref,
        plan,
        logged((t) => ['tenant.set_plan', { tenant_id: t.tenant_id }, { plan: t.plan }]),
      ),
    setPastDue: (ref: string, on: boolean) =>
      setPastDue(
        ref,
        on,
        logged((t) => ['tenant.set_past_due', { tenant_id: t.tenant_id }, { past_due: t.past_due }]),
      ),
    verifyDomain: (ref: string, force: boolean) =>
      verifyDomain(
        ref,
        force,
        logged((t) => [
          'tenant.verify_domain',
          { tenant_id: t.tenant_id },
          { domain: t.primary_domain, how: force ? 'operator attestation (--force)' : 'DNS TXT' },
        ]),
      ),
    rotateKey(ref: string) {
      const tenantId = findTenant(ref).tenant_id;
      return rotateKey(
        tenantId,
        logged((r) => ['tenant.rotate_key', { tenant_id: tenantId }, { key_id: r.key_id, public_key: r.public_key }]),
      );
    },
    createApiKey: (input: CreateKeyIn, also?: AlsoInTxn<CreatedKey>) =>
      createApiKey(
        input,
        // The plaintext is returned to the caller once and never recorded.
        logged(
          (r) => [
            'key.create',
            { tenant_id: r.tenant_id, key_id: r.key_id },
            { name: r.name, scopes: r.scopes, ip_allowlist: r.ip_allowlist },
          ],
          also,
        ),
      ),
    revokeApiKey: (keyId: string, tenantId?: string) =>
      revokeApiKey(
        keyId,
        tenantId,
        logged((r) => ['key.revoke', { tenant_id: r.tenant_id, key_id: r.key_id }, { revoked_at: r.revoked_at }]),
      ),
    createOperatorToken: (name: string) =>
      createOperatorToken(
        name,
        logged((r) => ['operator_token.create', { token_id: r.token_id }, { name: r.name }]),
      ),
    revokeOperatorToken: (tokenId: string) =>
      revokeOperatorToken(
        tokenId,
        logged((r) => ['operator_token.revoke', { token_id: r.token_id }, { name: r.name, revoked_at: r.revoked_at }]),
      ),
    setOrgArchived: (tenantId: string, orgId: string, archived: boolean) =>
      setArchived(
        tenantId,
        orgId,
        archived,
        logged(() => [archived ? 'org.archive' : 'org.unarchive', { tenant_id: tenantId, org_id: orgId }, {}]),
      ),
    deleteOrg: (tenantId: string, orgId: string) =>
      deleteOrg(
        tenantId,
        orgId,
        logged(() => ['org.delete', { tenant_id: tenantId, org_id: orgId }, {}]),
      ),
    deleteStream: (tenantId: string, orgId: string, streamId: string) =>
      deleteStream(
        tenantId,
        orgId,
        streamId,
        logged(() => ['stream.delete', { tenant_id: tenantId, org_id: orgId, stream_id: streamId }, {}]),
      ),
    /** Many transactions (the purge runs in batches, as the daily pass does): recorded once it is done. */
    async runRetention(asOf: Date) {
      const r = await runRetention(asOf);
      return loggedAfter(r, () => ['retention.run', {}, { as_of: asOf.toISOString(), ...r }]);
    },
    async cleanExports(asOf: Date) {
      const removed = await removeExpiredExports(
        Math.floor(asOf.getTime() / 1000),
        logged((n) => ['exports.clean', {}, { as_of: asOf.toISOString(), exports_removed: n }]),
      );
      return { exports_removed: removed };
    },
    /** Files outside the store: recorded once they are complete. */
    async backup(to: string, opts: { includeMasterKey: boolean }, also?: AlsoInTxn<BackupResult>) {
      const r = await createBackup(to, opts);
      return loggedAfter(
        r,
        () => [
          'backup',
          { dir: r.dir },
          { files: r.files, bytes: r.bytes, records: r.records, includes_master_key: r.includes_master_key },
        ],
        also,
      );
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
        await loggedAfter(r, () => [
          'restore',
          { data_dir: r.data_dir },
          {
            from,
            records: r.records,
            files: r.files,
            not_before_checkpoint: opts.notBeforeCheckpoint ?? null,
            ...(opts.standalone ? { standalone: true } : {}),
          },
        ]);
      } finally {
        await closeStore();
      }
      return r;
    },
    addWitnessedLog: (origin: string, vkey: string) =>
      addLog(
        origin,
        vkey,
        logged((r) => ['witness.add_log', { origin: r.origin }, { vkey: r.vkey }]),
      ),
    addIssuer: (input: AddIssuerIn) =>
      addIssuer(
        input,
        logged((r) => ['issuer.add', { tenant_id: r.tenant_id, iss: r.iss }, { key_id: r.key_id, alg: r.alg }]),
      ),
    revokeIssuer: (tenant: string, iss: string) =>
      revokeIssuer(
        tenant,
        iss,
        logged((r) => [
          'issuer.revoke',
          { tenant_id: r.tenant_id, iss: r.iss },
          { key_id: r.key_id, revoked_at: r.revoked_at },
        ]),
      ),
  };
}

let user: string | null = null;
/** The actions of the CLI, the console and the first start: recorded as made by the OS user running them. */
export const operatorActions = actions(() => (user ??= osUser()));

/** The actions of an administration API call, recorded as made by `by` (`key:<key_id>` or `token:<token_id>`). */
export const operatorActionsBy = (by: string): OperatorActions => actions(() => by);
