// keyplan/diagnosticDelta answers applied (docs/lsp.md, tools/lsp/delta.c):
// the document's diagnostics are kept as pieces, one per statement that has
// a finding; an answer's ops are the new pieces in order: [from, n, dl]
// keeps the pieces [from, from + n) the client has, their lines moved by dl,
// {items} is a piece sent. No vscode here: the caller converts and moves.
"use strict";

// The new pieces: old, the pieces the client has; ops, the answer's;
// sent, the converted items of the ops that send a piece, in order;
// move(d, dl), a diagnostic moved by dl lines.
function applyOps(old, ops, sent, move) {
  const pieces = [];
  let k = 0;
  for (const op of ops) {
    if (Array.isArray(op)) {
      const [from, n, dl] = op;
      if (from < 0 || from + n > old.length)
        throw new Error(`keyplan/diagnosticDelta: pieces ${from}..${from + n} of ${old.length}`);
      for (let i = from; i < from + n; i++)
        pieces.push(dl ? old[i].map((d) => move(d, dl)) : old[i]);
    } else {
      pieces.push(sent[k++]);
    }
  }
  return pieces;
}

// The items of the ops that send a piece, as one list, and how many each.
function sentItems(ops) {
  const items = [], counts = [];
  for (const op of ops)
    if (!Array.isArray(op)) {
      items.push(...op.items);
      counts.push(op.items.length);
    }
  return { items, counts };
}

// list cut into runs of counts.
function split(list, counts) {
  const out = [];
  let at = 0;
  for (const n of counts) {
    out.push(list.slice(at, at + n));
    at += n;
  }
  return out;
}

module.exports = { applyOps, sentItems, split };
