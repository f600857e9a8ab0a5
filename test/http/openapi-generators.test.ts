// Generated clients from the served GET /openapi.json: openapi-typescript turns it into types without a warning, and
// tsc (strict, skipLibCheck off) compiles them with a consumer that holds every example of the document to its type
// and whose deliberate type errors are caught.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, ROOT, startServer, tempDir, type Server } from '../helpers';

let s: Server;
const dir = tempDir();
const work = tempDir('svc-openapi-gen-');
let doc: any;
beforeAll(async () => {
  s = await startServer({ dataDir: dir });
  const r = await fetch(`${s.url}/openapi.json`, { tls: { rejectUnauthorized: false } } as RequestInit);
  doc = await r.json();
  writeFileSync(join(work, 'openapi.json'), JSON.stringify(doc));
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
  cleanup(work);
});

async function run(cmd: string[]): Promise<{ code: number; out: string; err: string }> {
  const p = Bun.spawn(cmd, { cwd: work, stdout: 'pipe', stderr: 'pipe', env: { ...process.env, NO_COLOR: '1' } });
  const [out, err] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text()]);
  return { code: await p.exited, out, err };
}

/** A TypeScript file declaring every example of the document as a constant of the generated type of its body. */
function examplesModule(): { text: string; count: number } {
  const lines = ["import type { paths } from './api';", ''];
  let count = 0;
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    for (const [method, op] of Object.entries(item)) {
      const at = `paths[${JSON.stringify(path)}][${JSON.stringify(method)}]`;
      const targets: [string, any][] = [
        [`NonNullable<${at}['requestBody']>['content']`, op.requestBody],
        ...Object.entries(op.responses as Record<string, any>).map(
          ([status, r]) => [`${at}['responses'][${status}]['content']`, r] as [string, any],
        ),
      ];
      for (const [type, body] of targets) {
        for (const [mediaType, media] of Object.entries((body?.content ?? {}) as Record<string, any>)) {
          for (const ex of Object.values((media.examples ?? {}) as Record<string, { value?: unknown }>)) {
            if (!('value' in ex)) continue;
            lines.push(
              `export const e${count++}: ${type}[${JSON.stringify(mediaType)}] = ${JSON.stringify(ex.value)};`,
            );
          }
        }
      }
    }
  }
  return { text: lines.join('\n'), count };
}

const CONSUMER = `import type { components, paths } from './api';

type Created = paths['/v1/events']['post']['responses'][201]['content']['application/json'];
type Replayed = paths['/v1/events']['post']['responses'][201]['headers']['Idempotent-Replayed'];
type Processing = paths['/v1/traces']['post']['responses'][202]['content']['application/json'];
type RetryAfter = paths['/v1/traces']['post']['responses'][202]['headers']['Retry-After'];

export const created: Created = { event_id: '01a21d4d-d0fe-75e0-97d2-e8b81cd18f63', ingested_at: '2026-11-27T13:59:28.766Z' };
export const replayed: Replayed = 'true';
export const processing: Processing = { status: 'processing' };
export const retryAfter: RetryAfter = 1;
export const code: components['schemas']['ErrorCode'] = 'rate_limited';

// The generated types are not \`any\`: each line below is an error tsc must report.
// @ts-expect-error event_id is a string
export const wrongType: Created = { event_id: 1, ingested_at: '2026-11-27T13:59:28.766Z' };
// @ts-expect-error the header's only value is "true"
export const wrongHeader: Replayed = 'false';
// @ts-expect-error not an error code of the API
export const wrongCode: components['schemas']['ErrorCode'] = 'no_such_code';
// @ts-expect-error Retry-After is a number of seconds
export const wrongRetry: RetryAfter = '1';
`;

describe('generated clients of /openapi.json', () => {
  it('openapi-typescript generates types from the served document without a warning', async () => {
    const cli = join(ROOT, 'node_modules/openapi-typescript/bin/cli.js');
    const r = await run(['node', cli, 'openapi.json', '--output', 'api.ts']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    // Its only output is its banner and the line naming the file it wrote: no warning, no notice.
    const lines = r.out.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('openapi-typescript');
    expect(lines[1]).toContain('openapi.json → api.ts');
    expect(await Bun.file(join(work, 'api.ts')).text()).toContain('"/v1/events": {');
  }, 120000);

  it('tsc (strict, skipLibCheck off) compiles them with every example of the document typed as its body', async () => {
    const { text, count } = examplesModule();
    expect(count).toBeGreaterThan(1000);
    writeFileSync(join(work, 'examples.ts'), text);
    writeFileSync(join(work, 'consumer.ts'), CONSUMER);
    writeFileSync(
      join(work, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          skipLibCheck: false,
          noEmit: true,
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          types: [],
        },
        files: ['api.ts', 'examples.ts', 'consumer.ts'],
      }),
    );
    const r = await run([join(ROOT, 'node_modules/.bin/tsc'), '-p', 'tsconfig.json', '--pretty', 'false']);
    expect(r.out + r.err).toBe('');
    expect(r.code).toBe(0);
  }, 240000);

  it('tsc refuses an example that does not fit its type (the check can fail)', async () => {
    writeFileSync(
      join(work, 'wrong.ts'),
      `import type { paths } from './api';\nexport const e: paths['/v1/events']['post']['responses'][201]['content']['application/json'] = { event_id: '1' };\n`,
    );
    writeFileSync(
      join(work, 'tsconfig.wrong.json'),
      JSON.stringify({
        extends: './tsconfig.json',
        files: ['api.ts', 'wrong.ts'],
      }),
    );
    const r = await run([join(ROOT, 'node_modules/.bin/tsc'), '-p', 'tsconfig.wrong.json', '--pretty', 'false']);
    expect(r.code).not.toBe(0);
    expect(r.out).toContain("Property 'ingested_at' is missing");
  }, 240000);
});
