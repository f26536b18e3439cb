/* Mischia boot watcher (a separate file: the page has no inline JavaScript).
 *
 * - If Python fails to start, say so in words instead of a blank spinner.
 * - Once the Python UI has marked the page ready (body[data-ready]), register
 *   the service worker, so the first visit does not download the runtime
 *   twice (the worker precaches with revalidating requests).
 * - When a new version has taken over from an old one, show a small note.
 * - If Python was restored from a memory snapshot (static/js/pyodide-loader.mjs)
 *   and then failed to start, the snapshot is thrown away and the page
 *   reloads once, for a normal start.
 */

const body = document.body;
const message = document.getElementById("boot-message");

// The words shown before Python (which brings the gettext catalogues) runs,
// in the language the user chose (mischia.settings) or the browser's.
const WORDS = {
  en: {
    starting: "Starting Mischia…",
    hint: "The first visit downloads the Python engine (about 6 MB). After that Mischia works offline.",
    failed: "Mischia could not start: the Python engine failed to load. Check your connection and reload the page.",
    slow: "Still starting… this device or connection is slow. If nothing happens, reload the page.",
    offline: "Ready to work offline.",
    noOffline: "Offline use is not available: ",
    updated: "A new version of Mischia has been installed.",
    reload: "Reload",
  },
  it: {
    starting: "Avvio di Mischia…",
    hint: "La prima visita scarica il motore Python (circa 6 MB). Poi Mischia funziona anche offline.",
    failed: "Mischia non è riuscita ad avviarsi: il motore Python non si è caricato. Controlla la connessione e ricarica la pagina.",
    slow: "Avvio in corso… il dispositivo o la connessione sono lenti. Se non succede nulla, ricarica la pagina.",
    offline: "Pronta per funzionare offline.",
    noOffline: "L'uso offline non è disponibile: ",
    updated: "È stata installata una nuova versione di Mischia.",
    reload: "Ricarica",
  },
  pl: {
    starting: "Uruchamianie Mischii…",
    hint: "Przy pierwszej wizycie pobierany jest silnik Pythona (około 6 MB). Potem Mischia działa bez internetu.",
    failed: "Nie udało się uruchomić Mischii: silnik Pythona się nie wczytał. Sprawdź połączenie i odśwież stronę.",
    slow: "Wciąż się uruchamia… to urządzenie lub połączenie jest wolne. Jeśli nic się nie dzieje, odśwież stronę.",
    offline: "Gotowa do pracy bez internetu.",
    noOffline: "Praca bez internetu jest niedostępna: ",
    updated: "Zainstalowano nową wersję Mischii.",
    reload: "Odśwież",
  },
};

function bootLanguage() {
  let chosen = "";
  try {
    const settings = JSON.parse(localStorage.getItem("mischia.settings") || "{}");
    chosen = typeof settings.lang === "string" ? settings.lang : "";
  } catch {
    // unreadable settings: follow the browser
  }
  const wanted = [chosen, ...(navigator.languages || []), navigator.language || ""];
  for (const lang of wanted) {
    const code = String(lang || "").slice(0, 2).toLowerCase();
    if (WORDS[code]) return code;
  }
  return "en";
}

const words = WORDS[bootLanguage()];
// (resume.js may already show the saved table with its own words: keep them)
if (message && !body.hasAttribute("data-boot-failed") && !body.hasAttribute("data-resumed")) {
  message.textContent = words.starting;
}
const hint = document.getElementById("boot-hint");
if (hint) hint.textContent = words.hint;
const updateText = document.getElementById("update-text");
if (updateText) updateText.textContent = words.updated;
const reloadLabel = document.getElementById("reload-button");
if (reloadLabel) reloadLabel.textContent = words.reload;
const SLOW_MS = 60000;

const isReady = () => body.hasAttribute("data-ready");

const RETRIED = "mischia.boot.retried";

function retryWithoutSnapshot(reason) {
  if (document.documentElement.dataset.boot !== "snapshot") return false;
  try {
    if (sessionStorage.getItem(RETRIED)) return false;
    sessionStorage.setItem(RETRIED, "1");
  } catch {
    return false;
  }
  const html = document.documentElement;
  import("./snapshot-store.mjs")
    .then((snapshots) => {
      snapshots.noteFailure(snapshots.keyFor(html.dataset.runtime || "", html.dataset.app || ""), reason);
      return snapshots.clear();
    })
    .finally(() => location.reload());
  return true;
}

