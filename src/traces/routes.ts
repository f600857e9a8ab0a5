// Owns the traces HTTP routes: create, get, seal, public flag, JSON and PDF proof bundle, public trace proof.
import { Elysia } from 'elysia';
import { authorize, requirePaid } from '../http/auth';
import { limitPublic } from '../http/limits';
import { renderBundlePdf } from '../proof/pdf';
import { publicTraceBundle, traceBundle } from './bundle';
import { createTrace, getTrace, sealTrace, setTracePublic } from './service';

export const traceRoutes = new Elysia()
  .post('/v1/traces', async ({ request, body, set }) => {
    const p = authorize(request, ['write']);
    requirePaid(p);
    const r = await createTrace(p.tenant, body);
    set.status = 201;
    return r;
  })
  .get('/v1/traces/:trace_id', ({ request, params }) => {
    const p = authorize(request, ['read']);
    return getTrace(p.tenant, params.trace_id);
  })
  .post('/v1/traces/:trace_id/seal', async ({ request, params, set }) => {
    const p = authorize(request, ['write']);
    const r = await sealTrace(p.tenant, params.trace_id);
    set.status = 202;
    return r;
  })
  .post('/v1/traces/:trace_id/public', ({ request, params, body }) => {
    const p = authorize(request, ['write']);
    return setTracePublic(p.tenant, params.trace_id, body);
  })
  .get('/v1/traces/:trace_id/proof', ({ request, params }) => {
    const p = authorize(request, ['read']);
    return traceBundle(p.tenant, params.trace_id);
  })
  .get('/v1/traces/:trace_id/proof.pdf', async ({ request, params }) => {
    const p = authorize(request, ['read']);
    const bundle = traceBundle(p.tenant, params.trace_id);
    const pdf = await renderBundlePdf(bundle);
    return new Response(new Uint8Array(pdf), {
      headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="trace-${bundle.header.trace_id}.pdf"` },
    });
  })
  .get('/v1/proof/trace/:trace_id', ({ request, params }) => {
    limitPublic(request);
    return publicTraceBundle(params.trace_id);
  });
