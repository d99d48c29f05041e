import { readFileSync, readdirSync } from "node:fs";
const dir = process.argv[2];
const self = new Map(); const byPkg = new Map(); let total = 0;
for (const f of readdirSync(dir)) {
  const p = JSON.parse(readFileSync(`${dir}/${f}`, "utf8"));
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  const dt = new Map();
  p.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  for (const [id, t] of dt) {
    const n = nodes.get(id); const cf = n.callFrame;
    const key = `${cf.functionName || "(anon)"} ${cf.url.replace(/.*node_modules\//, "nm:").replace(/.*worker-build\//, "wb:")}:${cf.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + t); total += t;
    const pkg = cf.url.includes("node_modules/") ? cf.url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, "$1") : cf.url.startsWith("node:") ? cf.url.split("/")[0] : cf.url === "" ? cf.functionName : "app";
    byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + t);
  }
}
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(100 * v / total).toFixed(1).padStart(5)}% ${k}`).join("\n");
console.log(top(byPkg, 25)); console.log("----"); console.log(top(self, 40));
