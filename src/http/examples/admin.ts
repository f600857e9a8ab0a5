// Owns the examples of the admin routes in the OpenAPI document, answers of a real appliance.
import { ofOperation, ofSchema, type Example } from './example';

/** The monthly usage block of a tenant that has used nothing yet, under its plan's limits (null: no limit). */
const unused = (events: number | null, verifications: number | null, ai: number | null, traces: number | null) => ({
  events_per_month: { used: 0, limit: events },
  api_verifications_per_month: { used: 0, limit: verifications },
  ai_attestations_per_month: { used: 0, limit: ai },
  traces_per_month: { used: 0, limit: traces },
});

/** The tenant Initech, on the free plan, as the operator's create answered it (sandbox aside). */
const initechCreated = {
  tenant_id: '2caf738e-c09f-4562-bf54-ec546f0e74cb',
  name: 'Initech',
  primary_domain: 'initech.example',
  plan: 'free',
  key_id: '1b1e728bd8bf9d96',
  public_key: 'fdc00260e0480fb009fc25d28e3f3595397d0abee1046d4a9859645c50e54d6e',
};
/** A tenant as the operator API shows it, with the one signing key it was created with and nothing changed since. */
const tenant = (t: typeof initechCreated, created_at: string, usage: ReturnType<typeof unused>) => ({
  tenant_id: t.tenant_id,
  name: t.name,
  issuer_name: t.name,
  primary_domain: t.primary_domain,
  domain_verified: false,
  domain_verified_at: null,
  logo_url: null,
  plan: t.plan,
  past_due: false,
  created_at,
  active_key_id: t.key_id,
  sandbox: false,
  keys: [{ key_id: t.key_id, public_key: t.public_key, valid_from: created_at, valid_until: null }],
  usage,
});
/** Initech as the operator API shows it right after. */
const initech = tenant(initechCreated, '2026-11-27T13:59:41.146Z', unused(1000, 1000, 50, 250));
/** Initech moved to the enterprise plan: no monthly limits. */
const enterprise = { ...initech, plan: 'enterprise', usage: unused(null, null, null, null) };
const pastDue = { ...enterprise, past_due: true };

/** A log the appliance witnesses, just added: it has cosigned no checkpoint yet. */
const witnessedLog = {
  origin: 'git.example.org/transparency',
  vkey: 'git.example.org/transparency+57543a43+AZj5jStPWK+z5tQDqtRUw1y7PiOHrC4m/tBDIBEIrpod',
  size: 0,
  root_hash: null,
  added_at: '2026-11-27T13:59:42.231Z',
  cosigned_at: null,
};

