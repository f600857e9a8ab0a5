// Owns the plan table of DECISIONS 1 (null = unlimited); an operator may override it with DATA/plans.json.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { config } from '../config';

export type PlanName = 'free' | 'builder' | 'enterprise';
export type Plan = {
  rps: number;
  events_per_month: number | null;
  api_verifications_per_month: number | null;
  ai_attestations_per_month: number | null;
  traces_per_month: number | null;
  ledger_retention_days: number | null;
  audit_orgs: number | null;
  streams_per_org: number | null;
  audit_retention_cap_days: number;
};
export const PLAN_NAMES: PlanName[] = ['free', 'builder', 'enterprise'];

const DEFAULTS: Record<PlanName, Plan> = {
  free: { rps: 10, events_per_month: 1000, api_verifications_per_month: 1000, ai_attestations_per_month: 50, traces_per_month: 250, ledger_retention_days: 30, audit_orgs: 3, streams_per_org: 1, audit_retention_cap_days: 30 },
  builder: { rps: 50, events_per_month: 100000, api_verifications_per_month: 100000, ai_attestations_per_month: 10000, traces_per_month: 60000, ledger_retention_days: 365, audit_orgs: 50, streams_per_org: 3, audit_retention_cap_days: 365 },
  enterprise: { rps: 50000, events_per_month: null, api_verifications_per_month: null, ai_attestations_per_month: null, traces_per_month: null, ledger_retention_days: 2555, audit_orgs: null, streams_per_org: 10, audit_retention_cap_days: 2555 },
};

let table: Record<PlanName, Plan> | null = null;
/** The plan table: defaults, with any fields of DATA/plans.json ({"free": {...}}) laid over them. */
export function plans(): Record<PlanName, Plan> {
  if (table) return table;
  const t = structuredClone(DEFAULTS);
  const file = join(config().dataDir, 'plans.json');
  if (existsSync(file)) {
    const o = JSON.parse(readFileSync(file, 'utf8'));
    for (const name of PLAN_NAMES) Object.assign(t[name], o[name] ?? {});
  }
  table = t;
  return t;
}
export const planOf = (name: string): Plan => plans()[(name as PlanName)] ?? plans().free;
export const isPlanName = (s: unknown): s is PlanName => PLAN_NAMES.includes(s as PlanName);

/** SPEC retention mapping from plan retention days. */
export function retentionPolicy(days: number | null): 'short' | 'standard' | 'extended' | 'regulatory' | 'indefinite' {
  if (days === null) return 'indefinite';
  if (days <= 90) return 'short';
  if (days <= 365) return 'standard';
  if (days <= 1825) return 'extended';
  if (days <= 2555) return 'regulatory';
  return 'indefinite';
}
