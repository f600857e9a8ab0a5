// Owns what every page of src/web/ shares: the HTML shell around its markup and the response headers with the strict Content-Security-Policy.
export type Shell = {
  title: string;
  styles: string[];
  script: string;
  /** Attributes of <body>, values static (never from the request). */
  bodyAttrs?: Record<string, string>;
  body: string;
};

/** Static markup only: callers pass no request data, so nothing user-supplied is echoed. */
export function htmlShell(s: Shell): string {
  const attrs = Object.entries(s.bodyAttrs ?? {})
    .map(([k, v]) => ` ${k}="${v}"`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${s.title}</title>
${s.styles.map((href) => `<link rel="stylesheet" href="${href}">\n`).join('')}<script type="module" src="${s.script}"></script>
</head>
<body${attrs}>
${s.body}</body>
</html>
`;
}

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; object-src 'none'";

/** A page response: scripts and styles only from this origin, never framed, no referrer. */
export function htmlResponse(html: string, cacheControl: 'no-cache' | 'no-store'): Response {
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': CSP,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cache-control': cacheControl,
    },
  });
}
