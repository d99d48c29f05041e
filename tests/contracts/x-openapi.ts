import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

/**
 * X's own OpenAPI 3 document (shared/contracts/x-api-v2.openapi.json, from xdevplatform/xdk), read
 * as it is and made checkable: its operations by method and path template, each operation's
 * OAuth 2.0 scopes, and Ajv validators for its request and response schemas.
 */

type Json = Record<string, unknown>;

export interface SpecOperation {
  method: string;
  /** The spec's template, e.g. /2/users/{id}/tweets. */
  template: string;
  operation: Json;
}

const SPEC_FILE = path.resolve(process.cwd(), "../shared/contracts/x-api-v2.openapi.json");

/**
 * OpenAPI 3.0 schemas as JSON Schema draft-07: `nullable` as a null type, and `discriminator`
 * dropped (Ajv's support needs no `mapping`; the problem types' `type` enums tell the oneOf
 * branches apart anyway). Everything else is kept.
 */
function asJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asJsonSchema);
  if (!value || typeof value !== "object") return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value as Json)) {
    if (key === "discriminator" || key === "example" || key === "nullable") continue;
    out[key] = asJsonSchema(item);
  }
  const source = value as Json;
  if (source.nullable === true && typeof source.type === "string") out.type = [source.type, "null"];
  return out;
}

export function loadXSpec() {
  const spec = JSON.parse(readFileSync(SPEC_FILE, "utf8")) as Json;
  const paths = spec.paths as Record<string, Record<string, unknown>>;
  const components = spec.components as Json;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  // OpenAPI's own formats: binary is a file part, byte base64, int32/int64 range hints.
  for (const format of ["binary", "byte", "int32", "int64", "double", "float"]) ajv.addFormat(format, true);
  ajv.addSchema({ $id: "x-spec", components: asJsonSchema(components) });

  const operations: SpecOperation[] = [];
  for (const [template, item] of Object.entries(paths))
    for (const [method, operation] of Object.entries(item))
      if (["get", "post", "put", "delete", "patch"].includes(method))
        operations.push({ method: method.toUpperCase(), template, operation: operation as Json });

  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (ref: string): ValidateFunction => {
    const known = validators.get(ref);
    if (known) return known;
    const compiled = ajv.compile({ $ref: `x-spec${ref}` });
    validators.set(ref, compiled);
    return compiled;
  };

  return {
    operations,
    parameters: (components.parameters ?? {}) as Record<string, Json>,
    schemas: (components.schemas ?? {}) as Record<string, Json>,
    /** The operation whose template matches a concrete path (ids in place of {params}). */
    find(method: string, concretePath: string): SpecOperation | undefined {
      return operations.find(
        (candidate) =>
          candidate.method === method &&
          new RegExp(`^${candidate.template.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(concretePath),
      );
    },
    /** `security` → OAuth2UserToken scopes, sorted. */
    userScopes(operation: SpecOperation): string[] {
      const security = (operation.operation.security ?? []) as Record<string, string[]>[];
      return [...(security.find((entry) => entry.OAuth2UserToken)?.OAuth2UserToken ?? [])].sort();
    },
    validatorFor,
  };
}

export type XSpec = ReturnType<typeof loadXSpec>;

/** The schema $ref of an operation's request body or of one of its responses, for a content type. */
export function schemaRef(container: unknown, contentType: string): string | undefined {
  const content = (container as { content?: Record<string, { schema?: { $ref?: string } }> } | undefined)?.content;
  return content?.[contentType]?.schema?.$ref;
}
