// Owns authenticity (docs/verification.md#8-where-the-keys-come-from): every key a document uses must be published for
// its domain in a GET /keys/{domain} answer and, with the platform key given, that key record must be signed by it.
import { canonicalBytes } from '../crypto/canonical';
import { keyRecordSignedPayload } from '../crypto/signed';
import { isPlainObject } from '../crypto/json-value';
import { fromBase64Url, toHex } from './primitives';
import { hexBytes, keyIdOf, type SignedFields } from './records';
import { short, type Ctx, type Obj, type VerifyOptions } from './report';

/** The raw public keys of a GET /keys/{domain} answer: candidates for a checkpoint signed with a newer key than a record's. */
export function publishedKeys(keys: unknown): Uint8Array[] {
  if (!isPlainObject(keys) || !Array.isArray(keys.keys)) return [];
  return keys.keys
    .flatMap((k) => (isPlainObject(k) && typeof k.public_key === 'string' ? [fromBase64Url(k.public_key)] : []))
    .filter((k): k is Uint8Array => k?.length === 32);
}

/** A record of the document and the part of the report its checks go under (`record`, `items[2]`, `seal`). */
export type UsedKey = { part: string; record: SignedFields };

/**
 * docs/verification.md#8-where-the-keys-come-from: every record's key must be listed for the document's domain with
 * the same bytes (`<part>.key_published`); with the platform key, its key record must carry a valid
 * platform_signature (`<part>.key_platform_signature`). Returns the domain the keys are published for when they all
 * are, else null.
 */
export function pinKeys(x: Ctx, domain: string | null, used: UsedKey[], opts: VerifyOptions): string | null {
  const { c, p } = x;
  if (opts.keysUnavailable !== undefined) {
    c.skip('keys', 'list', `not checked: ${opts.keysUnavailable}`);
    return null;
  }
  if (opts.keys === undefined) return null;
  const kd = opts.keys;
  if (!isPlainObject(kd) || !Array.isArray(kd.keys)) {
    c.add('keys', 'list', false, 'the key list is not a GET /keys/{domain} answer');
    return null;
  }
  const listed = typeof kd.domain === 'string' ? kd.domain.toLowerCase() : null;
  let ok = c.add(
    'keys',
    'domain',
    listed !== null && (domain === null || listed === domain),
    `key list for ${short(kd.domain)}, document domain ${domain ?? 'not stated'}`,
  );
  const platform =
    isPlainObject(opts.platformKey) && typeof opts.platformKey.public_key === 'string'
      ? fromBase64Url(opts.platformKey.public_key)
      : null;
  if (opts.platformKey !== undefined) {
    const kidOk = platform?.length === 32 && keyIdOf(p.sha256, platform) === (opts.platformKey as Obj).key_id;
    ok =
      c.add(
        'keys',
        'platform_key',
        kidOk,
        kidOk
          ? `platform key ${keyIdOf(p.sha256, platform!)}`
          : 'platform key file is malformed or its key_id does not match its public key',
      ) && ok;
  }
  for (const { part, record: u } of used) {
    const rec = (kd.keys as unknown[]).find((k) => isPlainObject(k) && k.key_id === u.key_id) as Obj | undefined;
    const raw = rec && typeof rec.public_key === 'string' ? fromBase64Url(rec.public_key) : null;
    const published = raw ? toHex(raw) : null;
    const until = rec && typeof rec.valid_until === 'string' ? `, retired ${rec.valid_until}` : '';
    ok =
      c.add(
        part,
        'key_published',
        published !== null && published === u.public_key,
        published === u.public_key
          ? `key ${short(u.key_id)} published for ${short(kd.domain)}${typeof rec?.valid_from === 'string' ? ` (valid from ${rec.valid_from}${until})` : ''}`
          : published
            ? 'the public key differs from the one published under its key_id'
            : 'key_id not published for this domain',
      ) && ok;
    if (platform?.length === 32 && rec) {
      const sig = hexBytes(rec.platform_signature, 64);
      const sigOk =
        !!sig &&
        p.verify(
          platform,
          canonicalBytes(
            keyRecordSignedPayload({
              domain: kd.domain as string,
              public_key: rec.public_key as string,
              key_id: rec.key_id as string,
            }),
          ),
          sig,
        );
      ok =
        c.add(
          part,
          'key_platform_signature',
          sigOk,
          sigOk
            ? 'its key record is signed by the platform key'
            : 'the platform_signature of its key record does not verify',
        ) && ok;
    }
  }
  return ok ? listed : null;
}