export const adminExamples: Example[] = [
  ofSchema('AdminKeyIn', { name: 'billing-service', scopes: ['read', 'write'] }),
  ofSchema('TenantIn', { name: 'Globex', domain: 'globex.example', plan: 'builder' }),
  ofSchema('PlanIn', { plan: 'enterprise' }),
  ofSchema('PastDueIn', { on: true }),
  ofSchema('VerifyDomainIn', { force: true }),
  ofOperation('POST /v1/operator/tenants/{id}/keys', 'body', {
    name: 'ingest',
    scopes: ['write'],
    allow_ips: ['203.0.113.0/24'],
  }),
  ofSchema('RetentionRunIn', {}),
  ofSchema('BackupIn', { to: '/var/backups/proof-ledger/2026-11-27' }),
  ofSchema('AdminKeyList', {
    keys: [
      {
        key_id: '26e7e88c-2192-4de3-8ea2-95652eede75f',
        name: 'test',
        scopes: ['read', 'write', 'audit:read', 'audit:write', 'admin'],
        created_at: '2026-11-27T13:59:28.386Z',
        last_used_at: '2026-11-27T13:59:37.139Z',
        revoked_at: null,
        allow_ips: [],
      },
    ],
  }),
  ofSchema('AdminKeyCreated', {
    key_id: '6f7cc6f1-0335-4504-9152-e0b1d9cd7cc6',
    api_key: 'svc_live_8k38flXmtrm3FrLiYKfCE4lsT8o4-B3Ro0He3VokGGQ',
    tenant_id: 'b0121337-8bda-496d-87e8-a0b754d4909e',
    name: 'billing-service',
    scopes: ['read', 'write'],
    allow_ips: [],
  }),
  ofSchema('AdminKeyRevoked', {
    key_id: '6f7cc6f1-0335-4504-9152-e0b1d9cd7cc6',
    revoked_at: '2026-11-27T13:59:37.204Z',
  }),
  ofSchema('TenantCreated', { ...initechCreated, sandbox: false }),
  ofSchema('TenantPage', {
    tenants: [
      tenant(
        {
          tenant_id: '3ae695c3-c9fc-432a-af9d-de52b26f38b3',
          name: 'default',
          primary_domain: 'localhost',
          plan: 'builder',
          key_id: 'cbb0db93865d3a3e',
          public_key: '1ddb0e24424bf1b12763381b3fb5ba192c7f78f3631c9fdc57d277c3a5fcc4f9',
        },
        '2026-11-27T13:59:24.711Z',
        unused(100000, 100000, 10000, 60000),
      ),
    ],
    next_cursor: null,
  }),
  ofSchema('SigningKeyRotated', {
    key_id: '06d9f2cec0c7b881',
    public_key: '9da8ed59518d65d4770e76604b1a958e4aae6cdddddfb1a1e2c4fba002c7f246',
  }),
  ofSchema('OperatorLogPage', {
    entries: [
      {
        leaf_index: 2,
        entry: {
          action: 'tenant.create',
          at: '2026-11-27T13:59:26.923Z',
          by: 'root',
          details: { domain: 'acme.example', key_id: 'd7a2c9c2f9a5985e', name: 'acme.example', plan: 'enterprise' },
          target: { tenant_id: 'b0121337-8bda-496d-87e8-a0b754d4909e' },
        },
      },
      {
        leaf_index: 3,
        entry: {
          action: 'key.create',
          at: '2026-11-27T13:59:28.445Z',
          by: 'root',
          details: { ip_allowlist: [], name: 'test', scopes: ['read', 'write', 'audit:read', 'audit:write', 'admin'] },
          target: { key_id: '26e7e88c-2192-4de3-8ea2-95652eede75f', tenant_id: 'b0121337-8bda-496d-87e8-a0b754d4909e' },
        },
      },
    ],
    next_cursor: 'bDo0',
  }),
  ofSchema('Tenant', initech),
  ofOperation('POST /v1/operator/tenants/{id}/plan', 200, enterprise),
  ofOperation('POST /v1/operator/tenants/{id}/past-due', 200, pastDue),
  ofOperation('POST /v1/operator/tenants/{id}/verify-domain', 200, {
    ...pastDue,
    domain_verified: true,
    domain_verified_at: '2026-11-27T13:59:41.423Z',
  }),
  ofOperation('POST /v1/operator/tenants/{id}/keys', 201, {
    key_id: 'd194a05b-0a0c-456b-91b8-28ed58df4826',
    api_key: 'svc_live_4i4ByBHMIIFIpqsxLHjgyR4oO6By_w6_zb8d4H6Y6tQ',
    tenant_id: '2caf738e-c09f-4562-bf54-ec546f0e74cb',
    name: 'ingest',
    scopes: ['write'],
    allow_ips: ['203.0.113.0/24'],
  }),
  ofOperation('GET /v1/operator/tenants/{id}/keys', 200, {
    keys: [
      {
        key_id: 'd194a05b-0a0c-456b-91b8-28ed58df4826',
        name: 'ingest',
        scopes: ['write'],
        created_at: '2026-11-27T13:59:41.560Z',
        last_used_at: null,
        revoked_at: null,
        allow_ips: ['203.0.113.0/24'],
      },
    ],
  }),
  ofSchema('RetentionReport', { ledger_sealed: 0, ledger_unsealed: 0, audit_evacuated: 0, audit_purged: 0 }),
  ofSchema('WitnessedLog', witnessedLog),
  ofSchema('WitnessLogs', {
    witness: {
      name: 'ledger.example.com/witness',
      vkey: 'ledger.example.com/witness+227835f0+BI03yEEO/xDqfllQei48NkDtf/s6wrbfUSZOr0uVHPCm',
      key_id: '227835f0',
    },
    logs: [witnessedLog],
  }),
  ofSchema('BackupDone', {
    dir: '/var/backups/proof-ledger/2026-11-27',
    files: 4,
    bytes: 267724,
    records: 11,
    manifest: '/var/backups/proof-ledger/2026-11-27/manifest.json',
    includes_master_key: false,
  }),
  ofSchema('WitnessLogIn', { origin: witnessedLog.origin, vkey: witnessedLog.vkey }),
];
