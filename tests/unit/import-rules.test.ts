import { ESLint } from "eslint";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

/*
 * Feeds the linter, with the repository's own eslint.config.js, one import that breaks each import
 * rule and expects that rule to refuse it. A rule whose pattern matches nothing (as "#server/*" once
 * did: a leading # is a comment in gitignore-style patterns) fails here instead of passing silently.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const RESTRICTED = "@typescript-eslint/no-restricted-imports";
const LOOPS = "dmv-events/no-import-loops";

let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  // The first file loads the config and parser and reads every file's imports: seconds on a busy machine.
  await eslint.lintText('import "#domain/language";', { filePath: path.join(ROOT, "app/probe.ts") });
}, 60_000);

/** The errors the linter reports for `code` written in `file` (a path inside the repository). */
async function errorsOf(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.map((message) => ({ rule: message.ruleId, message: message.message }));
}

async function expectRefused(file: string, code: string, rule: string, saying: string) {
  const errors = await errorsOf(file, code);
  expect(errors, `${file}: ${code}`).toContainEqual({ rule, message: expect.stringContaining(saying) });
}

describe("import rules", () => {
  it("lets a component use server types and pure rules, and a route module reach the server", async () => {
    const component = [
      'import type { AppError } from "#server/errors";',
      'import { isLanguage } from "#domain/language";',
      "export const probe = (error: AppError) => isLanguage(error.code);",
    ].join("\n");
    expect(await errorsOf("app/components/probe.tsx", component)).toEqual([]);
    const route = 'import { AppError } from "#server/errors";\nexport const probe = AppError;';
    expect(await errorsOf("app/routes/probe.tsx", route)).toEqual([]);
  });

  it("refuses server code in app/ outside route modules", async () => {
    const value = 'import { AppError } from "#server/errors";\nexport const probe = AppError;';
    await expectRefused("app/components/probe.tsx", value, RESTRICTED, "only route modules");
    await expectRefused("app/probe.ts", value, RESTRICTED, "only route modules");
    await expectRefused("app/components/probe.tsx", 'import "../../server/errors";', RESTRICTED, "through its alias");
  });

  it("refuses anything of ours outside domain/, React, databases, Hono and Node in domain/", async () => {
    const probes = [
      'import "#server/errors";',
      'import "#app/seo";',
      'import "#tests/support/test-config";',
      'import type { Route } from "#app/routes/+types/home";',
      'import "react";',
      'import "react-router";',
      'import "drizzle-orm";',
      'import "hono/cookie";',
      'import "node:fs";',
    ];
    for (const probe of probes) await expectRefused("domain/probe.ts", probe, RESTRICTED, "domain/ holds pure rules");
    // A relative import out of domain/ would slip past those patterns: it is refused on its own.
    await expectRefused("domain/probe.ts", 'import "../server/errors";', RESTRICTED, "through its alias");
  });

  it("refuses app/, tests/ and React in server/", async () => {
    await expectRefused("server/services/probe.ts", 'import "#app/seo";', RESTRICTED, "server/ never imports");
    await expectRefused(
      "server/api/probe.ts",
      'import "#tests/support/test-config";',
      RESTRICTED,
      "server/ never imports",
    );
    await expectRefused("server/http/probe.ts", 'import "react";', RESTRICTED, "server/ never imports");
    await expectRefused("server/http/probe.ts", 'import "../../app/seo";', RESTRICTED, "through its alias");
  });

  it("keeps server/jobs → server/mail → server/services one way", async () => {
    const toMail = 'import "#server/mail/render-email";';
    const toJobs = 'import "#server/jobs/run-due-jobs";';
    await expectRefused("server/services/probe.ts", toMail, RESTRICTED, "server/services/ never imports server/mail/");
    await expectRefused("server/services/probe.ts", toJobs, RESTRICTED, "server/services/ never imports server/mail/");
    await expectRefused("server/mail/probe.ts", toJobs, RESTRICTED, "server/mail/ never imports server/jobs/");
    // The server-wide rules still hold in those folders.
    await expectRefused("server/mail/probe.ts", 'import "#app/seo";', RESTRICTED, "server/ never imports");
    expect(await errorsOf("server/jobs/probe.ts", `${toMail}\nimport "#server/services/enqueue-job";`)).toEqual([]);
  });

  it("refuses an import that closes a loop between files, type imports and dynamic imports included", async () => {
    // domain/event-search.ts imports event-search-options.ts, so the way back closes a loop.
    const file = "domain/event-search-options.ts";
    const loop = "domain/event-search-options.ts → domain/event-search.ts → domain/event-search-options.ts";
    await expectRefused(file, 'import { SORTS } from "./event-search";\nexport const probe = SORTS;', LOOPS, loop);
    await expectRefused(
      file,
      'import type { EventSearch } from "#domain/event-search";\nexport type Probe = EventSearch;',
      LOOPS,
      loop,
    );
    await expectRefused(file, 'export const probe = () => import("./event-search");', LOOPS, loop);
  });
});
