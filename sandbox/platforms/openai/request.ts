import type { OpenAIErrorBody } from "./errors";
import type { OpenAIMessage } from "./state";

/**
 * Checks a chat completion request the way OpenAI does, with its wording and `param` paths
 * ("messages[1].role"), so a client bug shows up here as it would against the real API. Unknown
 * parameters are refused; of the known ones, only those the sandbox acts on are checked.
 */

export interface ChatRequest {
  model: string;
  messages: OpenAIMessage[];
  stream: boolean;
  /** stream_options.include_usage: a last chunk with `usage` and no choices. */
  includeUsage: boolean;
  /** max_completion_tokens, else max_tokens. */
  maxTokens: number | null;
}

export type ParsedChatRequest = { ok: true; request: ChatRequest } | { ok: false; error: OpenAIErrorBody };

const ROLES = ["system", "assistant", "user", "function", "tool", "developer"];

export const UNPARSEABLE_JSON =
  "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library " +
  "correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON. If you have trouble " +
  "figuring out how to fix this, please contact us through our help center at help.openai.com.)";

class Invalid extends Error {
  constructor(
    message: string,
    readonly param: string | null,
    readonly code: string | null,
  ) {
    super(message);
  }
}

/** OpenAI's names for a JSON value's type ("an integer", "a string"). */
function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "number") return Number.isInteger(value) ? "an integer" : "a decimal";
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}

const missing = (param: string) =>
  new Invalid(`Missing required parameter: '${param}'.`, param, "missing_required_parameter");
const wrongType = (param: string, expected: string, value: unknown) =>
  new Invalid(
    `Invalid type for '${param}': expected ${expected}, but got ${typeName(value)} instead.`,
    param,
    "invalid_type",
  );

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The message's text: string content, or its text parts joined (images and audio carry no text here). */
function readContent(message: Record<string, unknown>, param: string): string {
  const { content, role } = message;
  if (content === undefined) {
    if (role === "assistant") return "";
    throw missing(`${param}.content`);
  }
  if (content === null && role === "assistant") return "";
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) throw wrongType(`${param}.content`, "one of a string or array of objects", content);
  return content
    .map((part: unknown, index) => {
      const partParam = `${param}.content[${index}]`;
      if (!isObject(part)) throw wrongType(partParam, "an object", part);
      if (typeof part.type !== "string") throw missing(`${partParam}.type`);
      if (part.type !== "text") return "";
      if (typeof part.text !== "string") throw wrongType(`${partParam}.text`, "a string", part.text);
      return part.text;
    })
    .join("");
}

function readMessages(value: unknown): OpenAIMessage[] {
  if (value === undefined) throw missing("messages");
  if (!Array.isArray(value)) throw wrongType("messages", "an array", value);
  if (value.length === 0)
    throw new Invalid(
      "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      "messages",
      "empty_array",
    );
  return value.map((message: unknown, index) => {
    const param = `messages[${index}]`;
    if (!isObject(message)) throw wrongType(param, "an object", message);
    if (message.role === undefined) throw missing(`${param}.role`);
    if (typeof message.role !== "string" || !ROLES.includes(message.role)) {
      const supported = ROLES.map((role) => `'${role}'`);
      throw new Invalid(
        `Invalid value: '${String(message.role)}'. Supported values are: ${supported.slice(0, -1).join(", ")}, and ${supported.at(-1)}.`,
        `${param}.role`,
        "invalid_value",
      );
    }
    return { role: message.role, content: readContent(message, param) };
  });
}

function readMaxTokens(body: Record<string, unknown>, param: "max_tokens" | "max_completion_tokens"): number | null {
  const value = body[param];
  if (value === undefined || value === null) return null;
  if (typeof value !== "number" || !Number.isInteger(value)) throw wrongType(param, "an integer", value);
  if (value < 1)
    throw new Invalid(
      `Invalid '${param}': integer below minimum value. Expected a value >= 1, but got ${value} instead.`,
      param,
      "integer_below_min_value",
    );
  return value;
}

