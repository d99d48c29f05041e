import { readFileSync, readdirSync } from "node:fs";
const dir = process.argv[2];
const self = new Map(), incl = new Map(); let total = 0;
for (const f of readdirSync(dir)) {
  const p = JSON.parse(readFileSync(`${dir}/${f}`, "utf8"));
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id) => { const c = nodes.get(id).callFrame; return `${c.functionName || "(anon)"} ${c.url.replace(/.*worker-build\/[^:]*/, "wb").replace(/.*node_modules\//, "nm:").replace(/^node:internal.*/, "node")}:${c.lineNumber}`; };
  let t = p.startTime; const times = p.timeDeltas.map((d) => (t += d));
  const chains = p.samples.map((id) => { const c = []; let cur = id; while (cur !== undefined) { c.push(name(cur)); cur = parent.get(cur); } return c; });
  const marks = []; chains.forEach((c, i) => { if (c.some((n) => n.startsWith("together "))) marks.push(times[i]); });
  // the measured round: the last 7 s of batch activity
  const end = Math.max(...marks), from = end - 7e6;
  chains.forEach((c, i) => {
    if (times[i] < from || times[i] > end) return;
    const d = p.timeDeltas[i] ?? 0; total += d;
    self.set(c[0], (self.get(c[0]) ?? 0) + d);
    for (const n of new Set(c)) incl.set(n, (incl.get(n) ?? 0) + d);
  });
}
const top = (m, k) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([n, v]) => `${(100 * v / total).toFixed(1).padStart(5)}% ${n}`).join("\n");
console.log(top(self, 30)); console.log("---"); console.log(top(incl, 70));
