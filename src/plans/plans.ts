// Owns the plan table of docs/api.md#plans (null = unlimited); an operator may override it with DATA/plans.json.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { config } from '../config';
import { isPlainObject } from '../crypto/json-value';

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
  free: {
    rps: 10,
    events_per_month: 1000,
    api_verifications_per_month: 1000,
    ai_attestations_per_month: 50,
    traces_per_month: 250,
    ledger_retention_days: 30,
    audit_orgs: 3,
    streams_per_org: 1,
    audit_retention_cap_days: 30,
  },
  builder: {
    rps: 50,
    events_per_month: 100000,
    api_verifications_per_month: 100000,
    ai_attestations_per_month: 10000,
    traces_per_month: 60000,
    ledger_retention_days: 365,
    audit_orgs: 50,
    streams_per_org: 3,
    audit_retention_cap_days: 365,
  },
  enterprise: {
    rps: 50000,
    events_per_month: null,
    api_verifications_per_month: null,
    ai_attestations_per_month: null,
    traces_per_month: null,
    ledger_retention_days: 2555,
    audit_orgs: null,
    streams_per_org: 10,
    audit_retention_cap_days: 2555,
  },
};

/** Fields whose value may be null (unlimited); the others are positive numbers. */
const NULLABLE = new Set<keyof Plan>([
  'events_per_month',
  'api_verifications_per_month',
  'ai_attestations_per_month',
  'traces_per_month',
  'ledger_retention_days',
  'audit_orgs',
  'streams_per_org',
]);
const FIELDS = Object.keys(DEFAULTS.free) as Array<keyof Plan>;

/**
 * Checks the operator's plans.json against its schema: an object whose keys are plan names, each an
 * object of known fields; rps and audit_retention_cap_days positive integers, the other fields
 * non-negative integers or null (unlimited). Returns every problem found, in file order.
 */
export function planFileProblems(o: unknown): string[] {
  if (!isPlainObject(o)) return ['plans.json must be a JSON object of plan name -> fields'];
  const problems: string[] = [];
  for (const [name, fields] of Object.entries(o)) {
    if (!isPlanName(name)) {
      problems.push(`plans.json: unknown plan "${name}" (plans: ${PLAN_NAMES.join(', ')})`);
      continue;
    }
    if (!isPlainObject(fields)) {
      problems.push(`plans.json: ${name} must be an object`);
      continue;
    }
    for (const [field, v] of Object.entries(fields)) {
      if (!FIELDS.includes(field as keyof Plan))
        problems.push(`plans.json: ${name}.${field} is not a plan field (fields: ${FIELDS.join(', ')})`);
      else if (v === null && NULLABLE.has(field as keyof Plan)) continue;
      else if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < (NULLABLE.has(field as keyof Plan) ? 0 : 1)) {
        problems.push(
          `plans.json: ${name}.${field} must be ${NULLABLE.has(field as keyof Plan) ? 'a non-negative integer or null (unlimited)' : 'a positive integer'}`,
        );
      }
    }
  }
  return problems;
}

let table: Record<PlanName, Plan> | null = null;
/**
 * Reads DATA/plans.json ({"free": {...}}) over the defaults; throws one Error listing every problem of
 * the file. Called at boot (server and CLI), so a bad file stops the start instead of a later request.
 */
export function loadPlans(dataDir = config().dataDir): Record<PlanName, Plan> {
  const t = structuredClone(DEFAULTS);
  const file = join(dataDir, 'plans.json');
  if (existsSync(file)) {
    let o: unknown;
    try {
      o = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new Error(`${file} is not valid JSON: ${(e as Error).message}`);
    }
    const problems = planFileProblems(o);
    if (problems.length) throw new Error(`${file} has ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
    for (const name of PLAN_NAMES) Object.assign(t[name], (o as Record<string, Partial<Plan>>)[name] ?? {});
  }
  table = t;
  return t;
}
/** Forgets the loaded table (server stop), so the next start reads its own data directory. */
export function unloadPlans(): void {
  table = null;
}
/** The plan table: defaults, with any fields of DATA/plans.json laid over them. */
export function plans(): Record<PlanName, Plan> {
  return table ?? loadPlans();
}
export const planOf = (name: string): Plan => plans()[name as PlanName] ?? plans().free;
export const isPlanName = (s: unknown): s is PlanName => PLAN_NAMES.includes(s as PlanName);

/** The retention_policy name of a plan's retention days (docs/api.md#plans). */
export function retentionPolicy(days: number | null): 'short' | 'standard' | 'extended' | 'regulatory' | 'indefinite' {
  if (days === null) return 'indefinite';
  if (days <= 90) return 'short';
  if (days <= 365) return 'standard';
  if (days <= 1825) return 'extended';
  if (days <= 2555) return 'regulatory';
  return 'indefinite';
}
