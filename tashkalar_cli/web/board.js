// The analysis board (tashkalar board): every fact and text comes from POST /api, the command line's answers.
// The page keeps the position as the data of a position file (`file`, as `position board` gives it back in
// `file_data`) and sends it as the request's input (`--position -`: JSON is YAML). The address holds it in a
// compact form (L.E.T.A.L.'s grid, game=letal, is letal.js's): `#lang=en&mode=duel&n=2&player=blue&p=e5bh,d4rc&s=blue:3.1&d=red:highland&t=blue:destruction.x
// &g=red:d4&h=cannon,knight` (a square and its diagram token a piece, the letters the service gives).

import { reference } from "/ref.js";
import { turnAnswers } from "/turn.js";

const $ = (id) => document.getElementById(id);
const state = { lang: "", file: null, player: "", hand: [], card: "", facts: null, names: {}, kinds: {},
                focus: "", view: null, drag: null };
let serial = 0;

async function api(args, input) {
  pending(1);
  try { return await ask(args, input); } finally { pending(-1); }
}

let queue = Promise.resolve();

function act(work) {
  // a user's action and every answer it awaits, counted as one, after the actions before it (a
  // second click reads the position the first one made); body[data-took]: how long the last one took, in ms
  pending(1);
  const run = queue.then(() => {
    const start = performance.now();
    return Promise.resolve(work()).finally(() => {
      document.body.dataset.took = String(Math.round(performance.now() - start));
    });
  }).finally(() => pending(-1));
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

function fileInput() { return JSON.stringify(state.file); }

function withPosition(args) { return [...args, "--position", "-"]; }

function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "data") Object.assign(node.dataset, v); else if (k in node) node[k] = v; else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}

function said(answer) {
  // the answer's output, or null with its error said
  if (answer.exit === 0) return answer.output;
  say(answer.error ? answer.error.error.message : String(answer.exit), true);
  return null;
}

// ---------------------------------------------------------------- the address

function letterOf(list, id) { return (list.find((x) => x.id === id) || { letter: "?" }).letter; }

function pairs(value) {
  // "blue:x.y,red:z" -> [["blue", "x.y"], ["red", "z"]]
  return (value || "").split(",").filter((t) => t.includes(":")).map((t) => [t.slice(0, t.indexOf(":")),
                                                                         t.slice(t.indexOf(":") + 1)]);
}

function fileFromAddress(params, facts) {
  const colors = Object.fromEntries(facts.colors.map((c) => [c.letter, c.id]));
  const ranks = Object.fromEntries(facts.piece_ranks.map((r) => [r.letter, r.id]));
  const file = { mode: params.get("mode") || facts.mode, pieces: {} };
  if (params.get("n")) file.players = Number(params.get("n"));
  for (const token of (params.get("p") || "").split(",")) {
    const m = /^([a-z]+[0-9]+)([a-z])([a-z])$/.exec(token);
    if (m && colors[m[2]] && ranks[m[3]]) file.pieces[m[1]] = `${colors[m[2]]} ${ranks[m[3]]}`;
  }
  const supply = {};
  for (const [color, counts] of pairs(params.get("s"))) {
    const [common, legendary] = counts.split(".");
    supply[color] = {};
    if (common) supply[color].common = Number(common);
    if (legendary) supply[color].legendary = Number(legendary);
  }
  if (Object.keys(supply).length) file.supply = supply;
  const decks = Object.fromEntries(pairs(params.get("d")));
  if (Object.keys(decks).length) file.decks = decks;
  const tasks = Object.fromEntries(pairs(params.get("t")).map(([c, t]) => [c, t.split(".").filter((x) => x)]));
  if (Object.keys(tasks).length) file.tasks_claimed = tasks;
  const gateway = Object.fromEntries(pairs(params.get("g")));
  if (Object.keys(gateway).length) file.gateway = gateway;
  return file;
}

