// L.E.T.A.L. TCG's grid on the analysis board (the address says game=letal). Every fact and text comes from
// POST /api, the command line's answers: `letal board` gives the grid, each team's side, the questions by their
// glossary terms, the heroes of a game on their squares and the game as a file; `letal area|move|push|pull
// --words` each lit square with its reason; `letal attack --words` and `letal check` their answers. The page
// keeps the game as data (`game_data`) and sends it back as the request's input (JSON is YAML). The address
// holds the heroes in a compact form: `#lang=en&game=letal&h=c1s,d6n&a=c1&q=reach&n=2&by=d6&to=c4` (a square
// and its team's letter a hero; the hero asked about, the question, its N, the other hero, the move's end).

let kit = null;
const $ = (id) => document.getElementById(id);
const state = { facts: null, game: { players: [] }, asked: "", focus: "", lit: {}, stops: [], flagged: [], drag: null,
                dragged: false };

function text(key, params = {}) {
  const found = state.facts && state.facts.texts[key];
  return (found === undefined ? key : found).replace(/\{(\w+)\}/g, (m, name) => (name in params ? params[name] : m));
}

const teamOf = (id) => state.facts.teams.find((t) => t.id === id);
const heroAt = (square) => state.facts.heroes.find((h) => h.square === square) || null;

// ---------------------------------------------------------------- the address

function gameFromAddress(params, facts) {
  // the heroes of the address, each in its team's first player (named as the team), as `letal board` reads a game
  const teams = Object.fromEntries(facts.teams.map((t) => [t.letter, t]));
  const game = { players: [] };
  for (const token of (params.get("h") || "").split(",")) {
    const m = /^([a-z][0-9]+)([a-z])$/.exec(token);
    if (m && teams[m[2]]) addHero(game, m[1], teams[m[2]]);
  }
  return game;
}

function writeAddress() {
  const params = new URLSearchParams();
  params.set("lang", state.facts.lang);
  params.set("game", "letal");
  const tokens = state.facts.heroes.map((h) => h.square + teamOf(h.team).letter);
  if (tokens.length) params.set("h", tokens.join(","));
  if (state.asked) params.set("a", state.asked);
  params.set("q", $("l-question").value);
  params.set("n", $("l-n").value);
  if ($("l-by").value) params.set("by", $("l-by").value);
  if ($("l-to").value) params.set("to", $("l-to").value);
  history.replaceState(null, "", "#" + params.toString().replace(/%2C/g, ","));
}

// ---------------------------------------------------------------- the game, edited as data

function addHero(game, square, team, hero = null) {
  let player = game.players.find((p) => p.team === team.id);
  if (!player) game.players.push(player = { name: team.name, team: team.id, heroes: [] });
  player.heroes.push(hero || { name: text("letal-hero-name", { square }), square });
}

function takeHero(game, square) {
  // the hero on `square` taken out of its player (a player left without heroes goes too)
  let taken = null;
  for (const p of game.players) {
    const i = p.heroes.findIndex((h) => h.square === square);
    if (i >= 0) taken = p.heroes.splice(i, 1)[0];
  }
  game.players = game.players.filter((p) => p.heroes.length);
  return taken;
}

async function load(game) {
  // the game read by the service (`letal board -`) and the question asked again on it, both sent at once (the
  // question needs only the heroes' squares): drawn and kept if the game is one, said wrong otherwise
  const squares = squaresOf(game);
  if (!squares.includes(state.asked)) state.asked = squares.length ? squares[0] : "";
  const asking = question(squares);
  const facts = kit.said(await kit.api(["letal", "board", "-"], JSON.stringify(game)));
  const answer = await asking;
  if (facts === null) return false;
  state.facts = facts;
  state.game = facts.game_data;
  $("l-yaml").value = facts.game_file;
  const link = $("l-download");
  if (link.dataset.url) URL.revokeObjectURL(link.dataset.url);
  link.dataset.url = URL.createObjectURL(new Blob([facts.game_file], { type: "application/yaml" }));
  link.href = link.dataset.url;
  kit.say("");
  show(answer);
  return true;
}

function change(edit) {
  const game = JSON.parse(JSON.stringify(state.game));
  edit(game);
  return load(game);
}

