import { useTranslation } from "#app/i18n/use-translation";
import type { OperationAccess } from "#server/api/openapi-document-shape";

/** One parameter as the docs page shows it, taken from the OpenAPI document by the route's loader. */
export interface ApiParameterView {
  name: string;
  location: "query" | "path" | "header";
  required: boolean;
  type: string | null;
  /** The enum, when the parameter has one. */
  values: string[];
  minimum: number | null;
  maximum: number | null;
  maxLength: number | null;
  pattern: string | null;
  format: string | null;
  defaultValue: string | null;
}

/** One operation of the API as the docs page shows it. */
export interface ApiEndpointView {
  operationId: string;
  method: string;
  /** The full path, e.g. /api/v1/events/{id}. */
  path: string;
  parameters: ApiParameterView[];
  /** The documented statuses, e.g. ["200", "304", "404"]. */
  statuses: string[];
  /** Whether it needs a signed-in person (an access token), works with or without one, or reads none. */
  access: OperationAccess;
  /** The example JSON body, laid out for reading; null when the operation takes none. */
  exampleBody: string | null;
  /** A curl command that works (with a real access token when one is needed). */
  exampleCommand: string;
}

const CODE = "rounded bg-muted px-1.5 py-0.5 font-mono text-sm";

/**
 * An endpoint: what it does, its parameters, an example request and its responses. Words come from
 * the messages by operation id and parameter name; names, values and paths stay as the API spells them.
 */
export function ApiEndpoint({ endpoint }: { endpoint: ApiEndpointView }) {
  const { t } = useTranslation();
  const { operationId } = endpoint;
  return (
    <article
      id={operationId}
      aria-labelledby={`${operationId}-title`}
      // Anchors from the list of endpoints land below the sticky header.
      className="flex scroll-mt-24 flex-col gap-4 rounded-xl border border-border p-4 sm:p-6"
    >
      <header className="flex flex-col gap-2">
        <h3 id={`${operationId}-title`} className="text-xl font-bold">
          {t(`apiDocs.operations.${operationId}.summary`)}
        </h3>
        <p className="flex flex-wrap items-center gap-2">
          <span className="rounded bg-primary px-2 py-0.5 font-mono text-sm font-bold text-primary-foreground">
            {endpoint.method}
          </span>
          <code dir="ltr" className="font-mono break-all">
            {endpoint.path}
          </code>
        </p>
        <p className="text-muted-foreground">{t(`apiDocs.operations.${operationId}.description`)}</p>
        {endpoint.access === "signedIn" && <p className="text-sm font-semibold">{t("apiDocs.needsSession")}</p>}
        {endpoint.access === "optional" && <p className="text-sm font-semibold">{t("apiDocs.optionalSession")}</p>}
      </header>

      <div>
        <h4 id={`${operationId}-parameters`} className="mb-2 font-semibold">
          {t("apiDocs.parameters")}
        </h4>
        {endpoint.parameters.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("apiDocs.noParameters")}</p>
        ) : (
          <ParameterTable endpoint={endpoint} />
        )}
      </div>

      {endpoint.exampleBody !== null && (
        <div>
          <h4 id={`${operationId}-body`} className="mb-2 font-semibold">
            {t("apiDocs.requestBody")}
          </h4>
          <pre dir="ltr" className="rounded-lg bg-muted p-3 text-sm break-all whitespace-pre-wrap">
            <code>{endpoint.exampleBody}</code>
          </pre>
        </div>
      )}

      <div>
        <h4 id={`${operationId}-example`} className="mb-2 font-semibold">
          {t("apiDocs.example")}
        </h4>
        {/* Wrapped rather than scrolled, so small screens need no sideways scrolling. */}
        <pre dir="ltr" className="rounded-lg bg-muted p-3 text-sm break-all whitespace-pre-wrap">
          <code>{endpoint.exampleCommand}</code>
        </pre>
      </div>

      <div>
        <h4 id={`${operationId}-responses`} className="mb-2 font-semibold">
          {t("apiDocs.responses")}
        </h4>
        <ul className="flex flex-col gap-1 text-sm">
          {endpoint.statuses.map((status) => (
            <li key={status} className="flex flex-wrap items-center gap-2">
              <code className={CODE}>{status}</code>
              <span>{t(`apiDocs.status.${status}`)}</span>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

function ParameterTable({ endpoint }: { endpoint: ApiEndpointView }) {
  const { t } = useTranslation();
  const { operationId } = endpoint;
  return (
    // The table may be wider than a phone: the region scrolls sideways and can take focus so keyboard
    // users can scroll it too. Named with the endpoint's title, as every endpoint has one.
    <div
      role="region"
      aria-labelledby={`${operationId}-title ${operationId}-parameters`}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-ring"
    >
      <table className="w-full min-w-[40rem] border-collapse text-start text-sm">
        <thead className="bg-muted/60">
          <tr>
            <th scope="col" className="p-2 text-start font-semibold">
              {t("apiDocs.columns.name")}
            </th>
            <th scope="col" className="p-2 text-start font-semibold">
              {t("apiDocs.columns.type")}
            </th>
            <th scope="col" className="p-2 text-start font-semibold">
              {t("apiDocs.columns.allowed")}
            </th>
            <th scope="col" className="p-2 text-start font-semibold">
              {t("apiDocs.columns.default")}
            </th>
            <th scope="col" className="p-2 text-start font-semibold">
              {t("apiDocs.columns.description")}
            </th>
          </tr>
        </thead>
        <tbody>
          {endpoint.parameters.map((parameter) => (
            <tr key={`${parameter.location}-${parameter.name}`} className="border-t border-border align-top">
              <th scope="row" className="p-2 text-start font-normal">
                <code dir="ltr" className={`${CODE} font-semibold`}>
                  {parameter.name}
                </code>
                <span className="mt-1 block text-xs text-muted-foreground">
                  {t(`apiDocs.location.${parameter.location}`)}
                  {parameter.required && ` · ${t("apiDocs.required")}`}
                </span>
              </th>
              <td className="p-2">{parameter.type ? t(`apiDocs.types.${parameter.type}`) : t("apiDocs.any")}</td>
              <td className="p-2">
                <AllowedValues parameter={parameter} />
              </td>
              <td className="p-2">
                {parameter.defaultValue === null ? (
                  t("apiDocs.noDefault")
                ) : (
                  <code dir="ltr" className={CODE}>
                    {parameter.defaultValue}
                  </code>
                )}
              </td>
              <td className="p-2">{t(`apiDocs.parameter.${operationId}.${parameter.name}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AllowedValues({ parameter }: { parameter: ApiParameterView }) {
  const { t } = useTranslation();
  if (parameter.values.length > 0) {
    return (
      <ul className="flex flex-wrap gap-1">
        {parameter.values.map((value) => (
          <li key={value}>
            <code dir="ltr" className={CODE}>
              {value}
            </code>
          </li>
        ))}
      </ul>
    );
  }
  if (parameter.minimum !== null && parameter.maximum !== null) {
    return <>{t("apiDocs.range", { min: parameter.minimum, max: parameter.maximum })}</>;
  }
  if (parameter.maxLength !== null) return <>{t("apiDocs.maxLength", { max: parameter.maxLength })}</>;
  if (parameter.pattern !== null) {
    return (
      <>
        {t("apiDocs.pattern")}{" "}
        <code dir="ltr" className={`${CODE} break-all`}>
          {parameter.pattern}
        </code>
      </>
    );
  }
  if (parameter.format === "uuid") return <>{t("apiDocs.uuid")}</>;
  return <>{t("apiDocs.any")}</>;
}
