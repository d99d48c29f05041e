// Stands in for core-js 2's ES2015 polyfills in the browser bundle (next.config.mjs): every browser
// the app supports has these features, and evaluating the polyfills' feature checks cost the editor's
// first load about 4 ms of main thread (18 ms under Lighthouse's 4x CPU slowdown).
export {};
