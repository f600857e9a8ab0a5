// The counting rule of docs/newcomer.md on hand-made sources: code lines count, blank lines, comments and Python
// docstrings do not, and a line ending in the [plumbing] marker is plumbing.
import { describe, expect, it } from 'bun:test';
import { countLines } from '../../scripts/count-plumbing';

describe('countLines', () => {
  it('counts TypeScript code lines and the marked ones', () => {
    const src = [
      '// a comment',
      "import { x } from 'y';",
      '',
      '  // an indented comment',
      'const a = 1; // [plumbing]',
      'const b = 2; // not plumbing',
      '}',
    ].join('\n');
    expect(countLines(src, 'TypeScript')).toEqual({ lines: 4, plumbing: 1 });
  });

  it('skips Python docstrings, one-line and multi-line, and comments', () => {
    const src = [
      '"""Module docstring',
      'second line of it',
      'last line."""',
      'import os',
      '# a comment',
      'def f():  # [plumbing]',
      '    """One line."""',
      '    return 1  # [plumbing]',
      'x = "a # [plumbing] inside a string"',
    ].join('\n');
    expect(countLines(src, 'Python')).toEqual({ lines: 4, plumbing: 2 });
  });
});
