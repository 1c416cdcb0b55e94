// The analysis board (tashkalar board): every fact and text comes from POST /api, the command line's answers.
// The page keeps the position (mode and pieces) in its address, as `#lang=en&mode=duel&p=e5bh,d4rc`
// (a square and its diagram token, the letters the service gives), and asks the service about it.

const $ = (id) => document.getElementById(id);
const state = { lang: "", mode: "", pieces: {}, player: "", card: "", facts: null, names: {}, focus: "" };
let serial = 0;

async function api(args, input) {
  pending(1);
  try { return await ask(args, input); } finally { pending(-1); }
}

let queue = Promise.resolve();

function act(work) {
  // a user's action and every answer it awaits, counted as one, after the actions before it (a
  // second click reads the position the first one made)
  pending(1);
  const run = queue.then(work).finally(() => pending(-1));
  queue = run.catch(() => undefined);
  return run;
}

function pending(step) {
  // how many answers the page awaits (the tests wait for none)
  document.body.dataset.pending = String(Number(document.body.dataset.pending || 0) + step);
}

async function ask(args, input) {
  const request = { id: ++serial, args: state.lang ? [...args, "--lang", state.lang] : args };
  if (input !== undefined) request.input = input;
  const response = await fetch("/api", { method: "POST", body: JSON.stringify(request),
                                         headers: { "Content-Type": "application/json" } });
  return response.json();
}

function text(key, params = {}) {
  const found = state.facts && state.facts.texts[key];
  return (found === undefined ? key : found).replace(/\{(\w+)\}/g, (m, name) => (name in params ? params[name] : m));
}

function piecesArg(pieces) {
  return Object.entries(pieces).map(([sq, p]) => `${sq}=${p.color}:${p.rank}`).join(",");
}

function positionArgs() {
  const args = ["--pieces", piecesArg(state.pieces)];
  return state.mode ? [...args, "--mode", state.mode] : args;
}

// ---------------------------------------------------------------- the address

function readAddress() {
  const params = new URLSearchParams(location.hash.slice(1));
  state.lang = params.get("lang") || "";
  state.mode = params.get("mode") || "";
  state.player = params.get("player") || "";
  state.tokens = (params.get("p") || "").split(",").filter((t) => t);
}

function tokensToPieces(tokens, facts) {
  const colors = Object.fromEntries(facts.colors.map((c) => [c.letter, c.id]));
  const ranks = Object.fromEntries(facts.piece_ranks.map((r) => [r.letter, r.id]));
  const pieces = {};
  for (const token of tokens) {
    const m = /^([a-z]+[0-9]+)([a-z])([a-z])$/.exec(token);
    if (m && colors[m[2]] && ranks[m[3]]) pieces[m[1]] = { color: colors[m[2]], rank: ranks[m[3]] };
  }
  return pieces;
}

function writeAddress() {
  const facts = state.facts;
  const letter = (list, id) => list.find((x) => x.id === id).letter;
  const tokens = Object.entries(state.pieces).map(([sq, p]) =>
    sq + letter(facts.colors, p.color) + letter(facts.piece_ranks, p.rank));
  const params = new URLSearchParams();
  if (state.lang) params.set("lang", state.lang);
  params.set("mode", state.mode);
  if (state.player) params.set("player", state.player);
  if (tokens.length) params.set("p", tokens.join(","));
  history.replaceState(null, "", "#" + params.toString().replace(/%2C/g, ","));
}

// ---------------------------------------------------------------- the position

async function load(args, input) {
  const answer = await api(["position", "board", ...args], input);
  if (answer.exit !== 0) { say(answer.error.error.message, true); return false; }
  const facts = answer.output;
  const first = state.facts === null;
  state.facts = facts;
  state.lang = state.lang || facts.lang;
  state.mode = facts.mode;
  state.pieces = facts.position.pieces;
  if (first) await setUp();
  draw();
  writeAddress();
  say("");
  await summons();
  return true;
}

function setPiece(square, piece) {
  const pieces = { ...state.pieces };
  if (piece) pieces[square] = piece; else delete pieces[square];
  state.focus = square;
  return load(["--pieces", piecesArg(pieces), "--mode", state.mode]);
}

function say(message, error = false) {
  $("status").textContent = message;
  $("status").classList.toggle("error", error);
}

// ---------------------------------------------------------------- drawing