function writeAddress() {
  const facts = state.facts, file = state.file;
  const params = new URLSearchParams();
  if (state.lang) params.set("lang", state.lang);
  params.set("mode", file.mode);
  params.set("n", String(file.players));
  if (state.player) params.set("player", state.player);
  const tokens = Object.entries(file.pieces || {}).map(([sq, p]) => {
    const [color, rank] = p.split(" ");
    return sq + letterOf(facts.colors, color) + letterOf(facts.piece_ranks, rank || "common");
  });
  if (tokens.length) params.set("p", tokens.join(","));
  const list = (obj, show) => Object.entries(obj || {}).map(([c, v]) => `${c}:${show(v)}`).join(",");
  if (file.supply) params.set("s", list(file.supply, (v) => `${v.common ?? ""}.${v.legendary ?? ""}`));
  if (file.decks) params.set("d", list(file.decks, (v) => v));
  if (file.tasks_claimed) params.set("t", list(file.tasks_claimed, (v) => v.join(".")));
  if (file.gateway) params.set("g", list(file.gateway, (v) => v));
  if (state.hand.length) params.set("h", state.hand.join(","));
  history.replaceState(null, "", "#" + params.toString().replace(/%2C/g, ",").replace(/%3A/g, ":"));
}

// ---------------------------------------------------------------- the position

async function load(file) {
  // the position `file` read by the service: drawn and kept if it is one, said wrong otherwise
  const player = state.player ? ["--player", state.player] : [];
  const answer = await api(["position", "board", "-", ...player], JSON.stringify(file));
  const facts = said(answer);
  if (facts === null) return false;
  state.facts = facts;
  state.file = facts.file_data;
  state.view = null;
  draw();
  drawSides();
  writeAddress();
  say("");
  await summons();
  return true;
}

function change(edit) {
  // a copy of the position file, edited, then read
  const file = JSON.parse(JSON.stringify(state.file));
  edit(file);
  return load(file);
}

function setPiece(square, piece) {
  // a piece set on `square` (null: taken away); a marker the piece there bore is taken off with it (set it again
  // beside the board: the page does not judge which piece may bear it, the service does)
  state.focus = square;
  return change((file) => {
    file.pieces = file.pieces || {};
    if (piece) file.pieces[square] = `${piece.color} ${piece.rank}`; else delete file.pieces[square];
    moveMarkers(file, square, null);
  });
}

function moveMarkers(file, from, to) {
  // each marker (the position file's field of its id, color -> square) on `from` moved to `to` (null: taken off)
  for (const marker of state.facts.markers || []) {
    const placed = file[marker.id] || {};
    for (const color of Object.keys(placed)) {
      if (placed[color] !== from) continue;
      if (to) placed[color] = to; else delete placed[color];
    }
    if (file[marker.id] && !Object.keys(file[marker.id]).length) delete file[marker.id];
  }
}

function pieceAt(square) {
  const p = state.facts.position.pieces[square];
  return p ? { color: p.color, rank: p.rank } : null;
}

function say(message, error = false) {
  $("status").textContent = message;
  $("status").classList.toggle("error", error);
}

// ---------------------------------------------------------------- setting up

function options(select, list, chosen) {
  select.replaceChildren(...list.map((x) => new Option(x.name, x.id, false, x.id === chosen)));
}

async function setUp() {
  const facts = state.facts;
  document.documentElement.lang = facts.lang;
  document.title = text("title");
  for (const node of document.querySelectorAll("[data-text]")) node.textContent = text(node.dataset.text);
  $("board").setAttribute("aria-label", text("board"));
  options($("lang"), facts.langs, facts.lang);
  options($("game"), games(facts.texts), "tash-kalar");
  options($("mode"), facts.modes, facts.mode);
  const color = $("color").value || facts.colors[0].id, rank = $("rank").value || facts.piece_ranks[0].id;
  options($("color"), facts.colors, color);
  options($("rank"), facts.piece_ranks, rank);
  state.player = state.player || facts.colors[0].id;
  options($("player"), facts.colors, state.player);
  const cards = await api(["card", "list"]);
  if (cards.exit === 0) {
    state.names = Object.fromEntries(cards.output.cards.map((c) => [c.id, c.name]));
    state.kinds = Object.fromEntries(cards.output.cards.map((c) => [c.id, c.type]));
  }
  const summonable = Object.keys(state.kinds).filter((id) => ["being", "legend"].includes(state.kinds[id]));
  $("hand").replaceChildren(...summonable.map((id) => new Option(state.names[id], id, false, state.hand.includes(id))));
  for (const [select, kind] of [[$("goal-task"), "task"], [$("goal-flare"), "flare"]]) {
    const chosen = select.value;
    const ids = Object.keys(state.kinds).filter((id) => state.kinds[id] === kind);
    select.replaceChildren(...ids.map((id) => new Option(state.names[id], id, false, id === chosen)));
  }
  ref.setUp();
  summonItems.clear();
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
      const cell = el("button", { type: "button", className: "sq" });
      if (!playable.has(name)) { cell.classList.add("cut"); cell.disabled = true; cell.setAttribute("aria-hidden", "true"); }
      else {
        cell.dataset.square = name;
        cell.tabIndex = -1;
        cell.addEventListener("click", () => { if (!state.dragged) act(() => clicked(name)); state.dragged = false; });
        cell.addEventListener("keydown", (event) => keyed(event, name));
        cell.addEventListener("pointerdown", (event) => grabbed(event, name));
      }
      cells.push(cell);
    }
  }
  board.replaceChildren(...cells);
}

