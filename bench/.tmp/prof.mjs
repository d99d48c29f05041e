import fs from "node:fs";
const files = process.argv.slice(2);
const self = new Map(), byPkg = new Map(); let total = 0;
for (const f of files) {
  const p = JSON.parse(fs.readFileSync(f, "utf8"));
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  const dt = new Map();
  p.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  for (const [id, t] of dt) {
    const n = nodes.get(id); const cf = n.callFrame;
    if (cf.functionName === "(idle)" || cf.functionName === "(program)") continue;
    total += t;
    const url = cf.url.replace(/.*node_modules\//, "nm/").replace(/.*\.worker-build\//, "wb/");
    const key = `${cf.functionName || "(anon)"} ${url}:${cf.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + t);
    const pkg = url.startsWith("nm/") ? url.split("/").slice(1, url.split("/")[1].startsWith("@") ? 3 : 2).join("/") : url.startsWith("node:") ? url : url ? "app:" + url.split("/").pop() : cf.functionName;
    byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + t);
  }
}
const show = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).forEach(([k, v]) => console.log((v / total * 100).toFixed(1).padStart(5) + "%", k));
console.log("total busy ms", (total / 1000).toFixed(0)); show(byPkg, 25); console.log("---"); show(self, 30);
