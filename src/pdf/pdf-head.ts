// Owns the head evidence the trace PDF prints (docs/verification.md#15-the-head-step-head-leaf-cosignatures-time-stamp-tokens): the seal's `log.head` checked with the one rule set when
// the PDF is made, against the appliance's platform key, its witness policy and its TSA roots, and said in words.
import { config } from '../config';
import { platformPublicKey } from '../signing/platform';
import { checkHeadBlock, type HeadTrust } from '../verify/head';
import { reportHeadOf } from '../verify/head-rules';
import { nodePrimitives } from '../verify/node-primitives';
import { parseCheckpoint, parseNote } from '../verify/note';
import type { ReportHead } from '../verify/report';
import { loadTrustAnchors } from '../verify/timestamp';
import type { ProofBundle } from '../proof-format/documents';

/** The trust the appliance itself applies: its witness policy, given its own head log as the policy's log, and its TSA roots. */
function applianceTrust(headOrigin: string): HeadTrust {
  const cfg = config();
  const platform = platformPublicKey();
  const policy = cfg.witnessPolicy
    ? { ...cfg.witnessPolicy, logs: [{ origin: headOrigin, publicKey: platform, vkey: '', url: null }] }
    : undefined;
  return {
    platformKey: platform,
    policy,
    tsaAnchors: cfg.tsaCa ? loadTrustAnchors(cfg.tsaCa) : undefined,
    now: Date.now() / 1000,
  };
}

/** The seal's head as the PDF states it; undefined when the bundle carries none (no log block, or the log pending). */
export async function sealHead(b: ProofBundle): Promise<ReportHead | undefined> {
  const log = b.seal.log;
  if (!log || 'status' in log || !log.head) return undefined;
  if ('status' in log.head) return { status: 'pending' };
  const note = parseNote(log.head.checkpoint);
  const origin = note ? parseCheckpoint(note.body)?.origin : undefined;
  const r = await checkHeadBlock(nodePrimitives, log.checkpoint, log.head, applianceTrust(origin ?? ''));
  return r.status === 'checked' ? reportHeadOf(r) : undefined;
}
