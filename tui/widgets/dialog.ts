// Owns modal dialogs: forms, confirmations, messages (one of them the one-time secret) and pickers.
import { ApiError } from '../../src/errors';
import { cell, wrap } from './format';
import { Table } from './table';
import { box, esc, printable, type Box, type Key } from './ui';

export type Modal = { key(ch: string | undefined, key: Key): void };
/** Where dialogs draw and how they take the keyboard (the app keeps a stack of open modals). */
export type Host = {
  parent: unknown;
  width(): number;
  height(): number;
  push(m: Modal): void;
  pop(m: Modal): void;
  render(): void;
};

export type Field =
  | { name: string; label: string; kind: 'text'; value?: string; note?: string }
  | { name: string; label: string; kind: 'choice'; options: string[]; value?: string }
  | { name: string; label: string; kind: 'checks'; options: string[]; value?: string[] };
export type Values = Record<string, string | string[]>;

/** The one line an operator sees for a failure: the contract's error code and message. */
export const errorText = (e: unknown): string =>
  e instanceof ApiError ? `${e.code}: ${e.message}` : ((e as Error)?.message ?? String(e));

/** Text columns inside a frame: the border and one column of padding on each side. */
const innerWidth = (host: Host, width = 74) => Math.min(width, host.width() - 2) - 4;

function frame(host: Host, title: string, height: number, width = 74): Box {
  const w = Math.min(width, host.width() - 2);
  const b = box(
    host.parent,
    { top: 'center', left: 'center', width: w, height },
    { border: true, label: title, pad: true },
  );
  b.setFront();
  return b;
}

/**
 * A form; Enter runs `submit` with the values. A failure keeps the form open with the error shown,
 * so the operator corrects a field instead of typing everything again. Resolves false on Esc.
 */
export function form(
  host: Host,
  title: string,
  fields: Field[],
  submit: (v: Values) => Promise<void> | void,
): Promise<boolean> {
  const values: Values = {};
  for (const f of fields)
    values[f.name] =
      f.kind === 'checks' ? [...(f.value ?? [])] : f.kind === 'choice' ? (f.value ?? f.options[0]!) : (f.value ?? '');
  let at = 0;
  let opt = 0;
  let error = '';
  let busy = false;
  // A row of checkboxes is as wide as its options ("[x] name" each): the form widens to show all of them, up to the
  // screen's width. Each row starts with 15 columns (marker and label); border and padding take 4.
  const checks = fields.map((f) =>
    f.kind === 'checks' ? 15 + f.options.reduce((n, o) => n + o.length + 5, -1) + 4 : 0,
  );
  const b = frame(host, title, fields.length + 5, Math.max(74, ...checks));
  const draw = () => {
    const lines = fields.map((f, i) => {
      const on = i === at;
      const v = values[f.name]!;
      let shown: string;
      if (f.kind === 'text')
        shown = esc(v as string) + (on ? '{inverse} {/inverse}' : '') + (!v && f.note ? ` ${esc(`(${f.note})`)}` : '');
      else if (f.kind === 'choice') shown = esc(`< ${v} >`) + (on ? esc('  (left/right to change)') : '');
      else
        shown = f.options
          .map((o, j) => {
            const t = esc(`[${(v as string[]).includes(o) ? 'x' : ' '}] ${o}`);
            return on && j === opt ? `{inverse}${t}{/inverse}` : t;
          })
          .join(' ');
      return `${on ? '>' : ' '} ${esc(cell(f.label, 12))} ${shown}`;
    });
    const said = error ? wrap(`ERROR ${error}`, innerWidth(host)) : [busy ? 'working...' : ''];
    lines.push('', ...said.map(esc), esc('Tab/Up/Down field  Left/Right/Space choose  Enter OK  Esc cancel'));
    b.height = lines.length + 2;
    b.setContent(lines.join('\n'));
    host.render();
  };
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      host.pop(modal);
      b.destroy();
      host.render();
      resolve(ok);
    };
    const modal: Modal = {
      key(ch, key) {
        if (busy) return;
        const f = fields[at]!;
        const n = key.name;
        if (n === 'escape') return done(false);
        if (n === 'enter') {
          busy = true;
          error = '';
          draw();
          Promise.resolve()
            .then(() => submit(values))
            .then(
              () => done(true),
              (e) => {
                busy = false;
                error = errorText(e);
                draw();
              },
            );
          return;
        }
        if (n === 'tab' || n === 'down') [at, opt] = [(at + 1) % fields.length, 0];
        else if (key.full === 'S-tab' || n === 'up') [at, opt] = [(at + fields.length - 1) % fields.length, 0];
        else if (f.kind === 'text') {
          if (n === 'backspace') values[f.name] = (values[f.name] as string).slice(0, -1);
          else if (key.full === 'C-u') values[f.name] = '';
          else if (printable(ch, key)) values[f.name] += ch;
        } else if (f.kind === 'choice' && (n === 'left' || n === 'right' || n === 'space')) {
          const i = f.options.indexOf(values[f.name] as string);
          values[f.name] = f.options[(i + (n === 'left' ? f.options.length - 1 : 1)) % f.options.length]!;
        } else if (f.kind === 'checks') {
          if (n === 'left') opt = Math.max(0, opt - 1);
          else if (n === 'right') opt = Math.min(f.options.length - 1, opt + 1);
          else if (n === 'space') {
            const cur = values[f.name] as string[];
            const o = f.options[opt]!;
            values[f.name] = cur.includes(o)
              ? cur.filter((x) => x !== o)
              : f.options.filter((x) => x === o || cur.includes(x));
          }
        }
        draw();
      },
    };
    host.push(modal);
    draw();
  });
}

