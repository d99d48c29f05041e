import { readFileSync, readdirSync } from "node:fs";
const dir = process.argv[2];
const self = new Map(); const byPkg = new Map(); let total = 0; const incl = new Map();
for (const f of readdirSync(dir)) {
  const p = JSON.parse(readFileSync(`${dir}/${f}`, "utf8"));
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // time series
  let t = p.startTime; const times = p.timeDeltas.map((d) => (t += d));
  const idleId = p.nodes.find((n) => n.callFrame.functionName === "(idle)")?.id;
  const buckets = new Map();
  p.samples.forEach((id, i) => { const b = Math.floor(times[i] / 500000); const e = buckets.get(b) ?? [0, 0]; e[1] += p.timeDeltas[i] ?? 0; if (id !== idleId) e[0] += p.timeDeltas[i] ?? 0; buckets.set(b, e); });
  const busy = [...buckets].filter(([, [a, all]]) => a / all > 0.5).map(([b]) => b).sort((a,b)=>a-b);
  // take the last contiguous run of busy buckets (the measured burst)
  let run = []; for (const b of busy) { if (run.length && b !== run.at(-1) + 1) run = []; run.push(b); }
  const from = run[0] * 500000, to = (run.at(-1) + 1) * 500000;
  console.log(f, "burst window s:", ((to - from) / 1e6).toFixed(1));
  p.samples.forEach((id, i) => {
    if (times[i] < from || times[i] >= to) return;
    const d = p.timeDeltas[i] ?? 0; const n = nodes.get(id); const cf = n.callFrame;
    const key = `${cf.functionName || "(anon)"} ${cf.url.replace(/.*node_modules\//, "nm:").replace(/.*\/work\/main\//, "")}:${cf.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + d); total += d;
    const pkg = cf.url.includes("node_modules/") ? cf.url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, "$1") : cf.url.startsWith("node:") ? cf.url.split("/").slice(0,3).join("/") : cf.url === "" ? cf.functionName : "app";
    byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + d);
    // inclusive by app function names
    const seen = new Set(); let cur = id;
    while (cur !== undefined) { const c = nodes.get(cur).callFrame; const k = `${c.functionName || "(anon)"}:${c.url.includes("worker-") ? "wb" : c.url.replace(/.*node_modules\//, "nm:").split("/")[0]}:${c.lineNumber}`; if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + d); } cur = parent.get(cur); }
  });
}
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(100 * v / total).toFixed(1).padStart(5)}% ${k}`).join("\n");
console.log(top(byPkg, 20)); console.log("---- self"); console.log(top(self, 30)); console.log("---- inclusive"); console.log(top(incl, 45));
