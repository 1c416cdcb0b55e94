// The reference beside the analysis board (tashkalar board): a question asked (ask), the card browser (card list
// with its filters, card show for a name in any language, misspelt or not), a rule (rule show), a keyword (keyword
// show) and the errata, each the command line's answer (POST /api) shown in lines; a rule, a keyword or an erratum
// named in an answer is a button that asks for it. board.js gives the page's kit (its state and helpers).

export function reference(kit) {
  const { state, $, text, el, api, said } = kit;

  function show(items) {
    $("ref-lines").replaceChildren(...(items.length ? items : [el("li", {}, [text("none-found")])]));
  }

  function line(words, ask = null) {
    // one line of an answer; with `ask` (the arguments of another command), a button that asks it
    if (!ask) return el("li", {}, [words]);
    const button = el("button", { type: "button", className: "answer", data: { ask: ask.join(" ") } }, [words]);
    button.addEventListener("click", () => kit.act(() => run(ask)));
    return el("li", {}, [button]);
  }

  const links = (key, ids, command) => (ids && ids.length
    ? [el("li", {}, [text(key)]), ...ids.map((id) => line(id, [...command, id]))] : []);

  const SHOWN = {
    "output-rule-search": (out) => out.results.map((r) => line(text("ref-found", {
      title: [r.number, r.title].filter((x) => x).join(" "), text: r.text }),
      r.kind === "rule" ? ["rule", "show", r.id] : r.kind === "keyword" ? ["keyword", "show", r.id] : null)),
    "output-card-list": (out) => out.cards.map((c) => line(text("ref-card", { name: c.name, deck: deckName(c.deck) }),
                                                          ["card", "show", c.id])),
    "output-card": (c) => [line(text("ref-card", { name: c.name, deck: deckName(c.deck) })), line(c.effect || ""),
                           ...links("ref-keywords", c.keywords, ["keyword", "show"])],
    "output-rule": (r) => [line(`${r.number} ${r.title}`), line(r.text), ...links("ref-related", r.related, ["rule", "show"]),
                           ...links("ref-errata-of", r.errata, ["errata"])],
    "output-keyword": (k) => [line(text("ref-found", { title: k.term, text: k.definition })), ...links("ref-rules-of", k.rules, ["rule", "show"])],
    "output-errata": (out) => out.errata.flatMap((e) => [
      line(e.title, out.errata.length > 1 ? ["errata", e.id] : null),
      ...(out.errata.length > 1 ? [] : [line(text("ref-ruling", { ruling: e.ruling || "" })),
                                        ...links("ref-rules-of", e.rules, ["rule", "show"])])]),
  };

  function deckName(id) { return (state.facts.decks.find((d) => d.id === id) || { name: id }).name; }

  async function run(args) {
    const output = said(await api(args));
    if (output === null) return;
    const shown = SHOWN[output.schema.split("/")[0]];
    show(shown ? shown(output) : []);
    $("ref-lines").dataset.schema = output.schema;
  }

  async function cards() {
    // the cards the filters keep; a name the filters find no card by is looked up as card show does (any language,
    // misspelt or not)
    const query = $("ref-query").value.trim();
    const args = ["card", "list"];
    if ($("ref-deck").value) args.push("--deck", $("ref-deck").value);
    if ($("ref-rank").value) args.push("--rank", $("ref-rank").value);
    if (query) args.push("--text", query);
    const output = said(await api(args));
    if (output === null) return;
    if (!output.cards.length && query) return run(["card", "show", query]);
    show(SHOWN["output-card-list"](output));
    $("ref-lines").dataset.schema = output.schema;
  }

  const ASKS = {
    ask: () => run(["ask", $("ref-query").value.trim() || "?"]),
    cards,
    rule: () => run(["rule", "show", $("ref-query").value.trim()]),
    keyword: () => run(["keyword", "show", $("ref-query").value.trim()]),
    errata: () => run(["errata", ...($("ref-query").value.trim() ? [$("ref-query").value.trim()] : [])]),
  };

  function setUp() {
    // the filters' choices, in the page's language
    const options = (select, list) => {
      const chosen = select.value;
      select.replaceChildren(new Option(text("ref-any"), "", false, chosen === ""),
                             ...list.map((x) => new Option(x.name, x.id, false, x.id === chosen)));
    };
    options($("ref-deck"), state.facts.decks);
    options($("ref-rank"), state.facts.piece_ranks);
  }

  return { setUp, kinds: Object.keys(ASKS), ask: (kind) => ASKS[kind]() };
}
