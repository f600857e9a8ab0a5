// The clients' wait condition (clients/typescript/src/wait.ts) on hand-made log blocks: pending, checkpointed, in a
// published head, and a sandbox record's block that has no head at all (docs/api.md#sandbox-tenants).
import { describe, expect, it } from 'bun:test';
import { evidenceReached } from '../../clients/typescript/src/wait';

const cp = 'example.test/log\n1\nAAAA\n\n— sig\n';
const pending = { log: { status: 'pending' } };
const checkpointed = { log: { checkpoint: cp, head: { status: 'pending' } } };
const headed = { log: { checkpoint: cp, head: { checkpoint: cp } } };
const sandbox = { log: { checkpoint: cp } };

describe('evidenceReached', () => {
  it('checkpoint: every block carries its checkpoint', () => {
    expect([pending, checkpointed, headed, sandbox].map((d) => evidenceReached(d, 'checkpoint'))).toEqual([
      false,
      true,
      true,
      true,
    ]);
  });
  it("head: every block's head is published, and a sandbox block (no head at all) ends at its checkpoint", () => {
    expect([pending, checkpointed, headed, sandbox].map((d) => evidenceReached(d, 'head'))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
  it('a bundle has reached a step only when every item and the seal have', () => {
    const bundle = (seal: object) => ({ items: [headed, headed], seal });
    expect([evidenceReached(bundle(headed), 'head'), evidenceReached(bundle(checkpointed), 'head')]).toEqual([
      true,
      false,
    ]);
  });
});
