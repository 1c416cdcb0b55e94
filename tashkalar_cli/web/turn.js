// The turn's answers on the analysis board (tashkalar board): the plan for a hand, the threats, the tasks, the flares,
// and whether a task can be claimed or a flare left playable this turn (plan --task / --flare), each the command
// line's answer (POST /api); a line chosen lights its squares. board.js gives the page's kit (its state and helpers).

export function turnAnswers(kit) {
  const { state, $, text, el, api, said, say, draw, withPosition, fileInput, stopStepping, clearLights, lightClasses, colorName } = kit;

  function answerItem(line, squares, danger = [], view = null) {
    // one line of an answer; chosen, focused or pointed at, its squares lit on the board; chosen, the position it
    // ends on (`view`, a way of plan --task / --flare) drawn on the board until a square is clicked
    const button = el("button", { type: "button", className: "answer" }, [line]);
    const show = () => lightClasses({ lit: squares, danger });
    button.addEventListener("click", () => {
      if (view) { state.view = view; draw(); say(text("way-shown")); }
      show();
    });
    button.addEventListener("focus", show);
    button.addEventListener("mouseenter", show);
    button.dataset.squares = [...squares, ...danger].join(" ");
    return el("li", {}, [button]);
  }

  function squaresText(list) { return list.length ? list.join(" ") : text("no-square"); }

  async function askTurn(kind) {
    stopStepping();
    clearLights();
    const hand = state.hand.length ? ["--hand", state.hand.join(",")] : [];
    const asks = {
      plan: ["plan", "--player", state.player, ...hand],
      threats: ["plan", "--player", state.player, "--threats"],
      tasks: ["task", "check", "--all", "--player", state.player],
      flares: ["flare", "check", "--all", "--player", state.player],
      "task-plan": ["plan", "--player", state.player, ...hand, "--task", $("goal-task").value],
      "flare-plan": ["plan", "--player", state.player, ...hand, "--flare", $("goal-flare").value],
    };
    const output = said(await api(withPosition(asks[kind]), fileInput()));
    const items = output === null ? [] : ANSWERS[kind](output);
    if (output !== null && !items.length) items.push(el("li", {}, [text("none-found")]));
    $("answers").replaceChildren(...items);
    $("answers").dataset.kind = kind;
  }

  const name = (id) => state.names[id] || id;

  const ANSWERS = {
    plan: (out) => out.summary.map((s) => answerItem(text("plan-card", {
      card: name(s.card), now: squaresText(s.now), place: squaresText(s.after_place), summon: squaresText(s.after_summon),
    }), [...s.now, ...s.after_place, ...s.after_summon])),
    threats: (out) => out.opponents.flatMap((o) => [
      answerItem(text("threat-squares", { color: colorName(o.color), squares: squaresText(Object.keys(o.squares)) }),
                 Object.keys(o.squares)),
      answerItem(text("threat-destroys", { color: colorName(o.color), squares: squaresText(Object.keys(o.effect_destroys)) }),
                 [], Object.keys(o.effect_destroys)),
    ]),
    tasks: (out) => [...out.tasks.map((t) => answerItem(text("task-line", {
      task: name(t.task), verdict: text(t.met === null ? "needs-turn" : t.met ? "met" : "not-met") }), t.squares)),
    answerItem(text("score", { total: out.score.total, threshold: out.score.end_threshold }), [])],
    flares: (out) => out.flares.map((f) => answerItem(text("flare-line", {
      flare: name(f.flare), verdict: text(f.upper && f.lower ? "both-halves" : f.upper ? "upper-half"
        : f.lower ? "lower-half" : "no-half") }), [])),
    "task-plan": (out) => goalLines(out),
    "flare-plan": (out) => goalLines(out),
  };

  function goalLines(out) {
    // plan --task / --flare: met already, out of reach, or each way (its places and summons) and how many
    // sequences lead there; a way chosen lights its squares
    const goal = name(out.id);
    if (out.met_now) return [answerItem(text("goal-met-now", { goal }), [])];
    if (!out.possible) {
      return [answerItem(out.truncated ? text("goal-not-found", { goal }) : text("goal-out-of-reach", { goal }), [])];
    }
    const ways = out.ways.map((way) => {
      const steps = way.steps.map((st) => (st.action === "place" ? text("way-place", { square: st.square })
        : text("way-summon", { card: name(st.card), square: st.target, rotation: st.orientation.rotation,
                               mirrored: st.orientation.mirrored ? text("mirrored") : "" })));
      const marks = Object.fromEntries(way.steps.map((st) => [st.square || st.target, ["changed"]]));
      return answerItem(text("way-line", { steps: steps.join("; "), sequences: way.sequences }),
                        way.steps.map((st) => st.square || st.target), [],
                        { pieces: way.position.pieces, position: way.position, marks });
    });
    return [answerItem(text("goal-ways", { goal, count: out.count }), []), ...ways];
  }

  return { askTurn, kinds: Object.keys(ANSWERS) };
}
