// Owns the list pane: a title line, column headers, fixed-width rows with a '>' marker on the selection, and a filter.
import { cell } from './format';
import { box, esc, type Box, type Key, type Pos } from './ui';

export type Column<T> = { title: string; width: number; value: (row: T) => string; align?: 'left' | 'right' };
export type TableOpts<T> = { title: string; columns: Column<T>[]; id: (row: T) => string; empty: string };

export class Table<T> {
  readonly box: Box;
  private all: T[] = [];
  private rows: T[] = [];
  private sel = 0;
  private offset = 0;
  private height: number;
  filter = '';
  focused = true;
  title: string;
  empty: string;

  constructor(
    parent: unknown,
    pos: Pos & { height: number },
    private o: TableOpts<T>,
  ) {
    this.box = box(parent, pos);
    this.height = pos.height;
    this.title = o.title;
    this.empty = o.empty;
  }

  /** Replaces the rows, keeping the selected row (by id) where it still exists. */
  setRows(rows: T[]): void {
    const cur = this.current();
    this.all = rows;
    this.apply(cur ? this.o.id(cur) : null);
  }

  /** Keeps rows whose visible cells contain `text` (case-insensitive). */
  setFilter(text: string): void {
    const cur = this.current();
    this.filter = text;
    this.apply(cur ? this.o.id(cur) : null);
  }

  current(): T | undefined {
    return this.rows[this.sel];
  }

  select(id: string): void {
    const i = this.rows.findIndex((r) => this.o.id(r) === id);
    if (i >= 0) this.sel = i;
    this.render();
  }

  /** Arrow keys, page keys, home and end; true when the key moved the selection. */
  handleKey(key: Key): boolean {
    const page = Math.max(1, this.height - 3);
    const moves: Record<string, number> = {
      up: -1,
      down: 1,
      pageup: -page,
      pagedown: page,
      home: -Infinity,
      end: Infinity,
    };
    const d = moves[key.name ?? ''];
    if (d === undefined) return false;
    this.sel = Math.max(0, Math.min(this.rows.length - 1, this.sel + d));
    this.render();
    return true;
  }

  private apply(keepId: string | null): void {
    const f = this.filter.toLowerCase();
    this.rows = f ? this.all.filter((r) => this.o.columns.some((c) => c.value(r).toLowerCase().includes(f))) : this.all;
    const i = keepId === null ? -1 : this.rows.findIndex((r) => this.o.id(r) === keepId);
    this.sel = i >= 0 ? i : Math.max(0, Math.min(this.sel, this.rows.length - 1));
    this.render();
  }

  render(): void {
    const visible = this.height - 2;
    if (this.sel < this.offset) this.offset = this.sel;
    if (this.sel >= this.offset + visible) this.offset = this.sel - visible + 1;
    this.offset = Math.max(0, Math.min(this.offset, Math.max(0, this.rows.length - visible)));
    const shown = this.filter
      ? `${this.rows.length} of ${this.all.length}, filter "${this.filter}"`
      : String(this.all.length);
    const more = this.offset + visible < this.rows.length ? '  (more below)' : '';
    const title = `${this.focused ? '{bold}' : ''}${esc(this.focused ? `[${this.title}]` : ` ${this.title} `)}${this.focused ? '{/bold}' : ''} ${esc(`(${shown})${more}`)}`;
    const header = '  ' + this.o.columns.map((c) => cell(c.title, c.width, c.align)).join(' ');
    const lines = [title, `{underline}${esc(header)}{/underline}`];
    if (!this.rows.length) lines.push(esc(`  ${this.filter ? 'no row matches the filter' : this.empty}`));
    for (let i = this.offset; i < Math.min(this.rows.length, this.offset + visible); i++) {
      const r = this.rows[i]!;
      const text = esc(this.o.columns.map((c) => cell(c.value(r), c.width, c.align)).join(' '));
      lines.push(
        i === this.sel ? `${this.focused ? '{inverse}' : ''}> ${text}${this.focused ? '{/inverse}' : ''}` : `  ${text}`,
      );
    }
    this.box.setContent(lines.join('\n'));
  }
}
