// keyplan for VS Code: starts `keyplan lsp` and hands it the documents
// keyplan reads (SQL, and SQL in Java, Kotlin, Go, Python and MyBatis XML).
"use strict";
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function settings() {
  const c = vscode.workspace.getConfiguration("keyplan");
  const s = { inlayHints: c.get("inlayHints", true) };
  if (c.get("target")) s.target = c.get("target");
  if ((c.get("schema") || []).length) s.schema = c.get("schema");
  if (c.get("baseline")) s.baseline = c.get("baseline");
  return s;
}

function activate(context) {
  const command = vscode.workspace.getConfiguration("keyplan").get("path", "keyplan");
  const server = { command, args: ["lsp"], transport: TransportKind.stdio };
  const languages = ["sql", "java", "kotlin", "go", "python", "xml"];
  client = new LanguageClient("keyplan", "keyplan", { run: server, debug: server }, {
    documentSelector: languages.map((language) => ({ scheme: "file", language })),
    initializationOptions: settings(),
    synchronize: {
      fileEvents: [
        vscode.workspace.createFileSystemWatcher("**/*.sql"),
        vscode.workspace.createFileSystemWatcher("**/.keyplan"),
      ],
    },
  });
  context.subscriptions.push(vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration("keyplan") && client)
      client.sendNotification("workspace/didChangeConfiguration", { settings: { keyplan: settings() } });
  }));
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
