// Owns the audit routes' request and reply shapes as the API documents them (bodies are checked by the service:
// named error codes, docs/api.md#errors); the audit event, its page and its verdict are shared with the portal (route-kit/schemas).
import { Type as t } from '@sinclair/typebox';
import { Actor, Obj, Ts, Nullable, open } from '../route-kit/schemas';

export const OrgIn = open({
  organization_id: t.String({ maxLength: 255 }),
  name: t.Optional(t.String({ maxLength: 255 })),
  retention_days: t.Optional(t.Integer()),
});
export const Org = open({
  organization_id: t.String(),
  name: t.String(),
  created_at: Ts,
  archived: t.Boolean(),
  retention_days: t.Integer(),
  last_seq: t.Integer(),
});
export const OrgPage = open({ orgs: t.Array(Org), next_cursor: Nullable(t.String()) });
export const OrgListQuery = {
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 1000 })),
  cursor: t.Optional(t.String({ description: 'next_cursor of the previous page' })),
};
export const RetentionIn = t.Object({ days: t.Integer({ minimum: 1 }) });
export const Retention = open({
  org_id: t.String(),
  retention_days: t.Integer(),
  requested_days: t.Integer(),
  clamped: t.Boolean(),
  plan_cap_days: t.Integer(),
});
export const Integrity = open({
  org_id: t.String(),
  from: t.Integer(),
  to: t.Integer(),
  last_seq: t.Integer(),
  evacuated_through_seq: t.Integer(),
  count: t.Integer(),
  expected: t.Integer(),
  contiguous: t.Boolean(),
  gaps: t.Array(t.Object({ from: t.Integer(), to: t.Integer() })),
  gaps_truncated: t.Boolean(),
  note: t.String(),
});
export const AuditIn = open({
  organization_id: t.String(),
  action: t.String(),
  actor: Actor,
  targets: t.Optional(t.Array(open({ type: t.String(), id: t.String() }), { maxItems: 20 })),
  metadata: t.Optional(Obj),
  context: t.Optional(Obj),
  occurred_at: t.Optional(Ts),
});
export const AuditAccepted = t.Object({ event_id: t.String(), status: t.Literal('accepted') });
