import type { SandboxModule } from "../router";
import { facebook } from "./facebook";
import { google } from "./google";
import { linkedin } from "./linkedin";
import { openai } from "./openai";
import { stripe } from "./stripe";
import { twitter } from "./twitter";

/**
 * The platforms the sandbox plays, each under its own path prefix (a stand-in for its hosts; see
 * lib/networks/<network>/server/endpoints.ts). Adding one = a new file here registering its routes + one line.
 */
export const platforms: SandboxModule[] = [google, facebook, twitter, linkedin, openai, stripe];

/** Prefixes endpoints.ts already points at but nobody plays yet: answered 501, not a vague 404. */
export const reservedPrefixes: Record<string, string> = {};
