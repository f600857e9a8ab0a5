// Owns the published witness policy (docs/verification.md#19-tlog-proof): the C2SP tlog-policy under which heads are
// published, its `log` line the head's verifier key, so that a verifier of head tlog-proofs can take it as it is.
import { config, publicUrl } from '../config';
import { platformPublicKey } from '../signing/platform';
import { verifierKey } from '../verify/note';
import { originOf, publicHostOf } from './append';
import { sha } from './logs';
import { platformLog } from './platform';

/**
 * GET /.well-known/svc-witness-policy: `log <head vkey>`, then the configured witnesses, groups and quorum (`quorum
 * none` without a policy). Witness URLs are left out: they are the operator's push addresses, and a verifier needs keys
 * only.
 */
export function publishedWitnessPolicy(): string {
  const origin = platformLog('head')?.origin ?? originOf(publicHostOf(publicUrl()), 'head', null);
  const lines = [`log ${verifierKey(sha, origin, platformPublicKey())}`];
  const policy = config().witnessPolicy;
  for (const w of policy?.witnesses ?? []) lines.push(`witness ${w.name} ${w.vkey}`);
  for (const g of policy?.groups ?? []) lines.push(`group ${g.name} ${g.threshold} ${g.members.join(' ')}`);
  lines.push(`quorum ${policy?.quorum ?? 'none'}`);
  return `${lines.join('\n')}\n`;
}
