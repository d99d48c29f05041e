import { readFileSync } from "node:fs";
const p = JSON.parse(readFileSync(process.argv[2], "utf8"));
const nodes = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (id) => { const c = nodes.get(id).callFrame; return `${c.functionName || "(anon)"} ${c.url.replace(/.*\/work\/main\//, "").replace(/.*node_modules\//, "nm:")}`; };
const self = new Map(), incl = new Map(); let total = 0;
p.samples.forEach((id, i) => {
  const chain = []; let cur = id; while (cur !== undefined) { chain.push(name(cur)); cur = parent.get(cur); }
  if (!chain.some((n) => n.startsWith("registerFacebookBatch") || n.includes("batch.ts")) ) return;
  const d = p.timeDeltas[i] ?? 0; total += d;
  self.set(chain[0], (self.get(chain[0]) ?? 0) + d);
  for (const n of new Set(chain)) incl.set(n, (incl.get(n) ?? 0) + d);
});
const top = (m, k) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([n, v]) => `${(100 * v / total).toFixed(1).padStart(5)}% ${n}`).join("\n");
console.log("total ms", (total / 1000).toFixed(0)); console.log(top(self, 25)); console.log("---"); console.log(top(incl, 40));
