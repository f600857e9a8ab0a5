// Owns the Tenants screen: list with plan, domain, verification and monthly usage; create, plan, past due, verify, rotate.
import { PLAN_NAMES } from '../../src/plans/plans';
import { describeTenant, listTenants, type TenantRow } from '../../src/tenants/service';
import { operatorActions } from '../../src/operator-actions/actions';
import { usageReport } from '../../src/usage/service';
import type { App, View } from '../app';
import { confirm, form } from '../widgets/dialog';
import { cell, count, quota, when } from '../widgets/format';
import { Table } from '../widgets/table';
import { byName } from './pick-tenant';
import { box, esc, type Area } from '../widgets/ui';

type Row = TenantRow & { usage: ReturnType<typeof usageReport> };
const USAGE: Array<[keyof Row['usage'], string]> = [
  ['events_per_month', 'ledger events'],
  ['api_verifications_per_month', 'verifications'],
  ['ai_attestations_per_month', 'AI attestations'],
  ['traces_per_month', 'traces'],
];
const yesNo = (b: boolean) => (b ? 'yes' : 'no');

export function tenantsView(app: App, parent: unknown, size: Area): View {
  const root = box(parent, size);
  const listHeight = Math.max(6, size.height - 11);
  const table = new Table<Row>(
    root,
    { top: 0, left: 0, width: size.width, height: listHeight },
    {
      title: 'Tenants',
      id: (r) => r.tenant_id,
      empty: 'no tenants yet: press n to create one',
      columns: [
        { title: 'NAME', width: 15, value: (r) => r.name },
        { title: 'DOMAIN', width: 20, value: (r) => r.primary_domain },
        { title: 'PLAN', width: 10, value: (r) => r.plan },
        { title: 'VERIFIED', width: 8, value: (r) => yesNo(r.domain_verified) },
        { title: 'PAST DUE', width: 8, value: (r) => (r.past_due ? 'PAST DUE' : 'no') },
        {
          title: 'EVENTS/MO',
          width: 11,
          value: (r) => `${count(r.usage.events_per_month!.used)}/${count(r.usage.events_per_month!.limit)}`,
        },
      ],
    },
  );
  const detail = box(root, { top: listHeight, left: 0, width: size.width, height: size.height - listHeight });

  const selected = (): Row | undefined => table.current();
  const follow = () => {
    const r = selected();
    if (r) app.tenantId = r.tenant_id;
  };

  function drawDetail(): void {
    const r = selected();
    if (!r) return detail.setContent('');
    const d = describeTenant(r);
    const active = d.keys.find((k) => k.key_id === d.active_key_id);
    const retired = d.keys.length - 1;
    const w = size.width;
    const lines = [
      `{bold}${esc(cell(`${r.name}  (issuer "${r.issuer_name}")`, w))}{/bold}`,
      esc(cell(`tenant ${r.tenant_id}  created ${when(r.created_at)}`, w)),
      esc(cell(`plan ${r.plan}  past due: ${r.past_due ? 'YES (ingest and verify calls answer 402)' : 'no'}`, w)),
      esc(
        cell(
          `domain ${r.primary_domain}  verified: ${r.domain_verified ? `yes, ${when(r.domain_verified_at)}` : 'NO'}`,
          w,
        ),
      ),
      esc(
        cell(r.domain_verified ? '' : `  DNS TXT _svc-verify.${r.primary_domain} must hold svc-verify=<tenant id>`, w),
      ),
      esc(
        cell(
          `signing key ${d.active_key_id} since ${when(active?.valid_from)}${retired ? `, ${retired} retired (still verify)` : ''}`,
          w,
        ),
      ),
      esc(`usage ${new Date().toISOString().slice(0, 7)}  used/limit`),
      ...USAGE.map(([k, label]) => esc(`  ${cell(label, 16)} ${quota(r.usage[k]!.used, r.usage[k]!.limit, 20)}`)),
    ];
    detail.setContent(lines.join('\n'));
  }

  const view: View = {
    name: 'Tenants',
    box: root,
    hints: 'n new  p plan  d past due  v verify domain  r rotate key  Enter API keys  ? help',
    help: [
      'Tenants',
      '  n      create a tenant (name, domain, issuer name, plan)',
      '  p      change the plan          d   mark / clear past due',
      '  v      verify the domain (DNS TXT check, or force = operator attests)',
      '  r      rotate the signing key (asks first; the old key keeps verifying)',
      '  Enter  API keys of the tenant',
    ],
    filterTable: () => table as Table<unknown>,
    refresh() {
      const rows = listTenants().map((t) => ({ ...t, usage: usageReport(t) }));
      table.setRows(rows.sort(byName));
      if (app.tenantId && table.current()?.tenant_id !== app.tenantId) table.select(app.tenantId);
      follow();
      drawDetail();
    },
    key(ch, key) {
      if (table.handleKey(key)) {
        follow();
        drawDetail();
        return true;
      }
      const r = selected();
      if (ch === 'n') {
        app.background(
          form(
            app,
            'New tenant',
            [
              { name: 'name', label: 'Name', kind: 'text' },
              { name: 'domain', label: 'Domain', kind: 'text', note: 'e.g. acme.example' },
              { name: 'issuer', label: 'Issuer name', kind: 'text', note: 'optional: defaults to the name' },
              { name: 'plan', label: 'Plan', kind: 'choice', options: PLAN_NAMES, value: 'builder' },
            ],
            (v) =>
              app.act(async () => {
                const t = await operatorActions.createTenant({
                  name: v.name as string,
                  domain: v.domain as string,
                  issuerName: v.issuer as string,
                  plan: v.plan as string,
                });
                app.tenantId = t.tenant_id;
                return `created tenant ${t.name} (${t.primary_domain}), plan ${t.plan}`;
              }, true),
          ),
        );
        return true;
      }
      if (!r) return false;
      if (ch === 'p') {
        app.background(
          form(
            app,
            `Plan of ${r.name}`,
            [{ name: 'plan', label: 'Plan', kind: 'choice', options: PLAN_NAMES, value: r.plan }],
            (v) =>
              app.act(
                async () => `${r.name}: plan ${(await operatorActions.setPlan(r.tenant_id, v.plan as string)).plan}`,
                true,
              ),
          ),
        );
        return true;
      }
      if (ch === 'd') {
        const on = !r.past_due;
        app.background(
          confirm(app, on ? 'Mark past due' : 'Clear past due', [
            on
              ? `Mark ${r.name} past due? Its ingest and verify calls will answer 402 payment_required.`
              : `Clear the past-due mark of ${r.name}?`,
          ]).then((yes) =>
            yes
              ? app.act(
                  async () =>
                    `${r.name}: past due ${yesNo((await operatorActions.setPastDue(r.tenant_id, on)).past_due)}`,
                )
              : undefined,
          ),
        );
        return true;
      }
      if (ch === 'v') {
        app.background(
          form(
            app,
            `Verify ${r.primary_domain}`,
            [{ name: 'how', label: 'Method', kind: 'choice', options: ['check DNS TXT', 'force (operator attests)'] }],
            (v) =>
              app.act(async () => {
                const t = await operatorActions.verifyDomain(r.tenant_id, (v.how as string).startsWith('force'));
                return `${t.primary_domain} verified at ${t.domain_verified_at}`;
              }, true),
          ),
        );
        return true;
      }
      if (ch === 'r') {
        app.background(
          confirm(app, 'Rotate signing key', [
            `Rotate the signing key of ${r.name}?`,
            'New records are signed with a new key; the old key stays published and keeps verifying what it signed.',
          ]).then((yes) =>
            yes
              ? app.act(
                  async () => `${r.name}: new signing key ${(await operatorActions.rotateKey(r.tenant_id)).key_id}`,
                )
              : undefined,
          ),
        );
        return true;
      }
      if (key.name === 'enter') {
        app.go('Keys');
        return true;
      }
      return false;
    },
  };
  return view;
}
