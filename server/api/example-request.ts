import { operationAccess, type HttpMethod, type OpenApiOperation } from "./openapi-document-shape";

/**
 * The example request of an operation, relative to the server URL: path parameters and the query
 * parameters that have an example filled in. The docs page shows it; the tests send it.
 */
export function exampleRequestPath(path: string, operation: OpenApiOperation): string {
  let filled = path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    if (parameter.example === undefined) continue;
    if (parameter.in === "path") filled = filled.replace(`{${parameter.name}}`, String(parameter.example));
    if (parameter.in === "query") query.set(parameter.name, String(parameter.example));
  }
  const search = query.toString();
  return search ? `${filled}?${search}` : filled;
}

/**
 * The example request as a curl command: the method when it is not GET, a placeholder access token
 * for the operations that need a signed-in person, the header parameters that have an example, and
 * the example body.
 */
export function exampleCurlCommand(baseUrl: string, path: string, method: HttpMethod, operation: OpenApiOperation) {
  const parts = ["curl"];
  if (method !== "get") parts.push(`-X ${method.toUpperCase()}`);
  if (operationAccess(operation) === "signedIn") parts.push('-H "Authorization: Bearer $ACCESS_TOKEN"');
  for (const parameter of operation.parameters) {
    if (parameter.in === "header" && parameter.example !== undefined) {
      parts.push(`-H "${parameter.name}: ${parameter.example}"`);
    }
  }
  const body = operation.requestBody?.content["application/json"]?.example;
  if (body !== undefined) parts.push(`-H "Content-Type: application/json" -d '${JSON.stringify(body)}'`);
  const form = operation.requestBody?.content["multipart/form-data"]?.schema.properties as object | undefined;
  for (const name of Object.keys(form ?? {})) parts.push(name === "file" ? `-F "file=@picture.jpg"` : `-F "${name}=…"`);
  parts.push(`"${baseUrl}${exampleRequestPath(path, operation)}"`);
  return parts.join(" ");
}
