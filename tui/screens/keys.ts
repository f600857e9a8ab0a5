// Owns the API keys screen of the current tenant: list, create (plaintext shown once), revoke.
import { describeApiKey, listApiKeys, SCOPES } from '../../src/api-keys/service';
import { operatorActions } from '../../src/operator-actions/actions';
import { getTenant } from '../../src/tenants/service';
import type { App, View } from '../app';
import { confirm, form, message } from '../widgets/dialog';
import { when } from '../widgets/format';
import { Table } from '../widgets/table';
import { box, esc, type Area } from '../widgets/ui';
import { pickTenant } from './pick-tenant';

type Row = ReturnType<typeof describeApiKey>;

export function keysView(app: App, parent: unknown, size: Area): View {
  const root = box(parent, size);
  const listHeight = Math.max(6, size.height - 7);
  const table = new Table<Row>(
    root,
    { top: 0, left: 0, width: size.width, height: listHeight },
    {
      title: 'API keys',
      id: (r) => r.key_id,
      empty: 'no API keys: press n to create one',
      columns: [
        { title: 'NAME', width: 14, value: (r) => r.name },
        { title: 'SCOPES', width: 24, value: (r) => r.scopes.join(' ') },
        { title: 'ALLOW IP', width: 10, value: (r) => (r.ip_allowlist.length ? r.ip_allowlist.join(',') : 'any') },
        { title: 'LAST USED', width: 16, value: (r) => when(r.last_used_at) },
        { title: 'STATUS', width: 8, value: (r) => (r.revoked_at ? 'REVOKED' : 'active') },
      ],
    },
  );
  const detail = box(root, { top: listHeight, left: 0, width: size.width, height: size.height - listHeight });

  function drawDetail(): void {
    const r = table.current();
    if (!r)
      return detail.setContent(
        app.tenantId ? '' : esc('No tenant chosen: press t, or pick one on the Tenants screen.'),
      );
    detail.setContent(
      [
        `{bold}${esc(r.name)}{/bold}${esc(`  key ${r.key_id}`)}`,
        esc(`scopes    ${r.scopes.join(', ')}`),
        esc(`allow IP  ${r.ip_allowlist.length ? r.ip_allowlist.join(', ') : 'any address'}`),
        esc(`created   ${when(r.created_at)}   last used ${r.last_used_at ? when(r.last_used_at) : 'never'}`),
        esc(`status    ${r.revoked_at ? `REVOKED at ${when(r.revoked_at)}` : 'active'}`),
      ].join('\n'),
    );
  }

  function create(tenantId: string): void {
    let created: Awaited<ReturnType<typeof operatorActions.createApiKey>> | null = null;
    app.background(
      form(
        app,
        `New API key for ${getTenant(tenantId)?.name ?? tenantId}`,
        [
          { name: 'name', label: 'Name', kind: 'text', note: 'a label, e.g. ci-deploy' },
          { name: 'scopes', label: 'Scopes', kind: 'checks', options: [...SCOPES], value: ['read', 'write'] },
          { name: 'ips', label: 'Allow IP', kind: 'text', note: 'CIDRs, comma separated; empty = any' },
        ],
        (v) =>
          app.act(async () => {
            const allowIp = (v.ips as string)
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean);
            created = await operatorActions.createApiKey({
              tenant: tenantId,
              name: v.name as string,
              scopes: v.scopes as string[],
              allowIp,
            });
            return `created API key ${created.name} (${created.key_id})`;
          }, true),
      ).then((ok) => {
        const k = created;
        created = null;
        if (!ok || !k) return;
        table.select(k.key_id);
        drawDetail();
        return message(
          app,
          'New API key: shown once',
          [
            `Key "${k.name}" (${k.key_id}), scopes ${k.scopes.join(',')}`,
            '',
            `  ${k.api_key}`,
            '',
            'Copy it now. It is stored only as a SHA-256 hash and cannot be shown again.',
          ],
          { enterOnly: true },
        );
      }),
    );
  }

  const view: View = {
    name: 'Keys',
    box: root,
    hints: 'n new key  x revoke  t other tenant  / filter  Tab next screen  ? help  q quit',
    help: [
      'API keys (of the tenant named in the header)',
      '  n   create a key: name, scopes, IP allowlist; the key is shown once',
      '  x   revoke the selected key (asks first); in force on the next request',
      '  t   choose another tenant',
    ],
    filterTable: () => table as Table<unknown>,
    refresh() {
      const t = app.tenantId ? getTenant(app.tenantId) : undefined;
      table.title = t ? `API keys of ${t.name} (${t.primary_domain})` : 'API keys (no tenant chosen)';
      table.empty = t ? 'no API keys: press n to create one' : 'choose a tenant: press t';
      const rows = t ? listApiKeys(t.tenant_id).map(describeApiKey) : [];
      table.setRows(rows.sort((a, b) => a.created_at.localeCompare(b.created_at)));
      drawDetail();
    },
    key(ch, key) {
      if (table.handleKey(key)) {
        drawDetail();
        return true;
      }
      if (ch === 't') {
        app.background(pickTenant(app).then(() => app.refresh()));
        return true;
      }
      if (ch === 'n' && app.tenantId) {
        create(app.tenantId);
        return true;
      }
      const r = table.current();
      if (ch === 'x' && r) {
        if (r.revoked_at) {
          app.background(app.act(async () => `${r.name} was already revoked at ${r.revoked_at}`));
          return true;
        }
        app.background(
          confirm(app, 'Revoke API key', [
            `Revoke "${r.name}" (${r.key_id})?`,
            'Requests with it are refused from the next one on (401 api_key_revoked). This cannot be undone.',
          ]).then((yes) =>
            yes
              ? app.act(async () => `revoked ${r.name} at ${(await operatorActions.revokeApiKey(r.key_id)).revoked_at}`)
              : undefined,
          ),
        );
        return true;
      }
      return false;
    },
  };
  return view;
}
