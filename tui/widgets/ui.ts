// Owns the blessed import and the small typed surface of it the console uses (blessed ships without types).
import blessed from 'blessed';

export type Key = { name?: string; full: string; ctrl?: boolean; shift?: boolean; sequence?: string };
export type Box = {
  setContent(text: string): void;
  destroy(): void;
  show(): void;
  hide(): void;
  setFront(): void;
  readonly hidden: boolean;
  height: number | string;
  width: number | string;
};
export type Screen = {
  render(): void;
  destroy(): void;
  on(event: 'keypress', fn: (ch: string | undefined, key: Key) => void): void;
  on(event: 'resize', fn: () => void): void;
  readonly width: number;
  readonly height: number;
};
export type Pos = { top: number | string; left: number | string; width: number | string; height: number | string };
/** The part of the screen a view owns, in cells. */
export type Area = { top: number; left: number; width: number; height: number };

export function screen(): Screen {
  const s = blessed.screen({
    smartCSR: true,
    fullUnicode: true,
    forceUnicode: true,
    autoPadding: false,
    title: 'svc console',
  });
  // Unicode line drawing instead of the ACS charset, which some terminals (tmux among them) show as letters.
  // The screen reads tput.brokenACS (a terminfo feature flag) that @types/blessed does not declare.
  Object.assign(s.tput, { brokenACS: true });
  return s as Screen;
}

/** A plain text area; content uses blessed tags ({bold}, {inverse}), so values go through esc(). */
export function box(parent: unknown, pos: Pos, opts: { border?: boolean; label?: string; pad?: boolean } = {}): Box {
  return blessed.box({
    // Parents are the screen or boxes made here, all blessed nodes behind the console's narrower types.
    parent: parent as blessed.Widgets.Node,
    ...pos,
    tags: true,
    wrap: false,
    ...(opts.border ? { border: { type: 'line' } } : {}),
    ...(opts.pad ? { padding: { left: 1, right: 1 } } : {}),
    ...(opts.label ? { label: ` ${esc(opts.label)} ` } : {}),
  }) as Box;
}

/** Text shown verbatim: braces would otherwise be read as blessed tags. */
export const esc = (s: string): string => blessed.escape(s);

/** Printable input characters (not control keys). */
export const printable = (ch: string | undefined, key: Key): ch is string =>
  !!ch && !key.ctrl && ch.length === 1 && ch >= ' ' && ch !== '\x7f';
