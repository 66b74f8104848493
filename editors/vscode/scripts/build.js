// Bundles src/extension.js and the language client into out/extension.js
// (vscode itself is provided by the editor).
const esbuild = require("esbuild");
esbuild.buildSync({
  entryPoints: ["src/extension.js"],
  bundle: true,
  outfile: "out/extension.js",
  external: ["vscode"],
  format: "cjs",
  platform: "node",
  target: "node16",
  minify: true,
});
