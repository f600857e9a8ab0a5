// Owns the Integrity screen: pick tenant and audit org, run the org's scan, verify one event by id, recent verifications.
import { config } from '../../src/config';
import { getAuditEvent, listOrgs } from '../../src/audit/service';
import { eventProof, findLedgerRow, isSealed, recentVerifications } from '../../src/ledger/service';
import { domainKeysDoc, getTenant } from '../../src/tenants/service';
import { platformKeyDoc } from '../../src/signing/platform';
import type { App, View } from '../app';
import type { ScanReply, ScanRequest } from '../scan-worker';
import { form } from '../widgets/dialog';
import { when } from '../widgets/format';
import { Table } from '../widgets/table';
import { box, esc, type Area } from '../widgets/ui';
import { pickTenant } from './pick-tenant';
import { scanLines, scanningLines, tenantLogLines, verifyDocumentLines } from './integrity-text';

type Org = ReturnType<typeof listOrgs>['orgs'][number];
type Check = ReturnType<typeof recentVerifications>[number];
const MAX_ORGS = 5000;

/** The tenant's orgs in id order, a page at a time (bounded reads). */
function allOrgs(tenantId: string): Org[] {
  const out: Org[] = [];
  let after: string | null = null;
  for (;;) {
    const page = listOrgs(tenantId, 500, after);
    out.push(...page.orgs);
    if (!page.next_cursor || out.length >= MAX_ORGS) return out;
    after = out[out.length - 1]!.organization_id as string;
  }
}

