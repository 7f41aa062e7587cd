import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import dmvEvents from "./eslint/plugin.js";

/*
 * Import direction (architecture.md: domain ← services ← (api | routes)). Each pattern is a regular
 * expression on the import's text: the gitignore-style `group` form reads a leading `#` as a comment,
 * so "#server/*" there forbade nothing. Relative imports may not climb out of their folder (`../`),
 * so that an import from another folder is always written `#app/`, `#domain/`, `#server/`, which these
 * patterns see. tests/unit/import-rules.test.ts feeds the linter a forbidden import for each rule.
 */
const forbid = (regex, message, { allowTypeImports = false } = {}) => ({
  regex,
  message,
  allowTypeImports,
  caseSensitive: true,
});

const NO_CLIMBING = forbid("^\\.\\./", "Reach another folder through its alias (#app/, #domain/, #server/), not ../.");
const DOMAIN = "domain/ holds pure rules: it imports nothing of ours outside domain/ and does no I/O.";
const SERVER = "server/ never imports app/, tests/ or React.";
const serverRules = [forbid("^#(app|tests)/", SERVER), forbid("^react(-dom)?($|/)", SERVER), NO_CLIMBING];
// The folders under server/ depend one way: jobs → mail → services (server/README.md).
const MAIL_OR_JOBS =
  "server/services/ never imports server/mail/ or server/jobs/: they build on services (jobs → mail → services).";
const JOBS =
  "server/mail/ never imports server/jobs/: the worker calls mail, not the other way (jobs → mail → services).";

const restrict = (patterns) => ({ "@typescript-eslint/no-restricted-imports": ["error", { patterns }] });

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".react-router/", "data/", "coverage/", "tests/.tmp/"] },
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks, "dmv-events": dmvEvents },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
      "dmv-events/no-import-loops": "error",
    },
  },
  {
    files: ["domain/**"],
    rules: restrict([
      forbid("^#", DOMAIN),
      forbid("^(react|react-dom|react-router)($|/)", DOMAIN),
      forbid("^(drizzle-orm|hono)($|/)", DOMAIN),
      forbid("^node:", DOMAIN),
      NO_CLIMBING,
    ]),
  },
  {
    files: ["server/**"],
    ignores: ["server/**/*.test.ts"],
    rules: restrict(serverRules),
  },
  {
    files: ["server/services/**"],
    ignores: ["server/**/*.test.ts"],
    rules: restrict([...serverRules, forbid("^#server/(mail|jobs)/", MAIL_OR_JOBS)]),
  },
  {
    files: ["server/mail/**"],
    ignores: ["server/**/*.test.ts"],
    rules: restrict([...serverRules, forbid("^#server/jobs/", JOBS)]),
  },
  {
    // Components may use server types, but only route modules (loaders and actions) call server code.
    files: ["app/**"],
    rules: restrict([
      forbid("^#server/", "In app/, only route modules' loaders and actions reach server/.", {
        allowTypeImports: true,
      }),
      NO_CLIMBING,
    ]),
  },
  {
    files: ["app/routes/**", "app/**/*.test.{ts,tsx}"],
    rules: restrict([NO_CLIMBING]),
  },
  {
    // Decision 010: the edges read the app's clock, so that a test server's time can be moved forward.
    files: ["app/routes/**", "server/api/**", "server/jobs/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "Read the time with currentTime() from #server/clock (decision 010).",
        },
      ],
    },
  },
  {
    files: ["scripts/**", "server.js", "tests/**"],
    rules: { "no-console": "off" },
  },
);
