/**
 * Node's options for the app's long-running processes, the same wherever they start: `npm run up`,
 * `npm start` and `npm run worker` (package.json spells them out; a unit test holds it to this
 * list), the test stack and the benchmarks.
 *
 * `--heap-growing-percent=100`: V8 collects the old generation again once it has doubled since the
 * last full collection. By default a busy process lets it grow to about four times what survived,
 * so garbage promoted by requests and jobs still in flight piled up: the web process peaked at
 * 375–942 MB under 50 connections while about 60–90 MB was live, a worker at 252 MB. With it, the
 * same benchmarks peak at 258 MB (web) and 190 MB (one worker), at the same throughput (README ›
 * Benchmarks).
 */
export const WEB_NODE_FLAGS = ["--heap-growing-percent=100"];
export const WORKER_NODE_FLAGS = ["--heap-growing-percent=100"];
