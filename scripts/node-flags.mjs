/**
 * Node's options for the app's long-running processes, the same wherever they start: `npm run up`,
 * `npm start` and `npm run worker` (package.json spells them out; a unit test holds it to this
 * list), the test stack and the benchmarks.
 *
 * `--heap-growing-percent=100`: V8 collects the old generation again once it has doubled since the
 * last full collection. By default a busy process lets it grow to about four times what survived,
 * so garbage promoted by requests and jobs still in flight piled up: the web process peaked at
 * 375–942 MB under 50 connections while about 60–90 MB was live, a worker at 252 MB. With it, the
 * same benchmarks peak at 258 MB (web) and 190 MB (one worker), at the same throughput
 * (docs/decisions/0003-node-options-for-long-running-processes.md).
 */
export const WEB_NODE_FLAGS = ["--heap-growing-percent=100"];

/**
 * `next start`'s own options. `--keepAliveTimeout 65000`: Node closes a keep-alive connection after
 * 5 s idle by default, so a client (a load balancer, a browser, Playwright's request context) that
 * reuses one just as the server closes it gets a reset instead of an answer (CI saw
 * `read ECONNRESET` on a GET a few seconds after the previous one). Load balancers keep idle
 * connections for 60 s (AWS's default), so the server keeps them a little longer and is never the
 * side that closes one under a request.
 */
export const NEXT_START_FLAGS = ["--keepAliveTimeout", "65000"];
export const WORKER_NODE_FLAGS = ["--heap-growing-percent=100"];
