import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** Imports a layer must not make (architecture.md: domain ← services ← (api | routes)). */
const forbid = (groups, message) => ({
  "@typescript-eslint/no-restricted-imports": [
    "error",
    { patterns: groups.map((group) => ({ group, message, allowTypeImports: false })) },
  ],
});

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".react-router/", "data/", "coverage/", "tests/.tmp/"] },
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["domain/**"],
    rules: forbid(
      [
        [
          "#app/*",
          "#server/*",
          "#tests/*",
          "react",
          "react-*",
          "drizzle-orm",
          "drizzle-orm/*",
          "hono",
          "hono/*",
          "node:*",
        ],
      ],
      "domain/ holds pure rules: it imports nothing of ours and does no I/O.",
    ),
  },
  {
    files: ["server/**"],
    ignores: ["server/**/*.test.ts"],
    rules: forbid(
      [["#app/*", "#tests/*", "react", "react-dom", "react-dom/*"]],
      "server/ never imports app/ or tests/.",
    ),
  },
  {
    // Components may use server types, but only route modules (loaders and actions) call server code.
    files: ["app/**"],
    ignores: ["app/routes/**", "app/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["#server/*"],
              allowTypeImports: true,
              message: "In app/, only route modules' loaders and actions reach server/.",
            },
          ],
        },
      ],
    },
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
