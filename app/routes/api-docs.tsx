import { useTranslation } from "#app/i18n/use-translation";
import { ApiEndpoint, type ApiEndpointView, type ApiParameterView } from "#app/components/api-docs-endpoint";
import { metaTranslator } from "#app/i18n/meta";
import { pageMeta } from "#app/seo";
import { openApiDocument } from "#server/api/api-document";
import { listOperations, operationAccess, type OpenApiParameter } from "#server/api/openapi-document-shape";
import { exampleCurlCommand } from "#server/api/example-request";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import type { Route } from "./+types/api-docs";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return pageMeta(matches, {
    title: `${t("apiDocs.metaTitle")} | ${t("app.name")}`,
    description: t("apiDocs.metaDescription"),
    path: "/api/docs",
  });
}

/**
 * The page is rendered from the same OpenAPI document /api/v1/openapi.json serves, cut down to what
 * the page shows (the whole document would be shipped again in the hydration data).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const document = openApiDocument(context.config.publicUrl);
  const baseUrl = document.servers[0]!.url;
  const basePath = new URL(baseUrl).pathname;
  const endpoints: ApiEndpointView[] = listOperations(document).map(({ path, method, operation }) => {
    const body = operation.requestBody?.content["application/json"]?.example;
    return {
      operationId: operation.operationId,
      method: method.toUpperCase(),
      path: `${basePath}${path}`,
      // The If-None-Match header is the same everywhere; the caching section explains it once.
      parameters: operation.parameters.filter((parameter) => parameter.name !== "If-None-Match").map(parameterView),
      statuses: Object.keys(operation.responses),
      access: operationAccess(operation),
      exampleBody: body === undefined ? null : JSON.stringify(body, null, 2),
      exampleCommand: exampleCurlCommand(baseUrl, path, method, operation),
    };
  });
  const errorExample = (document.components.schemas.Error?.examples as unknown[] | undefined)?.[0];
  return {
    baseUrl,
    documentUrl: `${basePath}/openapi.json`,
    endpoints,
    errorExample: JSON.stringify(errorExample, null, 2),
    pageMessages: await pageMessages(negotiateLanguage(request), ["apiDocs"]),
  };
}

function parameterView(parameter: OpenApiParameter): ApiParameterView {
  const schema = parameter.schema;
  const numberOrNull = (value: unknown) => (typeof value === "number" ? value : null);
  const stringOrNull = (value: unknown) => (typeof value === "string" ? value : null);
  return {
    name: parameter.name,
    location: parameter.in,
    required: parameter.required,
    type: stringOrNull(schema.type),
    values: Array.isArray(schema.enum) ? schema.enum.map(String) : [],
    minimum: numberOrNull(schema.minimum),
    maximum: numberOrNull(schema.maximum),
    maxLength: numberOrNull(schema.maxLength),
    pattern: stringOrNull(schema.pattern),
    format: stringOrNull(schema.format),
    defaultValue: schema.default === undefined ? null : String(schema.default),
  };
}

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { baseUrl, documentUrl, endpoints, errorExample } = loaderData;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-8">
      <header className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold">{t("apiDocs.title")}</h1>
        <p className="max-w-3xl text-muted-foreground">{t("apiDocs.intro")}</p>
        <dl className="grid gap-x-6 gap-y-3 rounded-xl border border-border p-4 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{t("apiDocs.baseUrl")}</dt>
          <dd>
            <code dir="ltr" className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm break-all">
              {baseUrl}
            </code>
          </dd>
          <dt className="font-semibold">{t("apiDocs.document")}</dt>
          <dd className="flex flex-col gap-1">
            {/* A plain link: the document is JSON served by the API, not a page of the app. */}
            <a href={documentUrl} className="font-semibold text-primary underline-offset-4 hover:underline">
              {t("apiDocs.documentLink")}
            </a>
            <span className="text-sm text-muted-foreground">{t("apiDocs.documentHint")}</span>
          </dd>
        </dl>
      </header>

      <section aria-labelledby="endpoints-heading" className="flex flex-col gap-6">
        <h2 id="endpoints-heading" className="text-2xl font-bold">
          {t("apiDocs.endpoints")}
        </h2>
        <nav aria-labelledby="endpoints-heading">
          <ul className="flex flex-col gap-2">
            {endpoints.map((endpoint) => (
              <li key={endpoint.operationId}>
                <a
                  href={`#${endpoint.operationId}`}
                  className="inline-flex flex-wrap items-baseline gap-x-2 text-primary underline-offset-4 hover:underline"
                >
                  <span className="font-semibold">{t(`apiDocs.operations.${endpoint.operationId}.summary`)}</span>
                  <code dir="ltr" className="font-mono text-sm break-all">
                    {endpoint.method} {endpoint.path}
                  </code>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {endpoints.map((endpoint) => (
          <ApiEndpoint key={endpoint.operationId} endpoint={endpoint} />
        ))}
      </section>

      <section aria-labelledby="errors-heading" className="flex flex-col gap-3">
        <h2 id="errors-heading" className="text-2xl font-bold">
          {t("apiDocs.errorsTitle")}
        </h2>
        <p className="max-w-3xl">{t("apiDocs.errorsText")}</p>
        <pre dir="ltr" className="rounded-lg bg-muted p-3 text-sm break-all whitespace-pre-wrap">
          <code>{errorExample}</code>
        </pre>
      </section>

      <section aria-labelledby="caching-heading" className="flex flex-col gap-3">
        <h2 id="caching-heading" className="text-2xl font-bold">
          {t("apiDocs.cachingTitle")}
        </h2>
        <p className="max-w-3xl">{t("apiDocs.cachingText")}</p>
      </section>
    </div>
  );
}
