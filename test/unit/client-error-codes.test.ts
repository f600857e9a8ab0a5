// The TypeScript client's ApiErrorCode union (clients/typescript/src/error-codes.ts) is generated from docs/api.md's
// error table by scripts/gen-error-codes.ts: the committed file must be what the table gives today.
import { describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { API_MD, ERROR_CODES_FILE, errorCodesText } from '../../scripts/gen-error-codes';

describe('ProofLedgerError.code', () => {
  it('is the union of every code of the error table (run `npx bun scripts/gen-error-codes.ts` after changing it)', () => {
    const committed = readFileSync(ERROR_CODES_FILE, 'utf8');
    expect(committed).toBe(errorCodesText(readFileSync(API_MD, 'utf8')));
    expect(committed).toContain("| 'idempotency_key_reuse_mismatch'");
  });

  it('follows the table: a code added to or dropped from it changes the union', () => {
    const md = readFileSync(API_MD, 'utf8');
    const added = md.replace('| 410 | `retention_expired` |', '| 410 | `retention_expired`, `gone_for_good` |');
    expect(added).not.toBe(md);
    expect(errorCodesText(added)).toContain("| 'gone_for_good'");
    expect(errorCodesText(md.replace('| 402 | `payment_required` |', '| 402 | none |'))).not.toContain(
      "'payment_required'",
    );
    expect(() => errorCodesText('# no table here\n')).toThrow('no error table');
  });
});