function options(select, list, chosen) {
  select.replaceChildren(...list.map((x) => new Option(x.name, x.id, false, x.id === chosen)));
}

async function setUp() {
  const facts = state.facts;
  document.documentElement.lang = facts.lang;
  document.title = text("title");
  for (const el of document.querySelectorAll("[data-text]")) el.textContent = text(el.dataset.text);
  $("board").setAttribute("aria-label", text("board"));
  options($("mode"), facts.modes, facts.mode);
  options($("color"), facts.colors, facts.colors[0].id);
  options($("rank"), facts.piece_ranks, facts.piece_ranks[0].id);
  state.player = state.player || facts.colors[0].id;
  options($("player"), facts.colors, state.player);
  const cards = await api(["card", "list"]);
  if (cards.exit === 0) state.names = Object.fromEntries(cards.output.cards.map((c) => [c.id, c.name]));
  buildBoard();
}

function buildBoard() {
  const facts = state.facts;
  const board = $("board");
  board.style.setProperty("--files", facts.files.length);
  const playable = new Set(facts.squares);
  const cells = [];
  for (let rank = facts.ranks; rank >= 1; rank--) {
    for (const file of facts.files) {
      const name = file + rank;
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = "sq";
      if (!playable.has(name)) { cell.classList.add("cut"); cell.disabled = true; cell.setAttribute("aria-hidden", "true"); }
      else {
        cell.dataset.square = name;
        cell.tabIndex = -1;
        cell.addEventListener("click", () => act(() => clicked(name)));
        cell.addEventListener("keydown", (event) => keyed(event, name));
      }
      cells.push(cell);
    }
  }
  board.replaceChildren(...cells);
}

function draw() {
  const facts = state.facts;
  const red = new Set(facts.colored.red), green = new Set(facts.colored.green);
  const focus = state.focus || facts.squares[Math.floor(facts.squares.length / 2)];
  for (const cell of $("board").querySelectorAll("[data-square]")) {
    const name = cell.dataset.square;
    const piece = state.pieces[name];
    cell.classList.toggle("red", red.has(name));
    cell.classList.toggle("green", green.has(name));
    cell.tabIndex = name === focus ? 0 : -1;
    const coord = document.createElement("span");
    coord.className = "coord";
    coord.textContent = name;
    coord.setAttribute("aria-hidden", "true");
    const parts = [coord];
    let label = text("square-empty", { square: name });
    if (piece) {
      const shown = facts.pieces[piece.color][piece.rank];
      const mark = document.createElement("span");
      mark.className = `piece ${piece.color} ${piece.rank}`;
      mark.textContent = shown.symbol;
      mark.setAttribute("aria-hidden", "true");
      parts.push(mark);
      label = text("square-piece", { square: name, piece: shown.name });
    }
    cell.replaceChildren(...parts);
    cell.setAttribute("aria-label", label);
  }
  $("yaml").value = facts.position_file;
  const link = $("download");
  if (link.dataset.url) URL.revokeObjectURL(link.dataset.url);
  link.dataset.url = URL.createObjectURL(new Blob([facts.position_file], { type: "application/yaml" }));
  link.href = link.dataset.url;
  if (state.focus && document.activeElement && document.activeElement.closest && document.activeElement.closest("#board")) {
    $("board").querySelector(`[data-square="${state.focus}"]`).focus();
  }
}

// ---------------------------------------------------------------- placing pieces

function brush() { return { color: $("color").value, rank: $("rank").value }; }

function clicked(square) {
  // empty: the chosen piece; a piece of the chosen color: the next rank, then empty; another: the chosen piece
  const piece = state.pieces[square];
  const ranks = state.facts.piece_ranks.map((r) => r.id);
  if (!piece || piece.color !== $("color").value) return setPiece(square, brush());
  const next = ranks.indexOf(piece.rank) + 1;
  return setPiece(square, next < ranks.length ? { color: piece.color, rank: ranks[next] } : null);
}

const MOVES = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

