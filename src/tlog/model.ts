// Owns the transparency log and head log routes' reply shapes and query parameters as the API documents them.
import { Type as t } from '@sinclair/typebox';
import { Hex64, Nullable, Obj, Ts, open } from '../route-kit/schemas';

export const Checkpoint = open({
  origin: t.String(),
  tree_size: t.Integer(),
  root_hash: Hex64,
  checkpoint: t.String(),
  key_id: t.String(),
  issued_at: Ts,
});
export const Inclusion = open({
  leaf_index: t.Integer(),
  tree_size: t.Integer(),
  leaf_hash: Hex64,
  audit_path: t.Array(Hex64),
  root_hash: Hex64,
});
export const Consistency = open({
  first: t.Integer(),
  second: t.Integer(),
  consistency_path: t.Array(Hex64),
  first_root: Hex64,
  second_root: Hex64,
});
export const LogIntegrity = open({
  log_verified: t.Boolean(),
  first_bad_leaf: Nullable(t.Integer()),
  tail_verified: t.Boolean(),
  checkpoint: Obj,
});
export const InclusionQuery = {
  leaf_index: t.Optional(t.Integer()),
  record_id: t.Optional(t.String()),
  tree_size: t.Optional(t.Integer()),
};
export const ConsistencyQuery = { first: t.Integer(), second: t.Integer() };
export const HeadCheckpoint = open({
  origin: t.String(),
  tree_size: t.Integer(),
  root_hash: Hex64,
  checkpoint: t.String({
    description: 'C2SP signed note: the platform signature line, then one cosignature line per witness that cosigned',
  }),
  cosignatures: t.Array(
    t.Object({
      witness: t.String(),
      key_id: t.String({ pattern: '^[0-9a-f]{8}$' }),
      time: t.Integer({ description: 'Unix seconds' }),
    }),
  ),
  timestamps: t.Array(
    t.Object({
      token: t.String({ contentEncoding: 'base64', description: 'DER TimeStampToken (CMS ContentInfo)' }),
      gen_time: Ts,
      tsa: t.String(),
    }),
  ),
  issued_at: Ts,
});