function clicked(square) {
  // empty: a hero of the chosen team; a hero of the other team: changed to the chosen team; of the chosen team: taken away
  const team = teamOf($("l-team").value);
  const hero = heroAt(square);
  state.focus = square;
  state.flagged = [];
  if (!hero) { state.asked = square; return change((g) => addHero(g, square, team)); }
  if (hero.team === team.id) return change((g) => takeHero(g, square));
  state.asked = square;
  return change((g) => addHero(g, square, team, takeHero(g, square)));
}

function grabbed(event, square) {
  // a hero dragged onto another square moves there, as Tash-Kalar's board does
  if (!heroAt(square) || event.button !== 0) return;
  kit.followDrag(state, square, "#grid [data-square]", (from, to) => kit.act(() => moveHero(from, to)));
}

function moveHero(from, to) {
  // the first hero on `from` (the one its square names) put on `to`, in its own player, and a hero there before taken
  // away: the squares and teams the clicks that take it away and place it give; it keeps its name and cards, but a
  // name the page gave it (`Hero c2`) follows its square, as the address gives it back
  state.focus = to;
  state.flagged = [];
  if (state.asked === from || !heroAt(state.asked)) state.asked = to;
  return change((g) => {
    while (squaresOf(g).includes(to)) takeHero(g, to);
    const moved = g.players.flatMap((p) => p.heroes).find((h) => h.square === from);
    if (moved.name === text("letal-hero-name", { square: from })) moved.name = text("letal-hero-name", { square: to });
    moved.square = to;
  });
}

// ---------------------------------------------------------------- the questions

function squaresOf(game) {
  // the squares the game's heroes stand on, each once, in the order of the file
  return [...new Set(game.players.flatMap((p) => p.heroes.map((h) => h.square)).filter((sq) => sq))];
}

function otherHero(squares) {
  // the other hero of a push or pull: the one chosen while it still stands, else the first other
  const others = squares.filter((sq) => sq !== state.asked);
  return others.includes($("l-by").value) ? $("l-by").value : (others[0] || "");
}

function choices(squares) {
  // the selects that name heroes and squares, kept on their value where it still exists
  const facts = state.facts;
  const named = (sq) => ({ id: sq, name: `${sq}: ${heroAt(sq) ? heroAt(sq).name : sq}` });
  kit.options($("l-hero"), squares.map(named), state.asked);
  const by = otherHero(squares);
  kit.options($("l-by"), squares.filter((sq) => sq !== state.asked).map(named), by);
  const to = $("l-to").value;
  kit.options($("l-to"), [{ id: "", name: text("letal-to-any") }, ...facts.squares.map((sq) => ({ id: sq, name: sq }))], to);
  const question = facts.questions.find((q) => q.id === $("l-question").value) || facts.questions[0];
  $("l-n").disabled = !question.counted;
  $("l-by").disabled = !["push", "pull"].includes(question.id);
  $("l-to").disabled = question.id !== "move";
}

function questionArgs(question, square, n, others, by) {
  const occupied = others.length ? ["--occupied", others.join(",")] : [];
  if (question === "move") {
    const to = $("l-to").value ? ["--to", $("l-to").value] : [];
    return ["letal", "move", square, "--steps", n, ...occupied, ...to, "--words"];
  }
  if (question === "push" || question === "pull") {
    return ["letal", question, square, "--by", by, "--distance", n, ...occupied, "--words"];
  }
  const kind = question === "adjacent" ? ["--adjacent"] : [`--${question}`, n];
  return ["letal", "area", square, ...kind, ...occupied, "--words"];
}

async function question(squares) {
  // the question asked of the chosen hero among the heroes on `squares`: the service's answer, or a line saying
  // why none is asked
  const asked = $("l-question").value, by = otherHero(squares);
  if (!state.asked) return { lines: [text("letal-no-hero")] };
  if (["push", "pull"].includes(asked) && !by) return { lines: [text("letal-no-other")] };
  const others = squares.filter((sq) => sq !== state.asked);
  return { answer: await kit.api(questionArgs(asked, state.asked, $("l-n").value || "0", others, by)) };
}

function show(asked) {
  // an answer drawn: its squares lit with their reasons, what stops it crossed, its sentences listed
  choices(squaresOf(state.game));
  state.lit = {};
  state.stops = [];
  let lines = asked.lines || [];
  const out = asked.answer ? kit.said(asked.answer) : null;
  if (out !== null) {
    lines = out.lines;
    state.lit = Object.fromEntries(out.reasons.map((r) => [r.square, r.reason]));
    const why = out.to && typeof out.to === "object" ? out.to.reason : out.reason;
    state.stops = why ? why.squares : [];
  }
  $("l-lines").replaceChildren(...lines.map((line) => kit.el("li", {}, [line])));
  $("l-reasons").replaceChildren(...Object.entries(state.lit).map(([sq, why]) =>
    kit.el("li", { data: { square: sq } }, [text("letal-square-reason", { label: sq, reason: why })])));
  draw();
  writeAddress();
}

