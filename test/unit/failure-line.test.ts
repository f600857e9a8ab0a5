// Covers the one failure line of `svc verify`: whatever a file's values hold (a detail may quote them), it stays one
// line, its control characters written as escapes.
import { describe, expect, it } from 'bun:test';
import { failureLine } from '../../src/verify/report-text';

describe('failureLine', () => {
  it('names the first failed check and keeps a detail with line breaks and control characters on one line', () => {
    const line = failureLine([
      { name: 'record.signature', ok: true, detail: 'fine' },
      { name: 'record.fields', ok: false, detail: 'event_id: signed x vs document a\n\n\u2014 b\r\u0001\u007f' },
      { name: 'log.inclusion', ok: false, detail: 'later' },
    ]);
    expect(line).toBe('NOT VERIFIED: record.fields: event_id: signed x vs document a\\n\\n\u2014 b\\r\\u0001\\u007f');
    expect(line).toMatch(/^NOT VERIFIED: [^\n]+$/);
  });

  it('says NOT VERIFIED alone when no check names a failure', () => {
    expect(failureLine([{ name: 'x', ok: true, detail: '' }])).toBe('NOT VERIFIED');
  });
});
