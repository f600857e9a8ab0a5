// Portal link and session lifetimes under a controlled clock.
import { afterAll, beforeAll, describe, expect, it, setSystemTime } from 'bun:test';
import { loadConfig, setConfig } from '../../src/config';
import { closeStore, openStore } from '../../src/store/env';
import { createTenant, getTenant } from '../../src/tenants/service';
import { createOrg } from '../../src/audit/service';
import { exchangeLink, mintPortalSession, sessionOf } from '../../src/portal/service';
import { cleanup, tempDir } from '../helpers';

const dir = tempDir();
let tenant: NonNullable<ReturnType<typeof getTenant>>;
const bearer = (t: string) => new Headers({ authorization: `Bearer ${t}` });
const code = async (p: Promise<unknown> | (() => unknown)) => {
  try {
    await (typeof p === 'function' ? p() : p);
    return 'ok';
  } catch (e) {
    return (e as { code?: string }).code;
  }
};

beforeAll(async () => {
  setConfig(loadConfig({ SVC_DATA_DIR: dir }));
  openStore(dir);
  const t = await createTenant({ name: 'exp', domain: 'expiry.test', plan: 'enterprise' });
  tenant = getTenant(t.tenant_id)!;
  await createOrg(tenant, { organization_id: 'o' });
});
afterAll(async () => {
  setSystemTime();
  await closeStore();
  cleanup(dir);
});

describe('portal link and session lifetimes', () => {
  it('refuses a link opened after link_duration_seconds (401 invalid_or_used_link)', async () => {
    const start = Date.now();
    const m = await mintPortalSession(tenant, {
      organization_id: 'o',
      intent: 'audit_logs',
      link_duration_seconds: 60,
    });
    setSystemTime(start + 61_000);
    expect(await code(exchangeLink({ token: m.token }))).toBe('invalid_or_used_link');
    setSystemTime();
  });

  it('opens a link just before it expires, and the session ends after session_duration_seconds', async () => {
    const start = Date.now();
    const m = await mintPortalSession(tenant, {
      organization_id: 'o',
      intent: 'log_streams',
      session_duration_seconds: 120,
    });
    setSystemTime(start + 299_000);
    const x = await exchangeLink({ token: m.token });
    expect(x.intent).toBe('log_streams');
    expect(await code(() => sessionOf(bearer(x.session_token)))).toBe('ok');
    setSystemTime(start + 299_000 + 119_000);
    expect(await code(() => sessionOf(bearer(x.session_token)))).toBe('ok');
    setSystemTime(start + 299_000 + 121_000);
    expect(await code(() => sessionOf(bearer(x.session_token)))).toBe('invalid_or_used_link');
    setSystemTime();
  });
});
