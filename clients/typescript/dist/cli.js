#!/usr/bin/env node
import {
  checkDocument,
  resultOf
} from "./rules-7vgvf5dz.js";

// src/cli.ts
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

// ../../src/verify/report-text.ts
function reportLines(r) {
  const groups = new Map;
  for (const c of r.checks)
    groups.set(c.item, [...groups.get(c.item) ?? [], c]);
  const lines = [`${r.kind.replace("_", " ")}: ${r.checks.length} checks`];
  for (const [item, cs] of groups) {
    if (!item.startsWith("item ")) {
      for (const c of cs)
        lines.push(`${(c.skipped ? "SKIP" : c.ok ? "OK" : "FAIL").padEnd(5)} ${item}  ${c.check}: ${c.detail}`);
      continue;
    }
    lines.push(`${cs.every((c) => c.ok) ? "OK   " : "FAIL "} ${item}  ${cs.filter((c) => !c.skipped).map((c) => c.check).join(", ")}`);
    for (const c of cs)
      if (!c.ok || c.skipped)
        lines.push(`        ${c.check}: ${c.skipped ? "SKIP, " : ""}${c.detail}`);
  }
  if (r.signer)
    lines.push(`signed by key ${r.signer.key_id}${r.signer.published_for ? `, published for ${r.signer.published_for}` : " (no key list checked)"}${r.signer.log_origin ? `, in the log ${r.signer.log_origin}` : ""}`);
  if (r.unsigned.length)
    lines.push(`not covered by any signature: ${r.unsigned.join(", ")}`);
  const bad = r.checks.filter((c) => !c.ok).length;
  const skipped = r.checks.filter((c) => c.skipped).length;
  lines.push(bad ? `NOT VERIFIED: ${bad} of ${r.checks.length} checks failed` : `VERIFIED: all ${r.checks.length - skipped} checks passed${skipped ? ` (${skipped} not checked, see SKIP)` : ""}`);
  return lines;
}

// src/cli.ts
var USAGE = "usage: proof-ledger-verify FILE [--policy POLICY] [--tsa-ca PEM] [--keys KEYS.json] [--json]";
function read(file) {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    throw new Error(`cannot read ${file}: ${e.code ?? e.message}`);
  }
}
async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { policy: { type: "string" }, "tsa-ca": { type: "string" }, keys: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean" } }
  });
  if (values.help || positionals.length !== 1) {
    process.stderr.write(`${USAGE}
`);
    return values.help ? 0 : 1;
  }
  const keysText = values.keys === undefined ? undefined : read(values.keys);
  const report = await checkDocument(read(positionals[0]), {
    policy: values.policy === undefined ? undefined : read(values.policy),
    tsaRoots: values["tsa-ca"] === undefined ? undefined : read(values["tsa-ca"]),
    keys: keysText === undefined ? undefined : JSON.parse(keysText)
  });
  const result = resultOf(report);
  process.stdout.write(values.json ? `${JSON.stringify(result)}
` : `${reportLines(report).join(`
`)}
`);
  if (result.valid)
    return 0;
  const first = result.checks.find((c) => !c.ok);
  process.stderr.write(`error: NOT VERIFIED: ${first.item} ${first.name}: ${first.detail}
`);
  return 1;
}
main(process.argv.slice(2)).then((code) => process.exit(code), (e) => {
  process.stderr.write(`error: ${String(e.message).split(`
`)[0]}
`);
  process.exit(1);
});