/**
 * The request's top-level parameters, as CreateChatCompletionRequest in OpenAI's OpenAPI spec
 * (openai/openai-openapi, 2026-08-21) names them; anything else is refused as OpenAI refuses it,
 * "Unrecognized request argument supplied: <name>". tests/integration/sandbox/openai-contract.test.ts
 * checks this list against the spec.
 */
export const KNOWN_PARAMETERS = [
  "audio",
  "frequency_penalty",
  "function_call",
  "functions",
  "logit_bias",
  "logprobs",
  "max_completion_tokens",
  "max_tokens",
  "messages",
  "metadata",
  "modalities",
  "model",
  "moderation",
  "n",
  "parallel_tool_calls",
  "prediction",
  "presence_penalty",
  "prompt_cache_key",
  "prompt_cache_options",
  "prompt_cache_retention",
  "reasoning_effort",
  "response_format",
  "safety_identifier",
  "seed",
  "service_tier",
  "stop",
  "store",
  "stream",
  "stream_options",
  "temperature",
  "tool_choice",
  "tools",
  "top_logprobs",
  "top_p",
  "user",
  "verbosity",
  "web_search_options",
];

function refuseUnknown(body: Record<string, unknown>): void {
  const unknown = Object.keys(body).find((key) => !KNOWN_PARAMETERS.includes(key));
  if (unknown) throw new Invalid(`Unrecognized request argument supplied: ${unknown}`, null, null);
}

const unsupportedParameter = (param: string, instead?: string) =>
  new Invalid(
    `Unsupported parameter: '${param}' is not supported with this model.${instead ? ` Use '${instead}' instead.` : ""}`,
    param,
    "unsupported_parameter",
  );

/**
 * What OpenAI's reasoning models (o-series, gpt-5 and later) refuse, worded as OpenAI words it:
 * `max_tokens` (they take max_completion_tokens) and a temperature other than 1; other models refuse
 * `reasoning_effort`. Which model is which comes from models.ts. Source:
 * platform.openai.com/docs/api-reference/chat/create and the reasoning guide.
 */
export function refuseUnsupported(reasoning: boolean, body: Record<string, unknown>): ParsedChatRequest | null {
  const present = (param: string) => body[param] !== undefined && body[param] !== null;
  try {
    if (!reasoning) {
      if (present("reasoning_effort")) throw unsupportedParameter("reasoning_effort");
      return null;
    }
    if (present("max_tokens")) throw unsupportedParameter("max_tokens", "max_completion_tokens");
    if (present("temperature") && body.temperature !== 1)
      throw new Invalid(
        `Unsupported value: 'temperature' does not support ${String(body.temperature)} with this model. Only the default (1) value is supported.`,
        "temperature",
        "unsupported_value",
      );
    return null;
  } catch (error) {
    return failure(error);
  }
}

function failure(error: unknown): ParsedChatRequest {
  if (!(error instanceof Invalid)) throw error;
  return {
    ok: false,
    error: { message: error.message, type: "invalid_request_error", param: error.param, code: error.code },
  };
}

export function parseChatRequest(body: unknown): ParsedChatRequest {
  try {
    if (!isObject(body)) throw new Invalid(UNPARSEABLE_JSON, null, null);
    if (body.model === undefined || body.model === "")
      throw new Invalid("you must provide a model parameter", null, null);
    if (typeof body.model !== "string") throw wrongType("model", "a string", body.model);
    const messages = readMessages(body.messages);
    if (body.stream !== undefined && body.stream !== null && typeof body.stream !== "boolean")
      throw wrongType("stream", "a boolean", body.stream);
    const options = isObject(body.stream_options) ? body.stream_options : {};
    refuseUnknown(body);
    const legacyMaxTokens = readMaxTokens(body, "max_tokens");
    const maxTokens = readMaxTokens(body, "max_completion_tokens") ?? legacyMaxTokens;
    return {
      ok: true,
      request: {
        model: body.model,
        messages,
        stream: body.stream === true,
        includeUsage: body.stream === true && options.include_usage === true,
        maxTokens,
      },
    };
  } catch (error) {
    return failure(error);
  }
}