export function integrityView(app: App, parent: unknown, size: Area): View {
  const root = box(parent, size);
  const upper = Math.max(8, Math.floor((size.height - 1) / 2) + 1);
  const leftW = 33;
  const title = box(root, { top: 0, left: 0, width: size.width, height: 1 });
  const orgs = new Table<Org>(
    root,
    { top: 1, left: 0, width: leftW, height: upper },
    {
      title: 'Audit orgs',
      id: (o) => o.organization_id as string,
      empty: 'no audit orgs',
      columns: [
        { title: 'ORG', width: 16, value: (o) => o.organization_id as string },
        { title: 'LAST SEQ', width: 8, value: (o) => String(o.last_seq), align: 'right' },
        { title: 'ARCH', width: 4, value: (o) => (o.archived ? 'yes' : '') },
      ],
    },
  );
  const result = box(root, { top: 1, left: leftW + 1, width: size.width - leftW - 1, height: upper });
  const checks = new Table<Check>(
    root,
    { top: upper + 1, left: 0, width: size.width, height: size.height - upper - 1 },
    {
      title: 'Recent verification calls',
      id: (c) => `${c.at}|${c.event_id}|${c.api_key_id}`,
      empty: 'no verification calls yet',
      columns: [
        { title: 'AT (UTC)', width: 16, value: (c) => when(c.at) },
        { title: 'EVENT ID', width: 36, value: (c) => c.event_id },
        { title: 'METHOD', width: 7, value: (c) => c.method },
        {
          title: 'RESULT',
          width: 14,
          value: (c) => (c.match_result ? `match ${c.matched_field?.replace('_hash', '') ?? ''}` : 'NO MATCH'),
        },
      ],
    },
  );
  checks.focused = false;
  let lines: string[] = ['Choose an org and press Enter to scan it,', 'or press v to verify one event by id.'];
  let scanning: { worker: Worker; timer: ReturnType<typeof setInterval> } | null = null;

  const focus = (onOrgs: boolean) => {
    orgs.focused = onOrgs;
    checks.focused = !onOrgs;
    orgs.render();
    checks.render();
  };
  const showLines = (l: string[]) => {
    lines = l;
    result.setContent(lines.map(esc).join('\n'));
    app.render();
  };

  /** orgId null: the tenant's transparency log. */
  function scan(tenantId: string, orgId: string | null): void {
    if (scanning) return;
    const t0 = Date.now();
    const worker = new Worker(new URL('../scan-worker.ts', import.meta.url).href);
    let done = 0;
    const label = orgId ?? 'tenant log';
    const timer = setInterval(() => showLines(scanningLines(label, Date.now() - t0, done)), 100);
    scanning = { worker, timer };
    showLines(scanningLines(label, 0, 0));
    const finish = (reply: Exclude<ScanReply, { progress: number }>) => {
      clearInterval(timer);
      worker.terminate();
      scanning = null;
      if (!reply.ok)
        showLines([`Scan of ${orgId === null ? 'the tenant log' : `org "${orgId}"`} failed:`, reply.error]);
      else if ('tenantLog' in reply)
        showLines(tenantLogLines(getTenant(tenantId)?.name ?? tenantId, reply.tenantLog, reply.ms));
      else showLines(scanLines(orgId!, reply.report, reply.ms));
    };
    worker.onmessage = (e: MessageEvent<ScanReply>) => {
      if ('progress' in e.data) done = e.data.progress;
      else finish(e.data);
    };
    worker.onerror = (e) => finish({ ok: false, error: String(e.message) });
    worker.postMessage({ config: config(), tenantId, orgId } satisfies ScanRequest);
  }

  /** A ledger event (UUID) or, with a tenant chosen, an audit event (aevt_...): its proof document, judged as `svc verify` does. */
  async function verifyById(id: string): Promise<void> {
    const t = app.tenantId;
    if (/^aevt_/i.test(id)) {
      if (!t) throw new Error('choose a tenant first (t): audit event ids are per tenant');
      const e = getAuditEvent(t, id);
      showLines(
        await verifyDocumentLines(
          ['Audit event', `  ${id}`, `org ${e.org_id}, seq ${e.seq}`],
          e,
          domainKeysDoc(getTenant(t)!.primary_domain),
          platformKeyDoc(),
        ),
      );
      return;
    }
    const row = findLedgerRow(id);
    if (!row) throw new Error(`no ledger event ${id} (ledger ids are UUIDs; audit ids start with aevt_)`);
    const tenant = getTenant(row.tenant_id);
    const head = [
      'Ledger event',
      `  ${row.event_id}`,
      `tenant ${tenant?.name ?? row.tenant_id}, type ${row.event_type}${isSealed(row) ? ' (sealed)' : ''}`,
    ];
    // The console holds the payload: the proof plus the payload, as anyone holding it would check them.
    showLines(
      await verifyDocumentLines(
        head,
        { ...eventProof(row.event_id), payload: row.payload },
        tenant ? domainKeysDoc(tenant.primary_domain) : undefined,
        platformKeyDoc(),
      ),
    );
  }

  const view: View = {
    name: 'Integrity',
    box: root,
    hints: 'Enter scan org  l tenant log  v verify event by id  t other tenant  Left/Right pane  ? help',
    help: [
      'Integrity (of the tenant named in the header)',
      '  Enter  on an org: scan it for holes (hot rows) and check its cold segments',
      '         on a verification call: verify that ledger event',
      '  l      check the tenant transparency log: every leaf rebuilt from its record, roots against its checkpoints',
      '  v      verify one event by id: a ledger event (UUID) or an audit event (aevt_...)',
      '  t      choose another tenant   Left/Right  orgs / verification calls',
    ],
    filterTable: () => (orgs.focused ? orgs : checks) as Table<unknown>,
    refresh() {
      const t = app.tenantId ? getTenant(app.tenantId) : undefined;
      title.setContent(
        esc(t ? `Tenant ${t.name} (${t.primary_domain})   t: other tenant` : 'No tenant chosen: press t'),
      );
      orgs.setRows(t ? allOrgs(t.tenant_id) : []);
      checks.setRows(t ? recentVerifications(t.tenant_id, 50) : []);
      if (!scanning) result.setContent(lines.map(esc).join('\n'));
    },
    key(ch, key) {
      if (key.name === 'left' || key.name === 'right') {
        focus(key.name === 'left');
        return true;
      }
      if ((orgs.focused ? orgs : checks).handleKey(key)) return true;
      if (ch === 't') {
        app.background(pickTenant(app).then(() => app.refresh()));
        return true;
      }
      if (ch === 'l') {
        if (app.tenantId) scan(app.tenantId, null);
        return true;
      }
      if (ch === 'v') {
        app.background(
          form(
            app,
            'Verify an event',
            [{ name: 'id', label: 'Event id', kind: 'text', note: 'ledger UUID or aevt_...' }],
            (v) => verifyById((v.id as string).trim()),
          ),
        );
        return true;
      }
      if (key.name === 'enter') {
        if (orgs.focused && app.tenantId && orgs.current())
          scan(app.tenantId, orgs.current()!.organization_id as string);
        else if (!orgs.focused && checks.current())
          app.act(async () => {
            await verifyById(checks.current()!.event_id);
            return null;
          });
        return true;
      }
      return false;
    },
  };
  return view;
}