async function analyse() {
  show(await question(squaresOf(state.game)));
}

// ---------------------------------------------------------------- drawing

function buildGrid() {
  const facts = state.facts;
  const grid = $("grid");
  grid.style.setProperty("--files", facts.files.length);
  grid.setAttribute("aria-label", text("letal-grid"));
  const cells = [];
  for (let rank = facts.ranks; rank >= 1; rank--) {
    for (const file of facts.files) {
      const name = file + rank;
      const cell = kit.el("button", { type: "button", className: "sq", data: { square: name } });
      cell.tabIndex = -1;
      cell.addEventListener("click", () => { if (!state.dragged) kit.act(() => clicked(name)); state.dragged = false; });
      cell.addEventListener("pointerdown", (event) => grabbed(event, name));
      cell.addEventListener("keydown", (event) => keyed(event, name));
      cells.push(cell);
    }
  }
  grid.replaceChildren(...cells);
}

function draw() {
  const facts = state.facts;
  const sides = {};
  for (const t of facts.teams) for (const sq of t.squares) sides[sq] = t;
  const focus = state.focus || state.asked || facts.squares[0];
  for (const cell of $("grid").querySelectorAll("[data-square]")) {
    const name = cell.dataset.square;
    const hero = heroAt(name), side = sides[name];
    const parts = [kit.el("span", { className: "coord", "aria-hidden": "true" }, [name])];
    let label = text("square-empty", { square: name });
    if (hero) {
      const team = teamOf(hero.team);
      parts.push(kit.el("span", { className: `hero ${hero.team}`, "aria-hidden": "true" }, [team.letter]));
      label = text("letal-square-hero", { square: name, name: hero.name, team: team.name });
    }
    if (side) {
      parts.push(kit.el("span", { className: "side-mark", "aria-hidden": "true" }, [side.letter]));
      label = text("letal-square-side", { label, team: side.name });
    }
    if (name === state.asked) label = text("letal-square-asked", { label });
    if (state.flagged.includes(name)) {   // a sign as well as the frame: not told by color alone
      parts.push(kit.el("span", { className: "flag-mark", "aria-hidden": "true" }, ["\u26A0\uFE0E"]));
      label = text("letal-square-flagged", { label });
    }
    if (state.lit[name]) label = text("letal-square-reason", { label, reason: state.lit[name] });
    cell.replaceChildren(...parts);
    cell.setAttribute("aria-label", label);
    cell.classList.toggle("start-side", Boolean(side));
    cell.classList.toggle("holds", Boolean(hero));
    cell.classList.toggle("asked", name === state.asked);
    cell.classList.toggle("lit", name in state.lit);
    cell.classList.toggle("stop", state.stops.includes(name));
    cell.classList.toggle("flagged", state.flagged.includes(name));
    cell.tabIndex = name === focus ? 0 : -1;
  }
  if (state.focus && document.activeElement && document.activeElement.closest && document.activeElement.closest("#grid")) {
    $("grid").querySelector(`[data-square="${state.focus}"]`).focus();
  }
}

const MOVES = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

