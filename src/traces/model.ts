// Owns the trace's request and reply shapes as the API documents them (the service checks the bodies).
import { Type as t } from '@sinclair/typebox';
import { Hex64, Nullable, Obj, Ts, Uuid, open } from '../api/schemas';

export const TraceIn = open({
  label: t.String({ maxLength: 255 }),
  metadata: t.Optional(Obj),
  public: t.Optional(t.Boolean()),
});
export const Trace = open({
  trace_id: Uuid,
  label: t.String(),
  status: t.Union([t.Literal('open'), t.Literal('sealing'), t.Literal('sealed')]),
  metadata: Nullable(Obj),
  public: t.Boolean(),
  created_at: Ts,
  item_count: t.Optional(t.Integer()),
  sealed_at: t.Optional(Ts),
  composite_hash: t.Optional(Hex64),
  seal_event_id: t.Optional(Uuid),
});
export const Sealing = open({ trace_id: Uuid, status: t.Literal('sealing'), message: t.String() });
export const PublicIn = t.Object({ enabled: t.Boolean() });
export const Bundle = open(
  { bundle_version: t.Literal(1), header: Obj, items: t.Array(Obj), seal: Obj, footer: Obj },
  'Trace proof bundle (DECISIONS 3)',
);
