// ESLint on the web page (host_tools/usher_tools/web/page; `make check` and
// tests/host/web/test_page_lint.py): the recommended rules and a few more that
// catch real bugs. ESLint takes file patterns relative to the folder it runs
// in when given -c this file: the patterns below match by file name, so the
// page may be linted wherever it is copied.
import js from "@eslint/js";
import globals from "globals";

// what runs in the scorer's worker (util.mjs is imported there too): a
// worker has no window nor document, so naming one there is an error
const WORKER = ["**/scorer-worker.mjs", "**/util.mjs"];

export default [
  js.configs.recommended,
  {
    files: ["**/*.mjs"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module" },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "array-callback-return": "error",
      "default-param-last": "error",
      eqeqeq: "error",
      "no-constructor-return": "error",
      "no-implicit-coercion": ["error", { boolean: false }],
      "no-new-wrappers": "error",
      "no-self-compare": "error",
      "no-shadow": "error",
      "no-template-curly-in-string": "error",
      "no-throw-literal": "error",
      "no-unmodified-loop-condition": "error",
      "no-unreachable-loop": "error",
      "no-unused-expressions": ["error", { allowShortCircuit: true }],
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "all" }],
      "no-use-before-define": ["error", { functions: false, classes: false, variables: true }],
      "no-var": "error",
      "prefer-const": "error",
      radix: "error",
    },
  },
  { files: ["**/*.mjs"], ignores: WORKER, languageOptions: { globals: globals.browser } },
  { files: WORKER, languageOptions: { globals: globals.worker } },
];
