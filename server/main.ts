import path from "node:path";
import { createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";
import type { PageContext } from "#server/app";
import { runUntilSignalled } from "#server/boot";
import { PROJECT_ROOT } from "#server/project-root";

/** Production entry: this file is the server bundle's input, so pages and API share one process. */
export function start(): Promise<void> {
  const handle = createRequestHandler(build, "production");
  return runUntilSignalled({
    renderPage: (request, context: PageContext) => handle(request, context),
    clientBuildDir: path.join(PROJECT_ROOT, "build/client"),
  });
}
