// Owns the port through which routes run state-changing administration actions: each call is one operator-log
// entry naming who made it (docs/api.md#who-is-recorded), committed with its change. The actions are implemented once for the CLI, the
// console (src/operator-actions/actions.ts), and handed to the routes by the server, as the guard plugin is.
import type { AlsoInTxn } from '../store/env';
import type { CreatedTenant, CreateTenantIn, TenantRow, rotateKey } from '../tenants/service';
import type { CreatedKey, CreateKeyIn, revokeApiKey } from '../api-keys/service';
import type { addLog } from '../witness/service';
import type { deleteOrg, setArchived } from '../audit/service';
import type { deleteStream } from '../streams/service';
import type { AddIssuerIn, addIssuer, revokeIssuer } from '../scitt/service';
import type { OperatorPrincipal, Principal } from '../route-kit/guards';

type Result<F extends (...args: never[]) => unknown> = Promise<Awaited<ReturnType<F>>>;

/**
 * The actions an API caller may run; `ref` names a tenant by id or primary domain. A create's `also` runs in the
 * transaction of its change and entry (an idempotent create stores its answer there: answerInTxn).
 */
export type OperatorActions = {
  createTenant(input: CreateTenantIn, also?: AlsoInTxn<CreatedTenant>): Promise<CreatedTenant>;
  setPlan(ref: string, plan: string): Promise<TenantRow>;
  setPastDue(ref: string, on: boolean): Promise<TenantRow>;
  verifyDomain(ref: string, force: boolean): Promise<TenantRow>;
  rotateKey(ref: string): Result<typeof rotateKey>;
  createApiKey(input: CreateKeyIn, also?: AlsoInTxn<CreatedKey>): Promise<CreatedKey>;
  /** With `tenantId`, only a key of that tenant. */
  revokeApiKey(keyId: string, tenantId?: string): Result<typeof revokeApiKey>;
  runRetention(asOf: Date): Promise<Record<string, number>>;
  backup(
    to: string,
    opts: { includeMasterKey: boolean },
    also?: AlsoInTxn<Record<string, unknown>>,
  ): Promise<Record<string, unknown>>;
  addWitnessedLog(origin: string, vkey: string): Result<typeof addLog>;
  setOrgArchived(tenantId: string, orgId: string, archived: boolean): Result<typeof setArchived>;
  deleteOrg(tenantId: string, orgId: string): Result<typeof deleteOrg>;
  deleteStream(tenantId: string, orgId: string, streamId: string): Result<typeof deleteStream>;
  /** docs/scitt.md#issuers: `tenant` by id or primary domain. */
  addIssuer(input: AddIssuerIn): Result<typeof addIssuer>;
  revokeIssuer(tenant: string, iss: string): Result<typeof revokeIssuer>;
};

/** The actions recorded as made by `by`: `key:<key_id>` or `token:<token_id>`. */
export type ActionsBy = (by: string) => OperatorActions;

/** docs/api.md#who-is-recorded: a change made with an API key is recorded as made by that key. */
export const keyActor = (p: Principal): string => `key:${p.key.key_id}`;
/** docs/api.md#who-is-recorded: a change made with an operator token is recorded as made by that token. */
export const tokenActor = (o: OperatorPrincipal): string => `token:${o.token_id}`;