function keyed(event, square) {
  const facts = state.facts;
  if (MOVES[event.key]) {
    event.preventDefault();
    const [df, dr] = MOVES[event.key];
    const f = facts.files.indexOf(square[0]) + df, r = Number(square.slice(1)) + dr;
    if (f < 0 || f >= facts.files.length || r < 1 || r > facts.ranks) return;
    state.focus = facts.files[f] + r;
    for (const cell of $("grid").querySelectorAll("[data-square]")) cell.tabIndex = -1;
    const cell = $("grid").querySelector(`[data-square="${state.focus}"]`);
    cell.tabIndex = 0;
    cell.focus();
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const team = facts.teams.find((t) => t.letter === event.key.toLowerCase());
  if (!team && event.key !== "Delete" && event.key !== "Backspace") return;
  event.preventDefault();
  kit.act(() => {
    state.focus = square;
    const hero = heroAt(square);
    if (!team) return hero ? change((g) => takeHero(g, square)) : undefined;
    if (hero && hero.team === team.id) { state.asked = square; return analyse(); }
    state.asked = square;
    return change((g) => addHero(g, square, team, hero ? takeHero(g, square) : null));
  });
}

// ---------------------------------------------------------------- the attack and the game file

async function attack() {
  const args = ["letal", "attack", "--words"];
  for (const field of ["damage", "hidden", "endurance", "prevent", "lose"]) args.push(`--${field}`, $(`l-${field}`).value || "0");
  const out = kit.said(await kit.api(args));
  $("l-attack-lines").replaceChildren(...(out === null ? [] : out.lines.map((line) => kit.el("li", {}, [line]))));
}

async function readFile() {
  const facts = kit.said(await kit.api(["letal", "board", "-"], $("l-yaml").value));
  if (facts === null) return;
  state.flagged = [];
  await load(facts.game_data);
}

async function check() {
  // letal check on the file as written (exit 1: problems found): each finding lights the heroes it concerns
  const answer = await kit.api(["letal", "check", "-"], $("l-yaml").value);
  if (answer.exit > 1 || !answer.output) { kit.said(answer); return; }
  const problems = answer.output.problems;
  const items = problems.map((p) => {
    const line = p.line ? text("letal-finding", { line: p.line, message: p.message })
      : text("letal-finding-nowhere", { message: p.message });
    const button = kit.el("button", { type: "button", className: "answer", data: { squares: p.squares.join(" ") } }, [line]);
    const show = () => { state.flagged = p.squares; draw(); };
    button.addEventListener("click", show);
    button.addEventListener("focus", show);
    button.addEventListener("mouseenter", show);
    return kit.el("li", {}, [button]);
  });
  if (!items.length) items.push(kit.el("li", {}, [text("letal-valid")]));
  state.flagged = [...new Set(problems.flatMap((p) => p.squares))];
  $("l-findings").replaceChildren(...items);
  draw();
}

// ---------------------------------------------------------------- start

function setUp() {
  const facts = state.facts;
  document.documentElement.lang = facts.lang;
  document.title = text("letal-title");
  for (const node of document.querySelectorAll("[data-text]")) node.textContent = text(node.dataset.text);
  document.querySelector("h1").textContent = text("letal-title");
  kit.options($("lang"), facts.langs, facts.lang);
  kit.options($("game"), kit.games(facts.texts), "letal");
  kit.options($("l-team"), facts.teams, $("l-team").value || facts.teams[0].id);
  kit.options($("l-question"), facts.questions, $("l-question").value || "reach");
  buildGrid();
}

function wire() {
  $("lang").addEventListener("change", () => kit.act(async () => {
    kit.setLang($("lang").value);
    const facts = kit.said(await kit.api(["letal", "board", "-"], JSON.stringify(state.game)));
    if (facts === null) return;
    state.facts = facts;
    setUp();
    await load(state.game);
  }));
  $("game").addEventListener("change", () => kit.switchGame($("game").value, state.facts.lang));
  $("l-clear").addEventListener("click", () => kit.act(() => change((g) => { g.players = []; })));
  for (const id of ["l-hero", "l-question", "l-n", "l-by", "l-to"]) {
    $(id).addEventListener("change", () => kit.act(() => { state.asked = $("l-hero").value; return analyse(); }));
  }
  $("l-ask").addEventListener("click", () => kit.act(analyse));
  $("l-resolve").addEventListener("click", () => kit.act(attack));
  $("l-read").addEventListener("click", () => kit.act(readFile));
  $("l-check").addEventListener("click", () => kit.act(check));
}

export async function startLetal(given, params) {
  kit = given;
  const first = kit.said(await kit.api(["letal", "board"]));
  if (first === null) return;
  state.facts = first;
  kit.setLang(first.lang);
  state.asked = params.get("a") || "";
  setUp();
  if (params.get("q") && first.questions.some((q) => q.id === params.get("q"))) $("l-question").value = params.get("q");
  if (params.get("n")) $("l-n").value = params.get("n");
  wire();
  const game = gameFromAddress(params, first);
  if (params.get("by")) kit.options($("l-by"), [{ id: params.get("by"), name: params.get("by") }], params.get("by"));
  if (params.get("to")) kit.options($("l-to"), [{ id: params.get("to"), name: params.get("to") }], params.get("to"));
  await load(game);
}
