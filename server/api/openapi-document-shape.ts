/*
 * The shape of the OpenAPI 3.1 document of /api/v1 as this project writes it, and the ways to walk it:
 * what the docs page, CORS and the tests read. The document itself is generated from each operation's
 * declaration beside its handler (server/api/*.ts) by openapi-document.ts.
 */

/** A JSON Schema (2020-12, which OpenAPI 3.1 uses) as plain data. */
export type JsonSchema = { [keyword: string]: unknown };

export interface OpenApiParameter {
  name: string;
  in: "query" | "path" | "header";
  required: boolean;
  description: string;
  schema: JsonSchema;
  /** A value that works against the sample data, or a well-formed one; example requests are made from these. */
  example?: string | number;
}

export interface OpenApiHeader {
  description: string;
  /** Whether every answer with that status carries it (OpenAPI's default is no). */
  required: boolean;
  schema: JsonSchema;
}

/** A JSON body: its schema, and real examples of it (named, when an answer has several cases). */
export interface OpenApiMediaType {
  schema: JsonSchema;
  example?: unknown;
  examples?: Record<string, { summary: string; value: unknown }>;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, OpenApiHeader>;
  content?: { "application/json": OpenApiMediaType };
}

/** One way to prove who one is: scheme names, each with its (unused) scopes. `{}` is "no proof at all". */
export type SecurityRequirement = Record<string, string[]>;

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters: OpenApiParameter[];
  /**
   * How callers prove who they are. Empty: nobody needs to (public reads, webhooks, Find My Ticket).
   * Operations for a signed-in person list the schemes; ones open to guests list `{}` first.
   */
  security: SecurityRequirement[];
  requestBody?: {
    required: boolean;
    /** A JSON body, or a form with a file (an event's picture). */
    content: {
      "application/json"?: { schema: JsonSchema; example: unknown };
      "multipart/form-data"?: { schema: JsonSchema };
    };
  };
  responses: Record<string, OpenApiResponse>;
}

/**
 * Who may call an operation: only a signed-in person (401 without a session), anyone with or without
 * one (a session makes the caller known: the order becomes theirs), or anyone, no credentials read.
 */
export type OperationAccess = "signedIn" | "optional" | "none";

export function operationAccess(operation: Pick<OpenApiOperation, "security">): OperationAccess {
  if (operation.security.length === 0) return "none";
  const isOptional = operation.security.some((requirement) => Object.keys(requirement).length === 0);
  return isOptional ? "optional" : "signedIn";
}

export const HTTP_METHODS = ["get", "put", "post", "patch", "delete"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
export type OpenApiPathItem = Partial<Record<HttpMethod, OpenApiOperation>>;

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, OpenApiPathItem>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

/** Every operation of a document, path by path in document order, methods in HTTP_METHODS order. */
export function listOperations(document: Pick<OpenApiDocument, "paths">) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ path, method, operation }] : [];
    }),
  );
}
