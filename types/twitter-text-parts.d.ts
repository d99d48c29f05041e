// twitter-text's per-function CommonJS files (lib/posts/x-text.ts), typed as the package's own
// functions (@types/twitter-text).
declare module "twitter-text/dist/parseTweet.js" {
  const parseTweet: typeof import("twitter-text").parseTweet;
  export default parseTweet;
}

declare module "twitter-text/dist/extractUrls.js" {
  const extractUrls: typeof import("twitter-text").extractUrls;
  export default extractUrls;
}
