// Owns the witness HTTP endpoints (docs/operations.md#the-appliance-as-a-witness): GET /.well-known/svc-witness-key and POST /witness/add-checkpoint.
import { Elysia } from 'elysia';
import { Type as t } from '@sinclair/typebox';
import type { Guards } from '../route-kit/guards';
import { doc } from '../route-kit/doc';
import { open } from '../route-kit/schemas';
import { ApiError } from '../errors';
import { addCheckpoint, witnessKeyDoc } from './service';
import { SIZE_CONTENT_TYPE } from './protocol';

const tag = 'witness';

/** The witness routes, public (no key), limited per client IP like the other public routes. */
export const witnessRoutes = (guards: Guards) =>
  new Elysia()
    .use(guards)
    .get('/.well-known/svc-witness-key', () => witnessKeyDoc(), {
      publicRate: true,
      detail: doc({
        summary: "The appliance's witness key: name and C2SP vkey (Ed25519 cosigner, type 0x04)",
        tag,
        errors: ['not_found'],
        ok: { 200: open({ name: t.String(), vkey: t.String(), key_id: t.String({ pattern: '^[0-9a-f]{8}$' }) }) },
      }),
    })
    // The server hands this route its body as text, whatever the Content-Type (C2SP names none).
    .post(
      '/witness/add-checkpoint',
      async ({ body }) => {
        if (typeof body !== 'string')
          throw new ApiError('bad_request', 'the body must be an add-checkpoint request (text)');
        const r = await addCheckpoint(body);
        return r.status === 200
          ? new Response(r.cosignatures, { headers: { 'content-type': 'text/plain; charset=utf-8' } })
          : new Response(`${r.size}\n`, { status: 409, headers: { 'content-type': SIZE_CONTENT_TYPE } });
      },
      {
        publicRate: true,
        detail: doc({
          summary: 'C2SP tlog-witness v1.0.0: cosign a checkpoint of a witnessed log',
          tag,
          body: 'text',
          description:
            'Text body: old size, consistency proof, empty line, note. 200: cosignature lines; 409: the last cosigned size (text/x.tlog.size).',
          ok: { 200: 'text', 409: 'tlog-size' },
          errors: ['bad_request', 'unknown_log', 'invalid_checkpoint_signature', 'invalid_consistency_proof'],
        }),
      },
    );
