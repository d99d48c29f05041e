/**
 * Keywords and hashtags of a topic, for the offline writer. Pure. A topic is whatever the user typed:
 * a noun phrase ("sourdough baking tips") or a sentence ("Our autumn oat latte launches this
 * Saturday"); a chat message is a request around a topic ("Give me three hashtags for rye bread").
 */

const STOP_WORDS = new Set(
  (
    "a about after again all also am an and any are as at be been before being both but by can could did do does " +
    "doing down during each even ever every few for from further had has have having he her here hers him his how " +
    "i if in into is it its it's itself just let let's like me more most much must my new no nor not now of off on " +
    "once only or other our ours out over own same she should so some such than that the their theirs them then " +
    "there these they this those through to too under until up upon us very was we were what when where which " +
    "while who whom why will with would yet you your yours"
  ).split(" "),
);

/** Common verbs: they end a keyword run ("latte launches" is not a compound) and make poor hashtags. */
const VERBS = new Set(
  (
    "arrive arrives arriving begin begins bring brings celebrate celebrates come comes coming get gets give gives " +
    "go goes going help helps join joins know knows launch launches launched launching look looks love loves make " +
    "makes made meet meets need needs open opens opened opening return returns returning see sees share shares " +
    "shared start starts started starting try tries want wants announce announces announced is are was were"
  ).split(" "),
);

/** The words of a request for content, not its topic ("Give me three hashtags for…"). */
const REQUEST_WORDS = new Set(
  (
    "give write suggest create generate draft compose post posts tweet tweets caption captions hashtag hashtags " +
    "tag tags idea ideas please one two three four five six seven eight nine ten couple help"
  ).split(" "),
);

const words = (text: string) =>
  (text.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? []).map((word) => word.replace(/['’]s$/iu, ""));

const isKeyword = (word: string, request: boolean) => {
  const lower = word.toLowerCase().replace(/['’]/gu, "");
  return (
    lower.length >= 3 &&
    !/^\p{N}+$/u.test(lower) &&
    !STOP_WORDS.has(lower) &&
    !VERBS.has(lower) &&
    !(request && REQUEST_WORDS.has(lower))
  );
};

/** Maximal runs of consecutive keywords, in order: "our autumn oat latte launches Saturday" → [[autumn, oat, latte], [Saturday]]. */
export function keywordRuns(text: string, { request = false } = {}): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  for (const word of words(text)) {
    if (isKeyword(word, request)) {
      run.push(word.replace(/['’]/gu, ""));
      continue;
    }
    if (run.length) runs.push(run);
    run = [];
  }
  if (run.length) runs.push(run);
  return runs;
}

/** The topic's keywords, in order, stop words and verbs left out. */
export function topicKeywords(text: string, options: { request?: boolean } = {}): string[] {
  return keywordRuns(text, options).flat();
}

/** "latte" → "Latte"; a word cased on purpose ("iPhone", "eBay") stays as it is. */
const tagWord = (word: string) => (/\p{Lu}/u.test(word.slice(1)) ? word : word.charAt(0).toUpperCase() + word.slice(1));

/**
 * Up to `max` hashtags from the text's keywords: a camel-cased compound first when two keywords
 * stand together (the last two of the run, as English puts the head noun last: "#OatLatte",
 * "#SourdoughBakery"), then the first word of every run, then the other keywords.
 */
export function hashtagsFromText(text: string, max = 3, options: { request?: boolean } = {}): string[] {
  const runs = keywordRuns(text, options);
  const compound = runs.find((run) => run.length >= 2);
  const candidates = [
    ...(compound ? [compound.slice(-2).map(tagWord).join("")] : []),
    ...runs.map((run) => run[0]!).filter((word) => !compound?.slice(-2).includes(word)),
    ...runs.flat().filter((word) => !compound?.slice(-2).includes(word)),
    ...(compound ? compound.slice(-2) : []),
  ];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const candidate of candidates) {
    const tag = `#${tagWord(candidate)}`;
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
    if (tags.length === max) break;
  }
  return tags;
}

/**
 * The topic of a request: what follows its first 'about', else its first 'for' or 'on'
 * ("Ideas for a bakery post about rye bread" → "rye bread"); the whole message when it has none.
 */
export function requestTopic(message: string): string {
  const text = message.trim().replace(/[.!?]+$/, "");
  const about = /\babout\s+(.+)$/i.exec(text);
  const other = /\b(?:for|on|regarding)\s+(.+)$/i.exec(text);
  const topic = (about ?? other)?.[1]?.trim();
  return topic && topicKeywords(topic, { request: true }).length > 0 ? topic : text;
}
