// Renders /openapi.json as a list of operations grouped by tag (method, path, access, parameters, body, responses).
type Json = Record<string, any>;

function h(tag: string, attrs: Record<string, string> = {}, ...children: Array<Node | string | null>): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) if (c !== null) el.append(c);
  return el;
}
const pre = (v: unknown) => h('pre', {}, typeof v === 'string' ? v : JSON.stringify(v, null, 2));

/** The first example with a value among a body's media types (the document gives one to every body). */
function exampleOf(content: Json | undefined): unknown {
  for (const media of Object.values(content ?? {}) as Json[]) {
    const first = Object.values((media.examples ?? {}) as Json)[0] as Json | undefined;
    if (first && 'value' in first) return first.value;
  }
  return undefined;
}
/** A body's schema, then its example when it has one. */
const bodyOf = (title: string, schema: unknown, content: Json | undefined) => {
  const example = exampleOf(content);
  return h(
    'div',
    {},
    h('h4', {}, title),
    pre(schema),
    ...(example === undefined ? [] : [h('h4', {}, 'Example'), pre(example)]),
  );
};

function operation(path: string, method: string, op: Json): HTMLElement {
  const params = (op.parameters ?? []) as Json[];
  const security = (op.security ?? []) as Json[];
  const access = security.length ? `Needs ${security.map((s) => Object.keys(s)[0]).join(' or ')}` : 'No key needed';
  const responses = Object.entries((op.responses ?? {}) as Json).map(([status, r]) =>
    h(
      'tr',
      {},
      h('td', {}, status),
      h('td', {}, (r as Json).description ?? ''),
      h('td', {}, Object.keys((r as Json).content ?? {}).join(', ')),
    ),
  );
  const body = op.requestBody?.content?.['application/json']?.schema;
  return h(
    'details',
    { class: 'op' },
    h(
      'summary',
      {},
      h('span', { class: `method m-${method}` }, method.toUpperCase()),
      h('span', { class: 'path' }, path),
      h('span', { class: 'sum' }, op.summary ?? ''),
    ),
    h(
      'div',
      { class: 'body' },
      h('p', { class: 'auth' }, `${access}. ${op.description ?? ''}`),
      params.length
        ? h(
            'table',
            {},
            h('tr', {}, h('th', {}, 'parameter'), h('th', {}, 'in'), h('th', {}, 'required'), h('th', {}, 'schema')),
            ...params.map((p) =>
              h(
                'tr',
                {},
                h('td', {}, p.name),
                h('td', {}, p.in),
                h('td', {}, p.required ? 'yes' : 'no'),
                h('td', {}, JSON.stringify(p.schema ?? {})),
              ),
            ),
          )
        : null,
      body ? bodyOf('Request body (application/json)', body, op.requestBody.content) : null,
      h('h4', {}, 'Responses'),
      h('table', {}, ...responses),
      ...Object.entries((op.responses ?? {}) as Json)
        .filter(([s]) => s.startsWith('2'))
        .map(([s, r]) => {
          const schema = (r as Json).content?.['application/json']?.schema;
          return schema ? bodyOf(`${s} body`, schema, (r as Json).content) : null;
        }),
    ),
  );
}

async function main(): Promise<void> {
  const app = document.getElementById('app')!;
  const doc = (await (await fetch('/openapi.json')).json()) as Json;
  const byTag = new Map<string, HTMLElement[]>();
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      if (method === 'parameters') continue;
      const tag = (op as Json).tags?.[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation(path, method, op as Json)]);
    }
  }
  app.replaceChildren(
    h('h1', {}, `${doc.info.title} ${doc.info.version}`),
    h('p', {}, doc.info.description ?? ''),
    ...[...byTag].flatMap(([tag, ops]) => [h('h2', { id: `tag-${tag}` }, tag), ...ops]),
  );
}

main().catch((e) => {
  document.getElementById('app')!.replaceChildren(h('p', {}, `Could not load /openapi.json: ${String(e)}`));
});
