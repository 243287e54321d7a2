// The page's words come from the server's catalogs (src/landlords/i18n/<lang>/*.toml): never
// written here. t("web.join") -> the text; {name} placeholders are filled from params.

const LANGS = ["en", "ru", "pl"];
/** @type {Record<string, string>} */
let words = {};
let current = "en";
/** @type {string | null} the table's variant (odessa, businesspoly): its own keys are read first */
let variant = null;

/** A variant's own words first from now on (odessa.ui.in_jail: "at the exchange"); null: the classic game's.
 * @param {string | null} code */
export function setVariant(code) {
  variant = code;
}

/** @returns {string} the language saved, else the browser's first one the catalogs have, else English */
export function pickLang() {
  const saved = localStorage.getItem("landlords.lang");
  if (saved !== null && LANGS.includes(saved)) return saved;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const code = (l || "").slice(0, 2).toLowerCase();
    if (LANGS.includes(code)) return code;
  }
  return "en";
}

/**
 * @param {string} code a language
 * @returns {Promise<Record<string, string>>}
 */
export async function loadWords(code) {
  const r = await fetch(`/api/web/words/${code}`);
  words = await r.json();
  current = code;
  document.documentElement.lang = code;
  localStorage.setItem("landlords.lang", code);
  return words;
}

export function lang() {
  return current;
}

/** @param {string} key */
export function has(key) {
  return key in words;
}

// A catalog's verb by person ({who:v:gives|give}, i18n/grammar.py) takes its third-person form: the
// page names players, never the person addressed; a count ({n:p:house|houses}, one|few|many in Russian
// and Polish) is the number and its noun in the form the language's plural rule gives it; any other
// format spec stands for the value.
/**
 * @param {string} key
 * @param {Record<string, unknown>} [params]
 * @returns {string}
 */
export function t(key, params = {}) {
  const text = (variant && words[`${variant}.${key}`]) ?? words[key];
  if (text === undefined) return key;
  return text.replace(/\{(\w+)(?::([^}]*))?\}/g, (/** @type {string} */ m, /** @type {string} */ name, /** @type {string | undefined} */ spec) => {
    if (!(name in params)) return m;
    if (spec && spec.startsWith("v:")) return spec.slice(2).split("|")[0];
    if (spec && spec.startsWith("p:")) return `${params[name]} ${pluralForm(Number(params[name]), spec.slice(2).split("|"))}`;
    return String(params[name]);
  });
}

/**
 * The form of a count's noun: "one|other" (English) or "one|few|many" (Russian, Polish), as in
 * i18n.plural in Python (CLDR rules, here from the browser's Intl.PluralRules).
 * @param {number} n
 * @param {string[]} forms
 * @returns {string}
 */
function pluralForm(n, forms) {
  const category = new Intl.PluralRules(current).select(n);
  if (forms.length < 3) return category === "one" ? forms[0] : forms[forms.length - 1];
  return forms[category === "one" ? 0 : category === "few" ? 1 : 2];
}

// the language menu every page has in its header
/** @param {(lang: string) => unknown} onChange */
export function langPicker(onChange) {
  const sel = document.createElement("select");
  sel.id = "lang";
  sel.setAttribute("aria-label", "Language / Язык / Język");
  for (const [code, name] of [["en", "English"], ["ru", "Русский"], ["pl", "Polski"]]) {
    const o = document.createElement("option");
    o.value = code;
    o.textContent = name;
    o.selected = code === current;
    sel.append(o);
  }
  sel.addEventListener("change", async () => {
    await loadWords(sel.value);
    onChange(sel.value);
  });
  return sel;
}