/** Resolves true only on 'y'; 'n' and Esc say no, every other key is ignored (no accidental yes). */
export function confirm(host: Host, title: string, text: string[]): Promise<boolean> {
  const lines = text.flatMap((t) => wrap(t, innerWidth(host)));
  const b = frame(host, title, lines.length + 4);
  b.setContent([...lines.map(esc), '', '{bold}y{/bold} yes   {bold}n{/bold} or Esc no'].join('\n'));
  host.render();
  return new Promise((resolve) => {
    const modal: Modal = {
      key(ch, key) {
        const yes = ch === 'y' || ch === 'Y';
        if (!yes && ch !== 'n' && ch !== 'N' && key.name !== 'escape') return;
        host.pop(modal);
        b.destroy();
        host.render();
        resolve(yes);
      },
    };
    host.push(modal);
  });
}

/**
 * A message closed with Enter (or Esc unless `enterOnly`). The one-time API key dialog uses
 * enterOnly; its text is dropped from the box before the box is destroyed.
 */
export function message(host: Host, title: string, text: string[], opts: { enterOnly?: boolean } = {}): Promise<void> {
  const lines = text.flatMap((t) => (t.length > innerWidth(host, 78) ? wrap(t, innerWidth(host, 78)) : [t]));
  const b = frame(host, title, Math.min(lines.length + 4, host.height()), 78);
  b.setContent([...lines.map(esc), '', opts.enterOnly ? 'Press Enter to close.' : 'Enter or Esc to close.'].join('\n'));
  host.render();
  return new Promise((resolve) => {
    const modal: Modal = {
      key(_ch, key) {
        if (key.name !== 'enter' && (opts.enterOnly || key.name !== 'escape')) return;
        host.pop(modal);
        b.setContent('');
        b.destroy();
        host.render();
        resolve();
      },
    };
    host.push(modal);
  });
}

/** A list to choose from; typing filters it. Resolves the chosen id, or null on Esc. */
export function pick(
  host: Host,
  title: string,
  items: Array<{ id: string; label: string }>,
  selectedId: string | null,
): Promise<string | null> {
  const height = Math.min(18, items.length + 6);
  const b = frame(host, title, height);
  const w = innerWidth(host);
  // Children of a framed box are placed from its outer corner: step over the border and the padding.
  const t = new Table<{ id: string; label: string }>(
    b,
    { top: 1, left: 2, width: w, height: height - 4 },
    {
      title: 'type to filter',
      columns: [{ title: 'NAME', width: w - 3, value: (i) => i.label }],
      id: (i) => i.id,
      empty: 'nothing to choose from',
    },
  );
  const hint = box(b, { top: height - 2, left: 2, width: w, height: 1 });
  hint.setContent(esc('Up/Down move  Enter choose  Esc cancel'));
  t.setRows(items);
  if (selectedId) t.select(selectedId);
  host.render();
  return new Promise((resolve) => {
    const done = (id: string | null) => {
      host.pop(modal);
      b.destroy();
      host.render();
      resolve(id);
    };
    const modal: Modal = {
      key(ch, key) {
        if (key.name === 'escape') return done(null);
        if (key.name === 'enter') return done(t.current()?.id ?? null);
        if (key.name === 'backspace') t.setFilter(t.filter.slice(0, -1));
        else if (!t.handleKey(key) && printable(ch, key)) t.setFilter(t.filter + ch);
        host.render();
      },
    };
    host.push(modal);
  });
}
