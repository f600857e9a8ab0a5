// Owns the console's layout and navigation: header tabs, status line, the modal stack, global keys, live refresh.
import type { Config } from '../src/config';
import { refreshReads } from '../src/store/env';
import { getTenant, listTenants } from '../src/tenants/service';
import { errorText, message, type Host, type Modal } from './widgets/dialog';
import { cell } from './widgets/format';
import type { Table } from './widgets/table';
import { box, esc, printable, screen as makeScreen, type Box, type Key } from './widgets/ui';
import { tenantsView } from './screens/tenants';
import { keysView } from './screens/keys';
import { integrityView } from './screens/integrity';
import { healthView } from './screens/health';
import { operatorView } from './screens/operator';

/** One screen of the console. */
export type View = {
  name: string;
  hints: string;
  help: string[];
  box: Box;
  /** Re-reads what the screen shows (called every second, after the read transaction was renewed). */
  refresh(): void;
  /** Screen keys; false lets the key fall through. */
  key(ch: string | undefined, key: Key): boolean;
  /** The list that `/` filters, if any. */
  filterTable(): Table<unknown> | null;
};

export type App = Host & {
  /** The tenant the Keys and Integrity screens work on (chosen on the Tenants screen or with `t`). */
  tenantId: string | null;
  go(name: string): void;
  /**
   * Runs an operator action; the status line says OK with its result, or the error code and message.
   * With `rethrow` a failure is thrown instead, so the form that started it stays open and shows it.
   */
  act(fn: () => Promise<string | null>, rethrow?: boolean): Promise<void>;
  /** Runs a dialog or action without waiting for it; a failure goes to the status line, never dropped. */
  background(work: Promise<unknown>): void;
  refresh(): void;
};

const GLOBAL_HELP = [
  'Keys everywhere',
  '  Tab / Shift-Tab   next / previous screen (or 1-5)',
  '  Up/Down PgUp/PgDn Home/End   move in a list',
  '  /                 filter the list (Enter keeps the filter, Esc clears it)',
  '  ?                 this help        q   quit',
  'Markers: > selected row, ~ value cut short, ! quota 90% used, [OK] [FAIL] [SKIP]',
  '',
];

/** Starts the console on an open store; resolves when the operator quits. */
export function startApp(cfg: Config): Promise<void> {
  const scr = makeScreen();
  const header = box(scr, { top: 0, left: 0, width: '100%', height: 1 });
  const body = box(scr, { top: 1, left: 0, width: '100%', height: scr.height - 2 });
  const statusLine = box(scr, { top: '100%-1', left: 0, width: '100%', height: 1 });
  const modals: Modal[] = [];
  let status: { text: string; until: number } | null = null;
  let filtering: Table<unknown> | null = null; // the list `/` is filtering; the status line is its input
  let quit: () => void = () => {};

  const app: App = {
    parent: scr,
    width: () => scr.width,
    height: () => scr.height,
    push: (m) => void modals.push(m),
    pop: (m) => void modals.splice(modals.indexOf(m), 1),
    render: () => scr.render(),
    tenantId: listTenants()[0]?.tenant_id ?? null,
    go: (name) => show(views.findIndex((v) => v.name === name)),
    async act(fn, rethrow = false) {
      try {
        const msg = await fn();
        if (msg) status = { text: `OK ${msg}`, until: Date.now() + 10_000 };
      } catch (e) {
        if (rethrow) throw e;
        status = { text: `ERROR ${errorText(e)}`, until: Date.now() + 15_000 };
      } finally {
        app.refresh();
      }
    },
    background(work) {
      work.catch((e) => {
        status = { text: `ERROR ${errorText(e)}`, until: Date.now() + 15_000 };
        app.refresh();
      });
    },
    refresh() {
      try {
        refreshReads();
        views[current]!.refresh();
      } catch (e) {
        status = { text: `ERROR reading the store: ${errorText(e)}`, until: Date.now() + 5_000 };
      }
      drawChrome();
      scr.render();
    },
  };

  const size = { top: 0, left: 0, width: scr.width, height: scr.height - 2 };
  const views: View[] = [
    tenantsView(app, body, size),
    keysView(app, body, size),
    integrityView(app, body, size),
    healthView(app, body, size, cfg),
    operatorView(app, body, size),
  ];
  let current = 0;

  function drawChrome(): void {
    const tabs = views
      .map((v, i) =>
        i === current ? `{inverse}${esc(`[${i + 1} ${v.name}]`)}{/inverse}` : esc(` ${i + 1} ${v.name} `),
      )
      .join(' ');
    const t = app.tenantId ? getTenant(app.tenantId) : undefined;
    const right = `${t ? `tenant ${cell(t.name, 16).trimEnd()}  ` : ''}${new Date().toISOString().slice(11, 19)} UTC`;
    header.setContent(`${tabs}{|}${esc(right)}`);
    if (filtering)
      statusLine.setContent(esc(`/${filtering.filter}`) + '{inverse} {/inverse}' + esc('   (Enter keep, Esc clear)'));
    else
      statusLine.setContent(
        esc(cell(status && status.until > Date.now() ? status.text : views[current]!.hints, scr.width)),
      );
  }

  function show(i: number): void {
    if (i < 0) return;
    views[current]!.box.hide();
    current = (i + views.length) % views.length;
    views[current]!.box.show();
    app.refresh();
  }

  /** `/`: the status line becomes the filter input; the list narrows as the operator types. */
  function openFilter(t: Table<unknown>): void {
    const m: Modal = {
      key(ch, key) {
        if (key.name === 'escape') t.setFilter('');
        if (key.name === 'enter' || key.name === 'escape') {
          app.pop(m);
          filtering = null;
        } else if (key.name === 'backspace') t.setFilter(t.filter.slice(0, -1));
        else if (printable(ch, key)) t.setFilter(t.filter + ch);
        app.refresh();
      },
    };
    filtering = t;
    app.push(m);
    app.refresh();
  }

  scr.on('keypress', (ch, key) => {
    if (key.full === 'C-c') return quit();
    const top = modals[modals.length - 1];
    if (top) {
      top.key(ch, key);
      return;
    }
    const v = views[current]!;
    if (ch === 'q') return quit();
    if (ch === '?') return app.background(message(app, 'Help', [...GLOBAL_HELP, ...v.help]));
    if (key.name === 'tab') return show(current + 1);
    if (key.full === 'S-tab') return show(current - 1);
    if (ch && ch >= '1' && ch <= String(views.length)) return show(Number(ch) - 1);
    if (ch === '/' || key.name === 'escape') {
      const t = v.filterTable();
      if (t && ch === '/') openFilter(t);
      else if (t?.filter) {
        t.setFilter('');
        app.refresh();
      }
      return;
    }
    if (v.key(ch, key)) scr.render();
  });
  scr.on('resize', () => app.refresh());

  for (const v of views) v.box.hide();
  show(0);
  const timer = setInterval(() => app.refresh(), 1000);
  return new Promise((resolve) => {
    quit = () => {
      clearInterval(timer);
      scr.destroy();
      resolve();
    };
  });
}