// A failure reported by Python itself (py/mischia_ui/start.py) or by fail().
new MutationObserver(() => {
  if (body.hasAttribute("data-boot-failed") && !isReady()) {
    const detail = document.querySelector(".boot-detail");
    const text = (message && message.textContent) || "";
    retryWithoutSnapshot(detail ? detail.textContent : text);
  }
}).observe(body, { attributes: true, attributeFilter: ["data-boot-failed"] });

function fail(reason) {
  if (isReady() || body.hasAttribute("data-boot-failed")) return;
  body.setAttribute("data-boot-failed", "");
  if (message) {
    message.textContent = words.failed;
    const detail = document.createElement("p");
    detail.className = "boot-detail";
    detail.textContent = String(reason || "unknown error").slice(0, 500);
    message.after(detail);
  }
}

function describe(value) {
  if (!value) return "";
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  return String(value.message || value);
}

// Start-up failures: an unhandled rejection or error before the page is ready
// (e.g. the interpreter's wasm could not be fetched or compiled).
addEventListener("unhandledrejection", (event) => fail(describe(event.reason)));
addEventListener("error", (event) => {
  const target = event.target;
  if (target && target !== window) {
    // a resource failed to load: only our scripts matter for start-up
    if (target.tagName === "SCRIPT") fail(`could not load ${target.src}`);
    return;
  }
  fail(describe(event.error) || event.message);
}, true);

// A runtime or app file could not be fetched (HTTP error or no network).
// Pyodide itself only warns in the console and then waits forever when its
// wasm cannot be fetched, so watch the fetches that start-up depends on.
const NEEDED = /\/static\/vendor\/|\/py\/|\/pyscript\.toml$/;
const originalFetch = window.fetch;
window.fetch = function (resource, options) {
  const url = new URL(resource instanceof Request ? resource.url : String(resource), location.href);
  const needed = !isReady() && url.origin === location.origin && NEEDED.test(url.pathname);
  const result = originalFetch.call(this, resource, options);
  if (!needed) return result;
  return result.then(
    (response) => {
      if (!response.ok) fail(`could not load ${url.pathname} (HTTP ${response.status})`);
      return response;
    },
    (error) => {
      fail(`could not load ${url.pathname} (${describe(error)})`);
      throw error;
    },
  );
};

// PyScript's core module itself failed to load.
const core = document.querySelector('script[src$="pyscript/core.js"]');
if (core) core.addEventListener("error", () => fail("could not load the PyScript runtime"));

const slowTimer = setTimeout(() => {
  if (!isReady() && !body.hasAttribute("data-boot-failed") && message) {
    message.textContent = words.slow;
  }
}, SLOW_MS);

whenReady(() => {
  try {
    sessionStorage.removeItem(RETRIED);
  } catch {
    // no session storage: nothing to forget
  }
});

function whenReady(callback) {
  if (isReady()) return callback();
  const observer = new MutationObserver(() => {
    if (isReady()) {
      observer.disconnect();
      callback();
    }
  });
  observer.observe(body, { attributes: true, attributeFilter: ["data-ready"] });
}

// Service worker: the update note, then registration once Python is up.
const offlineStatus = document.getElementById("offline-status");
const updateNote = document.getElementById("update-note");
const reloadButton = document.getElementById("reload-button");
if (reloadButton) reloadButton.addEventListener("click", () => location.reload());

if ("serviceWorker" in navigator) {
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) {
      body.setAttribute("data-updated", "");
      if (updateNote) updateNote.hidden = false;
    }
    markOffline();
  });
  whenReady(() => {
    clearTimeout(slowTimer);
    navigator.serviceWorker
      .register("./sw.js")
      .then(() => navigator.serviceWorker.ready)
      .then(markOffline)
      .catch((error) => {
        if (offlineStatus) offlineStatus.textContent = words.noOffline + describe(error);
      });
  });
} else {
  whenReady(() => clearTimeout(slowTimer));
}

function markOffline() {
  if (!navigator.serviceWorker.controller) return;
  body.setAttribute("data-offline-ready", "");
  if (offlineStatus) offlineStatus.textContent = words.offline;
}
