// keyplan for VS Code: starts `keyplan lsp` and hands it the documents
// keyplan reads (SQL, and SQL in Java, Kotlin, Go, Python and MyBatis XML).
"use strict";
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");
const { applyOps, sentItems, split } = require("./delta");

let client;

// Pulled diagnostics as deltas (keyplan/diagnosticDelta, docs/lsp.md): after
// a character typed in a file of thousands of findings the server sends that
// statement's diagnostics and where the others moved, not megabytes of JSON;
// VS Code is handed the whole list, as a pull would give it.
const pieces = new Map();   // document URI -> { resultId, pieces }
let noDelta = false;        // a server without it: plain textDocument/diagnostic

function moved(uri) {
  return (d, dl) => {
    const r = d.range;
    d.range = new vscode.Range(r.start.line + dl, r.start.character, r.end.line + dl, r.end.character);
    if (d.relatedInformation)
      d.relatedInformation = d.relatedInformation.map((ri) => {
        if (ri.location.uri.toString() !== uri)
          return ri;   /* another file's place does not move */
        const lr = ri.location.range;
        const at = new vscode.Range(lr.start.line + dl, lr.start.character, lr.end.line + dl, lr.end.character);
        return new vscode.DiagnosticRelatedInformation(new vscode.Location(ri.location.uri, at), ri.message);
      });
    return d;
  };
}

async function provideDiagnostics(document, previousResultId, token, next) {
  if (noDelta)
    return next(document, previousResultId, token);
  const uri = document instanceof vscode.Uri ? document : document.uri;
  const key = uri.toString();
  const had = pieces.get(key);
  const prev = had && had.resultId === previousResultId ? previousResultId : undefined;
  let r;
  try {
    r = await client.sendRequest("keyplan/diagnosticDelta",
      { textDocument: { uri: client.code2ProtocolConverter.asUri(uri) }, previousResultId: prev });
  } catch (e) {
    if (e && e.code === -32601) {   /* MethodNotFound: an older keyplan */
      noDelta = true;
      return next(document, previousResultId, token);
    }
    throw e;
  }
  if (r.kind === "unchanged")
    return { kind: "unChanged", resultId: r.resultId };
  const { items, counts } = sentItems(r.ops);
  const sent = split(await client.protocol2CodeConverter.asDiagnostics(items), counts);
  const now = applyOps(prev ? had.pieces : [], r.ops, sent, moved(key));
  pieces.set(key, { resultId: r.resultId, pieces: now });
  return { kind: "full", resultId: r.resultId, items: now.flat() };
}

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
    middleware: { provideDiagnostics },
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
  context.subscriptions.push(vscode.workspace.onDidCloseTextDocument((d) => pieces.delete(d.uri.toString())));
  // a server started again knows none of the pieces (its resultIds start over)
  context.subscriptions.push(client.onDidChangeState(() => pieces.clear()));
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
