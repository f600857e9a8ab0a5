// Reference 1 of bench-ratio: a bare Bun HTTPS server answering every request with a small JSON 201 (the HTTP + TLS ceiling).
const tls = { cert: Bun.file(process.env.REF_CERT!), key: Bun.file(process.env.REF_KEY!) };
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  tls,
  async fetch(req) {
    await req.text();
    return new Response(
      '{"event_id":"0192f0c0-0000-7000-8000-000000000000","ingested_at":"2026-01-01T00:00:00.000Z"}',
      { status: 201, headers: { 'content-type': 'application/json' } },
    );
  },
});
console.log(`listening on https://127.0.0.1:${server.port}`);