function keyed(event, square) {
  const facts = state.facts;
  const key = event.key;
  if (MOVES[key]) {
    event.preventDefault();
    moveFocus(square, ...MOVES[key]);
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const color = facts.colors.find((c) => c.letter === key.toLowerCase());
  const rank = facts.piece_ranks.find((r) => r.letter === key.toLowerCase());
  if (!color && !rank && key !== "Delete" && key !== "Backspace") return;
  event.preventDefault();
  act(() => {
    const piece = state.pieces[square];
    if (color) return setPiece(square, { color: color.id, rank: piece ? piece.rank : $("rank").value });
    if (rank) return setPiece(square, { color: piece ? piece.color : $("color").value, rank: rank.id });
    return setPiece(square, null);
  });
}

function moveFocus(square, df, dr) {
  const facts = state.facts;
  const playable = new Set(facts.squares);
  let f = facts.files.indexOf(square[0]), r = Number(square.slice(1));
  for (;;) {
    f += df; r += dr;
    if (f < 0 || f >= facts.files.length || r < 1 || r > facts.ranks) return;
    const name = facts.files[f] + r;
    if (playable.has(name)) {
      for (const cell of $("board").querySelectorAll("[data-square]")) cell.tabIndex = -1;
      const cell = $("board").querySelector(`[data-square="${name}"]`);
      cell.tabIndex = 0;
      cell.focus();
      state.focus = name;
      return;
    }
  }
}

// ---------------------------------------------------------------- summons

async function summons() {
  const answer = await api(["summonable", "--player", state.player, ...positionArgs()]);
  const list = $("summonable");
  if (answer.exit !== 0) { list.replaceChildren(); say(answer.error.error.message, true); return; }
  const legal = answer.output.cards.filter((c) => c.legal);
  if (!legal.some((c) => c.card === state.card)) state.card = "";
  const items = legal.map((c) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.card = c.card;
    button.textContent = state.names[c.card] || c.card;
    button.setAttribute("aria-pressed", String(c.card === state.card));
    button.addEventListener("click", () => act(() => choose(c.card === state.card ? "" : c.card)));
    item.append(button);
    return item;
  });
  if (!items.length) {
    const none = document.createElement("li");
    none.textContent = text("none");
    items.push(none);
  }
  list.replaceChildren(...items);
  await placements();
}

async function choose(card) {
  state.card = card;
  for (const b of $("summonable").querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.card === card));
  await placements();
}

async function placements() {
  const cells = $("board").querySelectorAll("[data-square]");
  for (const cell of cells) cell.classList.remove("target", "pattern");
  const list = $("placements");
  const title = $("placements-title");
  if (!state.card) { list.replaceChildren(); title.hidden = true; return; }
  const answer = await api(["summon", state.card, "--player", state.player, ...positionArgs()]);
  if (answer.exit !== 0) { say(answer.error.error.message, true); return; }
  const found = answer.output.placements;
  title.hidden = false;
  title.textContent = text("placements", { card: state.names[state.card] || state.card, count: found.length });
  list.replaceChildren(...found.map((p, i) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.placement = String(i);
    button.textContent = text("placement", { target: p.target, squares: p.pattern_squares.join(" ") });
    button.addEventListener("click", () => light([p]));
    item.append(button);
    return item;
  }));
  light(found);
}

function light(found) {
  const board = $("board");
  for (const cell of board.querySelectorAll("[data-square]")) cell.classList.remove("target", "pattern");
  for (const p of found) {
    for (const sq of p.pattern_squares) board.querySelector(`[data-square="${sq}"]`)?.classList.add("pattern");
    board.querySelector(`[data-square="${p.target}"]`)?.classList.add("target");
  }
}

// ---------------------------------------------------------------- start

async function start() {
  readAddress();
  const args = state.mode ? ["--mode", state.mode] : [];
  const answer = await api(["position", "board", "--pieces", "", ...args]);
  if (answer.exit !== 0) { say(answer.error.error.message, true); return; }
  const pieces = tokensToPieces(state.tokens, answer.output);
  state.facts = answer.output;
  state.lang = state.lang || answer.output.lang;
  await setUp();
  $("mode").addEventListener("change", () => act(() => { state.mode = $("mode").value; return load(positionArgs()); }));
  $("player").addEventListener("change", () => act(() => {
    state.player = $("player").value; writeAddress(); return summons(); }));
  $("clear").addEventListener("click", () => act(() => load(["--pieces", "", "--mode", state.mode])));
  $("read").addEventListener("click", () => act(() => load(["-"], $("yaml").value)));
  state.mode = answer.output.mode;
  await load(["--pieces", piecesArg(pieces), "--mode", state.mode]);
  document.body.dataset.ready = "true";
}

act(start);
