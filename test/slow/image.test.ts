// The container image: scripts/check-image.sh builds and checks it where podman or a docker engine runs.
import { describe, expect, it } from 'bun:test';
import { ROOT } from '../helpers';

describe('Containerfile', () => {
  it('builds into a non-root image without npm that serves, or the check says it skipped', async () => {
    const p = Bun.spawn(['bash', 'scripts/check-image.sh'], { cwd: ROOT, stdout: 'pipe', stderr: 'pipe' });
    const out = await new Response(p.stdout).text();
    expect(await p.exited).toBe(0);
    expect(out).toMatch(/check-image: (ok|skipped)/);
  }, 1800000);
});
