import fs from "node:fs";
const [pat, ...files] = process.argv.slice(2);
const agg = new Map(); let total=0;
for (const f of files) {
  const p = JSON.parse(fs.readFileSync(f, "utf8"));
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const dt = new Map(); p.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  for (const [id, t] of dt) {
    let cur = id, chain = [];
    while (cur !== undefined) { const n = nodes.get(cur); chain.push(n.callFrame); cur = parent.get(cur); }
    const hit = chain.findIndex((cf) => cf.url.includes(pat));
    if (hit < 0) continue;
    total += t;
    // first non-matching frame above the outermost matching frame
    let outer = hit; while (outer + 1 < chain.length && chain[outer + 1].url.includes(pat)) outer++;
    const above = chain.slice(outer + 1, outer + 4).map((cf) => `${cf.functionName || "(anon)"}@${cf.url.split("/").pop()}:${cf.lineNumber}`).join(" < ");
    agg.set(above, (agg.get(above) ?? 0) + t);
  }
}
console.log("total ms", (total/1000).toFixed(0));
[...agg].sort((a, b) => b[1] - a[1]).slice(0, 12).forEach(([k, v]) => console.log((v/1000).toFixed(0).padStart(6), k));
