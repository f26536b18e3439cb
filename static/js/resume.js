/* Mischia's instant resume: the saved table on screen before Python starts.
 *
 * A classic script at the end of <body> (no inline JavaScript: the page's
 * CSP allows only its own files), so it runs while the page is parsed and
 * the first paint already shows the encounter. It reads what the Python app
 * saved in localStorage (py/mischia_ui/store.py documents the keys;
 * py/mischia/encounter.py the encounter):
 *
 *   mischia.settings          → the theme (no light flash in dark mode)
 *   mischia.index → current   → mischia.enc.<id>: name, round, whose turn,
 *                               the order, hit points, conditions
 *   mischia.resume            → the words in the user's language, written by
 *                               py/mischia_ui/start.py (English without it)
 *
 * and draws the fight screen's layout with createElement/textContent only:
 * nothing from storage is ever parsed as markup. The view is inert (no
 * control can be used), with a small "loading the rules" note; the Python
 * app replaces everything in #app when it is ready. Anything unexpected in
 * storage means no preview: the normal loading state stays.
 */
(function () {
  "use strict";

  var MAX_SHOWN = 200;
  var ENGLISH = {
    lang: "en",
    loading: "Loading the rules…",
    encounter: "Encounter",
    round: "Round {n} · {name}'s turn",
    surprise: "Surprise round · {name}'s turn",
    setup: "Setting up: add combatants, roll initiative, then start the fight.",
    hp: "HP {current}/{max}",
    temp: "+{temp} temp",
    screens: "Screens",
    tabs: { fight: "Fight", resolve: "Resolve", roster: "Roster", settings: "Settings" },
    sides: { party: "Party", foes: "Foes", other: "Other" },
    status: {},
    rulesets: {},
    conditions: {},
  };

  function read(key) {
    try {
      var raw = window.localStorage.getItem(key);
      return raw ? JSON.parse(raw) : null;
    } catch (error) {
      return null;
    }
  }

  function isObject(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value);
  }

  function text(value) {
    return typeof value === "string" ? value : typeof value === "number" && isFinite(value) ? String(value) : "";
  }

  function format(template, values) {
    return String(template).replace(/\{(\w+)\}/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? text(values[name]) : whole;
    });
  }

  function humanize(id) {
    var words = text(id).replace(/[_.]+/g, " ").trim();
    return words.charAt(0).toUpperCase() + words.slice(1);
  }

  function make(tag, className, content) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (content) node.textContent = content;
    return node;
  }

  function words() {
    var saved = read("mischia.resume");
    var out = {};
    for (var key in ENGLISH) out[key] = ENGLISH[key];
    if (!isObject(saved) || !isObject(saved.words)) return out;
    for (var name in saved.words) {
      if (!Object.prototype.hasOwnProperty.call(ENGLISH, name)) continue;
      var value = saved.words[name];
      if (typeof ENGLISH[name] === "string" ? typeof value === "string" : isObject(value)) out[name] = value;
    }
    return out;
  }

  function lookup(table, key, fallback) {
    return isObject(table) && typeof table[key] === "string" ? table[key] : fallback;
  }

  function applyTheme() {
    var settings = read("mischia.settings");
    var theme = isObject(settings) ? settings.theme : "";
    if (theme === "light" || theme === "dark") document.documentElement.setAttribute("data-theme", theme);
  }

  function savedEncounter() {
    var index = read("mischia.index");
    if (!isObject(index) || typeof index.current !== "string" || !index.current) return null;
    if (!Array.isArray(index.encounters)) return null;
    var listed = index.encounters.some(function (e) { return isObject(e) && e.id === index.current; });
    if (!listed) return null;
    var enc = read("mischia.enc." + index.current);
    if (!isObject(enc) || !Array.isArray(enc.combatants) || enc.combatants.length === 0) return null;
    return enc;
  }

  function orderOf(enc) {
    var byId = {};
    var all = enc.combatants.filter(function (c) {
      return isObject(c) && typeof c.id === "string" && typeof c.name === "string";
    });
    all.forEach(function (c) { byId[c.id] = c; });
    var order = Array.isArray(enc.order) ? enc.order.filter(function (id) { return byId[id]; }) : [];
    var seen = {};
    var out = [];
    order.concat(all.map(function (c) { return c.id; })).forEach(function (id) {
      if (!seen[id]) {
        seen[id] = true;
        out.push(byId[id]);
      }
    });
    return out;
  }

  function card(c, w, ruleset, isCurrent) {
    var side = c.side === "foes" || c.side === "other" ? c.side : "party";
    var classes = "combatant side-" + side + (isCurrent ? " current" : "");
    var hp = isObject(c.hp) ? c.hp : null;
    if (hp && typeof hp.status === "string" && hp.status !== "ok" && hp.status !== "staggered") classes += " down";
    var item = make("li", classes);
    if (isCurrent) item.setAttribute("aria-current", "step");
    var head = make("div", "c-head");
    head.appendChild(make("span", "turn-marker", isCurrent ? "▶" : ""));
    head.appendChild(make("span", "name", c.name));
    if (typeof c.initiative === "number") head.appendChild(make("span", "init resume-init", String(c.initiative)));
    item.appendChild(head);
    var meta = make("div", "c-meta");
    meta.appendChild(make("span", "side", lookup(w.sides, side, humanize(side))));
    if (hp && typeof hp.current === "number" && typeof hp.max === "number") {
      var hpText = format(w.hp, { current: hp.current, max: hp.max });
      if (typeof hp.temp === "number" && hp.temp > 0) hpText += " " + format(w.temp, { temp: hp.temp });
      meta.appendChild(make("span", "hp", hpText));
      if (typeof hp.status === "string" && hp.status !== "ok") {
        meta.appendChild(make("span", "badge status", lookup(w.status, hp.status, humanize(hp.status))));
      }
    }
    item.appendChild(meta);
    var conditions = Array.isArray(c.conditions) ? c.conditions.filter(isObject) : [];
    if (conditions.length) {
      var chips = make("ul", "chips");
      conditions.forEach(function (inst) {
        var label = lookup(ruleset, inst.id, humanize(inst.id));
        if (typeof inst.stage === "number" || typeof inst.stage === "string") label += " " + inst.stage;
        if (typeof inst.cause === "string" && inst.cause && inst.cause !== "start") label += " (" + inst.cause + ")";
        var chip = make("li");
        chip.appendChild(make("span", "chip resume-chip", label));
        chips.appendChild(chip);
      });
      item.appendChild(chips);
    }
    return item;
  }

  function render(app, enc, w) {
    var combatants = orderOf(enc);
    if (!combatants.length) return false;
    var ruleset = lookup(w.rulesets, enc.ruleset, "");
    var conditions = isObject(w.conditions) ? w.conditions[enc.ruleset] : null;
    var currentId = "";
    if ((enc.phase === "combat" || enc.phase === "surprise") && Array.isArray(enc.order)) {
      var turn = typeof enc.turn === "number" ? enc.turn : 0;
      currentId = typeof enc.order[turn] === "string" ? enc.order[turn] : "";
    }
    var current = combatants.filter(function (c) { return c.id === currentId; })[0];

    var note = make("p", "resume-note", w.loading);
    note.id = "boot-message"; // boot.js reports a failed start here
    note.setAttribute("role", "status");

    var section = make("section", "screen-fight resume-screen");
    var head = make("header", "fight-head");
    var title = make("div", "fight-title");
    var h2 = make("h2", "", text(enc.name) || w.encounter);
    h2.setAttribute("elementtiming", "mischia-resume"); // read by `make bench`
    title.appendChild(h2);
    if (ruleset) title.appendChild(make("p", "muted meta", ruleset));
    head.appendChild(title);
    section.appendChild(head);
    var status = "";
    if (current && enc.phase === "combat") status = format(w.round, { n: enc.round, name: current.name });
    else if (current && enc.phase === "surprise") status = format(w.surprise, { name: current.name });
    else if (enc.phase === "setup") status = w.setup;
    if (status) section.appendChild(make("p", "turn-status", status));
    var list = make("ol", "combatants");
    combatants.slice(0, MAX_SHOWN).forEach(function (c) {
      list.appendChild(card(c, w, conditions, c.id === currentId));
    });
    section.appendChild(list);

    var screen = make("div", "screen resume");
    screen.setAttribute("inert", "");
    screen.setAttribute("aria-hidden", "true");
    screen.appendChild(section);
    var tabs = make("nav", "tabs resume-tabs");
    tabs.setAttribute("inert", "");
    tabs.setAttribute("aria-label", w.screens);
    ["fight", "resolve", "roster", "settings"].forEach(function (name) {
      var button = make("button", "", lookup(w.tabs, name, humanize(name)));
      button.type = "button";
      button.disabled = true;
      button.setAttribute("aria-current", name === "fight" ? "page" : "false");
      tabs.appendChild(button);
    });
    app.replaceChildren(note, screen, tabs);
    return true;
  }

  try {
    applyTheme();
    if (/[?&]noresume\b/.test(location.search)) return;
    var app = document.getElementById("app");
    var enc = savedEncounter();
    if (!app || !enc || document.body.hasAttribute("data-ready")) return;
    var w = words();
    if (render(app, enc, w)) {
      if (typeof w.lang === "string" && /^[a-z]{2}$/.test(w.lang)) document.documentElement.lang = w.lang;
      document.body.setAttribute("data-resumed", "");
      performance.mark("mischia:resume");
    }
  } catch (error) {
    // a preview is a nicety: the app starts the same without it
  }
})();
