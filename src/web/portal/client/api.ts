// Owns the viewer's talk with the API: the link exchange and session-authenticated reads. The session token lives
// only in this module's memory: never in the address bar, storage, cookies or logs.
export type Session = {
  organization_id: string;
  organization_name: string;
  intent: 'audit_logs' | 'log_streams';
  expires_at: string;
  issuer: { name?: string; issuer_name?: string; primary_domain?: string; domain_verified?: boolean } | null;
};
export type Reply = { status: number; body: any };

let token: string | null = null;

/** Reads and removes the link from the fragment (#link=...), so a reload or a copied address does not carry it. */
export function takeLinkFromFragment(): string | null {
  const m = /(?:^#|&)link=([^&]+)/.exec(location.hash);
  history.replaceState(null, '', location.pathname + location.search);
  return m ? decodeURIComponent(m[1]!) : null;
}

async function json(res: Response): Promise<any> {
  try {
    return await res.json();
  } catch {
    return null;
  }
}

/** POST /v1/audit/portal/exchange: the link is sent once, in a request body. */
export async function exchange(link: string): Promise<{ status: number; session: Session | null; error?: string }> {
  try {
    const res = await fetch('/v1/audit/portal/exchange', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token: link }),
      cache: 'no-store',
    });
    const body = await json(res);
    if (res.status !== 200 || !body?.session_token) return { status: res.status, session: null, error: body?.error };
    token = body.session_token;
    const { session_token: _, ...session } = body;
    return { status: 200, session: session as Session };
  } catch {
    return { status: 0, session: null };
  }
}

/** A GET of the viewer API with the session token; waits and retries once on 429. */
export async function api(path: string): Promise<Reply> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(path, {
        headers: { authorization: `Bearer ${token ?? ''}`, accept: 'application/json' },
        cache: 'no-store',
      });
      if (res.status === 429 && attempt < 3) {
        await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
        continue;
      }
      return { status: res.status, body: await json(res) };
    } catch {
      return { status: 0, body: null };
    }
  }
}