// ---------------------------------------------------------------- drawing

function draw() {
  // the position, or the outcome of an effect being stepped through (state.view) with its marks
  const facts = state.facts;
  const shown = state.view ? state.view.pieces : facts.position.pieces;
  const borne = markersOn(state.view ? state.view.position : facts.position);
  const marks = state.view ? state.view.marks : {};
  const red = new Set(facts.colored.red), green = new Set(facts.colored.green);
  const focus = state.focus || facts.squares[Math.floor(facts.squares.length / 2)];
  for (const cell of $("board").querySelectorAll("[data-square]")) {
    const name = cell.dataset.square;
    const piece = shown[name];
    cell.classList.toggle("red", red.has(name));
    cell.classList.toggle("green", green.has(name));
    for (const mark of ["moved", "from", "destroyed", "changed"]) cell.classList.toggle(mark, (marks[name] || []).includes(mark));
    cell.tabIndex = name === focus ? 0 : -1;
    const parts = [el("span", { className: "coord", "aria-hidden": "true" }, [name])];
    let label = text("square-empty", { square: name });
    if (piece) {
      const seen = facts.pieces[piece.color][piece.rank];
      parts.push(el("span", { className: `piece ${piece.color} ${piece.rank}`, "aria-hidden": "true" }, [seen.symbol]));
      label = text("square-piece", { square: name, piece: seen.name });
    }
    for (const marker of borne[name] || []) {   // a sign of its own, and its name read out
      parts.push(el("span", { className: "marker-sign", "aria-hidden": "true" }, ["\u25CE"]));
      label = text("square-mark", { label, mark: marker.name });
    }
    cell.classList.toggle("marked", Boolean(borne[name]));
    for (const mark of marks[name] || []) label = text("square-mark", { label, mark: text(`mark-${mark}`) });
    cell.replaceChildren(...parts);
    cell.setAttribute("aria-label", label);
    cell.classList.toggle("holds", Boolean(piece));
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

function markersOn(position) {
  // square -> the markers (of state.facts.markers) a position's pieces bear there
  const on = {};
  for (const marker of state.facts.markers || []) {
    for (const square of Object.values(position[marker.id] || {})) (on[square] = on[square] || []).push(marker);
  }
  return on;
}

function drawSides() {
  // the form of play's numbers of players, and a row for each color in play: its supply, deck and tasks
  const facts = state.facts, file = state.file;
  options($("mode"), facts.modes, file.mode);
  options($("players"), facts.player_counts[file.mode].map((n) => ({ id: String(n), name: String(n) })),
          String(file.players));
  const inPlay = new Set([state.player, ...Object.keys(facts.position.supply), ...Object.keys(file.decks || {}),
                          ...Object.keys(file.tasks_claimed || {})]);
  const colors = facts.colors.filter((c) => inPlay.has(c.id));
  $("sides").replaceChildren(...colors.map((c) => sideRow(c)));
  // team play: a form of play it is played as, with as many sides as teams; each color is a team's
  const team = facts.team_play;
  const teams = team && team.modes.includes(file.mode) && file.players === team.teams;
  $("teams").hidden = !teams;
  $("teams").textContent = teams ? text("team-play", { name: team.name, teams: team.teams,
                                                       players: team.players_per_team }) : "";
}

function sideRow(color) {
  const facts = state.facts, file = state.file;
  const off = facts.position.supply[color.id] || {};
  const given = (file.supply || {})[color.id] || {};
  const number = (kind, shown) => {
    const input = el("input", { type: "number", min: "0", max: "99", value: String(shown ?? ""),
                                data: { side: color.id, kind } });
    input.classList.toggle("given", given[kind] !== undefined);
    input.addEventListener("change", () => act(() => setSupply(color.id, kind, input.value)));
    return el("label", {}, [text(`supply-${kind}`), " ", input]);
  };
  const deck = el("select", { data: { side: color.id, field: "deck" } });
  options(deck, [{ id: "", name: text("deck-unknown") }, ...facts.decks], (file.decks || {})[color.id] || "");
  deck.addEventListener("change", () => act(() => change((f) => {
    f.decks = f.decks || {};
    if (deck.value) f.decks[color.id] = deck.value; else delete f.decks[color.id];
  })));
  const parts = [el("legend", { className: "side-name" }, [color.name]), number("common", off.common),
                 number("legendary", off.legendary), el("label", {}, [text("deck"), " ", deck]),
                 ...(facts.markers || []).map((marker) => markerChoice(color, marker))];
  if (facts.task_modes.includes(file.mode)) parts.push(taskChoice(color));
  return el("fieldset", { className: "side", data: { side: color.id } }, parts);
}

function markerChoice(color, marker) {
  // the square of the piece bearing the color's marker (the Nethervoid Gateway): none, or one of the squares the
  // service says may bear it
  const at = (state.file[marker.id] || {})[color.id] || "";
  const select = el("select", { data: { side: color.id, field: marker.id } });
  options(select, [{ id: "", name: text("marker-none") },
                   ...(marker.can_bear[color.id] || []).map((sq) => ({ id: sq, name: sq }))], at);
  select.addEventListener("change", () => act(() => change((f) => {
    const placed = f[marker.id] = f[marker.id] || {};
    if (select.value) placed[color.id] = select.value; else delete placed[color.id];
    if (!Object.keys(placed).length) delete f[marker.id];
  })));
  return el("label", {}, [text("marker", { marker: marker.name, deck: marker.deck_name }), " ", select]);
}

function taskChoice(color) {
  const claimed = new Set(((state.file.tasks_claimed || {})[color.id]) || []);
  const tasks = Object.keys(state.kinds).filter((id) => state.kinds[id] === "task");
  const select = el("select", { multiple: true, size: 3, data: { side: color.id, field: "tasks" } },
                    tasks.map((id) => new Option(state.names[id], id, false, claimed.has(id))));
  select.addEventListener("change", () => act(() => change((f) => {
    f.tasks_claimed = f.tasks_claimed || {};
    f.tasks_claimed[color.id] = [...select.selectedOptions].map((o) => o.value);
  })));
  return el("label", {}, [text("tasks-claimed"), " ", select]);
}

function setSupply(color, kind, value) {
  return change((file) => {
    file.supply = file.supply || {};
    const entry = file.supply[color] = file.supply[color] || {};
    if (value === "") delete entry[kind]; else entry[kind] = Number(value);
    if (!Object.keys(entry).length) delete file.supply[color];
    if (!Object.keys(file.supply).length) delete file.supply;
  });
}

// ---------------------------------------------------------------- placing pieces

function brush() { return { color: $("color").value, rank: $("rank").value }; }

function clicked(square) {
  // empty: the chosen piece; a piece of the chosen color: the next rank, then empty; another: the chosen piece
  if (state.view) { state.view = null; draw(); }
  const piece = pieceAt(square);
  const ranks = state.facts.piece_ranks.map((r) => r.id);
  if (!piece || piece.color !== $("color").value) return setPiece(square, brush());
  const next = ranks.indexOf(piece.rank) + 1;
  return setPiece(square, next < ranks.length ? { color: piece.color, rank: ranks[next] } : null);
}

function followDrag(own, square, selector, move) {
  // what stands on `square` dragged onto another square of `selector` is moved there by `move(from, to)` (pointer
  // events: mouse, pen or touch); dropped where it was, the click that follows is the click path. `own` is the
  // board's state (its `drag` and `dragged`): the Tash-Kalar board's or the L.E.T.A.L. grid's
  own.drag = square;
  const dropped = (up) => {
    window.removeEventListener("pointerup", dropped);
    const target = document.elementFromPoint(up.clientX, up.clientY);
    const to = target && target.closest ? target.closest(selector) : null;
    const from = own.drag;
    own.drag = null;
    if (!to || to.dataset.square === from) return;
    own.dragged = true;
    setTimeout(() => { own.dragged = false; }, 0);
    move(from, to.dataset.square);
  };
  window.addEventListener("pointerup", dropped);
}

function grabbed(event, square) {
  // a piece dragged onto another square moves there, with the markers it bears
  if (!pieceAt(square) || state.view || event.button !== 0) return;
  followDrag(state, square, "[data-square]", (from, to) => act(() => movePiece(from, to)));
}

function movePiece(from, to) {
  // the piece and the markers it bears moved together (a marker on the square it lands on is taken off)
  state.focus = to;
  return change((file) => {
    file.pieces[to] = file.pieces[from];
    delete file.pieces[from];
    moveMarkers(file, to, null);
    moveMarkers(file, from, to);
  });
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
    const piece = pieceAt(square);
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

// ---------------------------------------------------------------- summons and their effects

async function summons() {
  // the cards the player can summon now: the position's answer gives them (position board --player)
  const legal = state.facts.summonable || [];
  if (!legal.includes(state.card)) state.card = "";
  const items = legal.map((card) => {
    const item = summonItem(card);
    item.firstChild.setAttribute("aria-pressed", String(card === state.card));
    return item;
  });
  if (!items.length) items.push(el("li", {}, [text("none")]));
  $("summonable").replaceChildren(...items);
  await placements();
}

const summonItems = new Map();   // a card's item in the list of summons, made once a language (a click redraws less)

function summonItem(card) {
  // a summonable card: its name and the drawing of its pattern; pointed at, its squares lit (the position's)
  if (summonItems.has(card)) return summonItems.get(card);
  const view = () => (state.facts.summon_views || {})[card];
  const button = el("button", { type: "button", data: { card } }, [el("span", { className: "name" },
                                                                        [state.names[card] || card])]);
  if (view()) button.append(drawing(view().pattern));
  button.addEventListener("click", () => act(() => choose(card === state.card ? "" : card)));
  const show = () => { if (view() && !state.view) lightSquares(view().squares, view().targets); };
  const back = () => { if (!state.view) light(state.found || []); };
  button.addEventListener("focus", show);
  button.addEventListener("mouseenter", show);
  button.addEventListener("blur", back);
  button.addEventListener("mouseleave", back);
  const item = el("li", {}, [button]);
  summonItems.set(card, item);
  return item;
}

function drawing(rows) {
  // a card's pattern as the service draws it (three characters a cell, as the terminal does), one text beside its name
  return el("span", { className: "mini", "aria-hidden": "true" }, [rows.map((row) => row.join("")).join("\n")]);
}

async function choose(card) {
  state.card = card;
  for (const b of $("summonable").querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.card === card));
  await placements();
}

async function placements() {
  clearLights();
  stopStepping();
  const list = $("placements");
  const title = $("placements-title");
  state.found = [];
  if (!state.card) { list.replaceChildren(); title.hidden = true; return; }
  const answer = await api(withPosition(["summon", state.card, "--player", state.player]), fileInput());
  const output = said(answer);
  if (output === null) return;
  const found = output.placements;
  state.found = found;
  title.hidden = false;
  title.textContent = text("placements", { card: state.names[state.card] || state.card, count: found.length });
  list.replaceChildren(...found.map((p, i) => {
    const button = el("button", { type: "button", data: { placement: String(i) } },
                      [text("placement", { target: p.target, squares: p.pattern_squares.join(" ") })]);
    button.addEventListener("click", () => act(() => effects(p)));
    button.addEventListener("focus", () => light([p]));
    button.addEventListener("mouseenter", () => light([p]));
    return el("li", {}, [button]);
  }));
  light(found);
}

function clearLights() {
  for (const cell of $("board").querySelectorAll("[data-square]")) cell.classList.remove("target", "pattern", "lit", "danger");
}

function light(found) {
  lightSquares(found.flatMap((p) => p.pattern_squares), found.map((p) => p.target));
}

function lightSquares(squares, targets) {
  // the squares of a pattern's pieces (dashed) and the summoning squares (a frame and a cross)
  lightClasses({ pattern: squares, target: targets });
}

function lightClasses(byClass) {
  // the board's lights put out, then each class of `byClass` lit on its squares (turn.js: "lit" and "danger")
  const board = $("board");
  clearLights();
  for (const [name, squares] of Object.entries(byClass)) {
    for (const sq of squares) board.querySelector(`[data-square="${sq}"]`)?.classList.add(name);
  }
}

const OUTCOMES_SHOWN = 100;
// the outcomes asked first (the rest, up to OUTCOMES_SHOWN, once stepped to): a long list is most of its answer's
// time (Messenger's 94 on the crowded board: 241 KB), and the first outcomes of a list are the same at any --limit
const OUTCOMES_FIRST = 10;

function effectArgs(p, limit) {
  const args = ["summon", state.card, "--player", state.player, "--apply", "--at", p.target, "--orientation",
                p.orientation.name, "--effects", "--words", "--limit", String(limit)];
  if (p.take_back && p.take_back.length) args.push("--take-back", p.take_back[0]);
  return withPosition(args);
}

async function effects(p) {
  // the placement's summon played, and its effect's outcomes (summon --apply --effects), stepped through
  const output = said(await api(effectArgs(p, OUTCOMES_FIRST), fileInput()));
  if (output === null) return;
  state.stepping = { output, n: 0, placement: p };
  if (!output.outcomes.length) {
    state.stepping.none = true;
  }
  showStep();
}

function lastStep(out) { return Math.min(out.outcome_count, OUTCOMES_SHOWN) - 1; }

function marksOf(outcome) {
  // the squares each step of an outcome touched: moved to, moved from, destroyed, placed or changed
  const marks = {};
  const add = (sq, mark) => { (marks[sq] = marks[sq] || []).includes(mark) || marks[sq].push(mark); };
  for (const step of outcome.steps) {
    if (step.do === "move") { add(step.from, "from"); add(step.to, "moved"); }
    else if (step.do === "swap") { add(step.from, "moved"); add(step.to, "moved"); }
    else if (step.square && !["destroy", "remove"].includes(step.do)) add(step.square, "changed");
  }
  for (const d of outcome.destroyed) add(d.square, "destroyed");
  return marks;
}

function showStep() {
  const s = state.stepping;
  const out = s.output;
  $("stepper").hidden = false;
  if (s.none) {
    state.view = { pieces: out.position.pieces, position: out.position, marks: {} };
    $("step-title").textContent = text(out.effect_resolved ? "no-outcome" : "not-resolved");
    $("step-lines").replaceChildren();
  } else {
    const outcome = out.outcomes[s.n];
    state.view = { pieces: outcome.position.pieces, position: outcome.position, marks: marksOf(outcome) };
    $("step-title").textContent = text("outcome", { n: s.n + 1, count: out.outcome_count });
    $("step-lines").replaceChildren(...(outcome.lines || []).map((line) => el("li", {}, [line])));
  }
  $("step-score").replaceChildren();
  $("score-turn").hidden = !(state.facts.score_modes || []).includes(state.file.mode);
  $("previous").disabled = s.none || s.n === 0;
  $("next").disabled = s.none || s.n >= lastStep(out);
  clearLights();
  $("board").querySelector(`[data-square="${out.square}"]`)?.classList.add("target");
  draw();
}

function stopStepping() {
  state.stepping = null;
  $("stepper").hidden = true;
  $("step-lines").replaceChildren();
  $("step-score").replaceChildren();
  if (state.view) { state.view = null; draw(); }
}

async function scoreTurn() {
  // the deathmatch score of the turn so far, the outcome shown included: its turn record as the command line
  // writes it (`summon --apply --effects --choose N`: the pieces the summon and the outcome destroyed, the summon),
  // scored by `score --turn - --words`
  const s = state.stepping;
  if (!s) return;
  let turn = s.output.turn;
  if (!s.none) {
    const chosen = said(await api([...effectArgs(s.placement, 1), "--choose", String(s.n + 1)], fileInput()));
    if (chosen === null || state.stepping !== s) return;
    turn = chosen.turn;
  }
  const out = said(await api(["score", "--turn", "-", "--words"], JSON.stringify(turn)));
  if (out === null || state.stepping !== s) return;
  const words = out.said;
  const lines = out.lines.map((line, i) => {
    const label = text("turn-score-line", { color: colorName(line.to), points: line.points, reason: words.reasons[i] });
    return words.colors[i] ? text("turn-score-color", { label, color: words.colors[i] }) : label;
  });
  const sentences = [words.none, ...lines, words.ignored, words.totals, words.end].filter((x) => x);
  $("step-score").replaceChildren(...sentences.map((line) => el("li", {}, [line])));
}

async function step(by) {
  const s = state.stepping;
  if (!s || s.none) return;
  const n = Math.max(0, Math.min(lastStep(s.output), s.n + by));
  if (n >= s.output.outcomes.length) {   // past the outcomes asked first: the whole list, asked once
    const output = said(await api(effectArgs(s.placement, OUTCOMES_SHOWN), fileInput()));
    if (output === null || state.stepping !== s) return;
    s.output = output;
  }
  s.n = Math.min(n, s.output.outcomes.length - 1);
  showStep();
}

// ---------------------------------------------------------------- the turn (turn.js)

const colorName = (id) => (state.facts.colors.find((c) => c.id === id) || { name: id }).name;

// ---------------------------------------------------------------- start

function games(texts) {
  // the games the page draws: Tash-Kalar's board, L.E.T.A.L.'s grid (letal.js)
  return ["tash-kalar", "letal"].map((id) => ({ id, name: texts[`game-${id}`] || id }));
}

function switchGame(game, lang) {
  // the other game's board, in the same language: the address says which (game=letal)
  const params = new URLSearchParams();
  if (lang) params.set("lang", lang);
  if (game !== "tash-kalar") params.set("game", game);
  history.replaceState(null, "", "#" + params.toString());
  location.reload();
}

async function start() {
  const params = new URLSearchParams(location.hash.slice(1));
  state.lang = params.get("lang") || "";
  if (params.get("game") === "letal") {
    $("tk").hidden = true;
    $("letal").hidden = false;
    const { startLetal } = await import("/letal.js");
    const kit = { api, act, el, said, say, options, games, switchGame, followDrag, setLang: (lang) => { state.lang = lang; } };
    await startLetal(kit, params);
    document.body.dataset.ready = "true";
    return;
  }
  state.player = params.get("player") || "";
  state.hand = (params.get("h") || "").split(",").filter((t) => t);
  const args = params.get("mode") ? ["--mode", params.get("mode")] : [];
  const first = said(await api(["position", "board", "--pieces", "", ...args]));
  if (first === null) return;
  state.facts = first;
  state.lang = state.lang || first.lang;
  await setUp();
  wire();
  if (!await load(fileFromAddress(params, first))) await load(first.file_data);
  document.body.dataset.ready = "true";
}

async function relanguage(lang) {
  state.lang = lang;
  const facts = said(await api(["position", "board", "-"], fileInput()));
  if (facts === null) return;
  state.facts = facts;
  await setUp();
  await load(state.file);
}

function wire() {
  $("lang").addEventListener("change", () => act(() => relanguage($("lang").value)));
  $("game").addEventListener("change", () => switchGame($("game").value, state.lang));
  $("mode").addEventListener("change", () => act(() => change((f) => {
    f.mode = $("mode").value;
    const counts = state.facts.player_counts[f.mode];
    if (!counts.includes(f.players)) f.players = counts[0];
  })));
  $("players").addEventListener("change", () => act(() => change((f) => { f.players = Number($("players").value); })));
  $("player").addEventListener("change", () => act(() => { state.player = $("player").value; return load(state.file); }));
  $("hand").addEventListener("change", () => {
    state.hand = [...$("hand").selectedOptions].map((o) => o.value); writeAddress(); });
  $("clear").addEventListener("click", () => act(() => change((f) => {
    f.pieces = {};
    for (const marker of state.facts.markers || []) delete f[marker.id];
  })));
  $("read").addEventListener("click", () => act(async () => {
    const facts = said(await api(["position", "board", "-"], $("yaml").value));
    if (facts !== null) await load(facts.file_data);
  }));
  $("previous").addEventListener("click", () => act(() => step(-1)));
  $("next").addEventListener("click", () => act(() => step(1)));
  $("back").addEventListener("click", () => { stopStepping(); clearLights(); });
  $("score-turn").addEventListener("click", () => act(scoreTurn));
  const turn = turnAnswers({ state, $, text, el, api, said, say, draw, withPosition, fileInput, stopStepping,
                             clearLights, lightClasses, colorName });
  for (const kind of turn.kinds) $(`ask-${kind}`).addEventListener("click", () => act(() => turn.askTurn(kind)));
  for (const kind of ref.kinds) $(`ref-${kind}`).addEventListener("click", () => act(() => ref.ask(kind)));
  $("ref-query").addEventListener("keydown", (event) => {
    if (event.key === "Enter") { event.preventDefault(); act(() => ref.ask("ask")); }
  });
}

const ref = reference({ state, $, text, el, api, said, act });

act(start);
