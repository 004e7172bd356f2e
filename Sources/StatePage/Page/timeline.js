// statedbg timeline page. Plain JavaScript, no framework, no build step.
//
// Data: the script element "timeline-data" (type application/json) holds the recording as
// keyframes and patches (see TimelineData.swift). `Timeline` rebuilds the state of any step from the
// keyframe or idle-time checkpoint before it; `Page` draws the panes (the step list and the state
// tree draw only the rows in view). Every recorded string reaches the document through
// `textContent` (or an SVG text node), never as markup, and control and bidirectional characters are
// shown as escapes such as \u{202E}.
//
// Live (the data is {"format":"statedbg-live"}): the page takes a bridge (`window.statedbgBridge`, which
// an app's web view defines, or `HTTPBridge` to the statedbg that served it), receives the app's journal
// lines through it (`LiveFeed`), appends each step to the timeline at once and sends the person's travel
// commands back through it.
"use strict";

// ---------------------------------------------------------------- text

// Characters that would hide or reorder text: C0/C1 controls, bidi embeddings, overrides and
// isolates, zero-width characters, line and paragraph separators. The set of TextControls'
// EscapedCharacters, which every other output escapes; a test keeps the two equal.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/gu;
const NAMED = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** Text with invisible characters spelled out: "a\u{202E}b" shows as a\u{202E}b. */
function visible(text) {
  return String(text).replace(INVISIBLE, (c) => NAMED[c] || "\\u{" + c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0") + "}");
}

/** A string as a quoted literal, escapes visible. */
function quoted(text) {
  return '"' + visible(String(text).replace(/\\/g, "\\\\").replace(/"/g, '\\"')) + '"';
}

/** Compares strings by Unicode scalars, as statedbg orders object keys. */
function byScalars(a, b) {
  if (a === b) return 0;
  const x = Array.from(a), y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/**
 * A number whose JSON text says more than a JavaScript number keeps: 1.0 (a Swift Double), an integer
 * past 2^53. It keeps its text for display and its value for charts.
 */
class ExactNumber {
  constructor(text) { this.text = text; this.value = Number(text); }
}

/** The number a value holds, or undefined. */
function numberOf(value) {
  return typeof value === "number" ? value : value instanceof ExactNumber ? value.value : undefined;
}

/** JSON.parse keeping each number's text where JavaScript would change it (needs JSON.parse source text access). */
function parseJSON(text) {
  if (!/\d\.\d*0[,\]}]|\d[eE]|\d{16}/.test(text)) return JSON.parse(text);
  return JSON.parse(text, (key, value, context) =>
    typeof value === "number" && context && context.source !== undefined && context.source !== String(value)
      ? new ExactNumber(context.source) : value);
}

const own = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
const isContainer = (value) => value !== null && typeof value === "object" && !(value instanceof ExactNumber);
const isObject = (value) => isContainer(value) && !Array.isArray(value);
const keysOf = (object) => Object.keys(object).sort(byScalars);

/** Canonical JSON (keys by scalars), indented, with invisible characters as \u escapes: still valid JSON. */
function canonicalJSON(value, indent = "") {
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const inner = indent + "  ";
    return "[\n" + value.map((v) => inner + canonicalJSON(v, inner)).join(",\n") + "\n" + indent + "]";
  }
  if (isObject(value)) {
    const keys = keysOf(value);
    if (keys.length === 0) return "{}";
    const inner = indent + "  ";
    return "{\n" + keys.map((k) => inner + jsonString(k) + ": " + canonicalJSON(value[k], inner)).join(",\n") + "\n" + indent + "}";
  }
  if (value instanceof ExactNumber) return value.text;
  return typeof value === "string" ? jsonString(value) : JSON.stringify(value);
}

function jsonString(text) {
  return JSON.stringify(text).replace(INVISIBLE, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}

/** One line of JSON for a value in the diff. */
function compactJSON(value) {
  return canonicalJSON(value).replace(/\n\s*/g, " ");
}

// ---------------------------------------------------------------- paths

/** RFC 6901 pointer "/users/3/age" to tokens ["users", "3", "age"]. */
function pointerTokens(pointer) {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function pointerOf(tokens) {
  return tokens.map((t) => "/" + String(t).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

/** Tokens as a statedbg path: .users[3].age, .["odd key"]. */
function displayPath(tokens, container) {
  if (tokens.length === 0) return ".";
  let text = "";
  let node = container;
  for (const token of tokens) {
    if (Array.isArray(node) && /^\d+$/.test(token)) text += "[" + token + "]";
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(token)) text += "." + token;
    else text += "." + "[" + quoted(token) + "]";
    node = node !== undefined && isContainer(node) && own(node, token) ? node[token] : undefined;
  }
  return text;
}

function valueAt(root, tokens) {
  let node = root;
  for (const token of tokens) {
    if (!isContainer(node) || !own(node, token)) return undefined;
    node = node[token];
  }
  return node;
}

// ---------------------------------------------------------------- patches

/**
 * Applies RFC 6902 operations without touching `root` or any value shared with other states: a node
 * is copied the first time this application writes into it (`owned` remembers the copies), so a
 * state costs only the nodes its patches reach.
 */
function applyPatch(root, operations, owned) {
  const copy = (node) => {
    if (owned.has(node)) return node;
    const fresh = Array.isArray(node) ? node.slice() : Object.assign(Object.create(null), node);
    owned.add(fresh);
    return fresh;
  };
  const container = (tokens) => {
    root = copy(root);
    let node = root;
    for (const token of tokens) {
      if (!isContainer(node) || !own(node, token)) throw new Error("no value at " + pointerOf(tokens));
      node[token] = copy(node[token]);
      node = node[token];
    }
    return node;
  };
  const put = (tokens, value, insert) => {
    if (tokens.length === 0) { root = value; return; }
    const parent = container(tokens.slice(0, -1));
    const key = tokens[tokens.length - 1];
    if (Array.isArray(parent)) {
      const index = key === "-" ? parent.length : Number(key);
      if (insert) parent.splice(index, 0, value); else parent[index] = value;
    } else parent[key] = value;
  };
  const take = (tokens) => {
    const parent = container(tokens.slice(0, -1));
    const key = tokens[tokens.length - 1];
    const value = parent[key];
    if (Array.isArray(parent)) parent.splice(Number(key), 1); else delete parent[key];
    return value;
  };
  for (const op of operations) {
    const path = pointerTokens(op.path);
    switch (op.op) {
      case "add": put(path, op.value, true); break;
      case "replace": put(path, op.value, false); break;
      case "remove": take(path); break;
      case "move": { const value = take(pointerTokens(op.from)); put(path, value, true); break; }
      case "copy": put(path, valueAt(root, pointerTokens(op.from)), true); break;
      case "test": break;
      default: throw new Error("unknown patch operation " + op.op);
    }
  }
  return root;
}

/** Whether two JSON values are equal (a number by its text when it keeps one). */
function sameJSON(a, b) {
  if (a === b) return true;
  if (a instanceof ExactNumber || b instanceof ExactNumber) return a instanceof ExactNumber && b instanceof ExactNumber && a.text === b.text;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJSON(v, b[i]));
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => own(b, k) && sameJSON(a[k], b[k]));
  }
  return false;
}

/**
 * An RFC 6902 patch from `a` to `b`: members removed, added or changed in place; array elements
 * compared by index, the longer array's tail added or removed. For a live keyframe, whose line holds
 * its state and no patch.
 */
function diffJSON(a, b, pointer = "", ops = []) {
  if (sameJSON(a, b)) return ops;
  const at = (key) => pointer + "/" + String(key).replace(/~/g, "~0").replace(/\//g, "~1");
  if (isObject(a) && isObject(b)) {
    for (const key of keysOf(a)) if (!own(b, key)) ops.push({ op: "remove", path: at(key) });
    for (const key of keysOf(b)) {
      if (!own(a, key)) ops.push({ op: "add", path: at(key), value: b[key] });
      else diffJSON(a[key], b[key], at(key), ops);
    }
  } else if (Array.isArray(a) && Array.isArray(b)) {
    const common = Math.min(a.length, b.length);
    for (let i = 0; i < common; i++) diffJSON(a[i], b[i], at(i), ops);
    for (let i = a.length - 1; i >= common; i--) ops.push({ op: "remove", path: at(i) });
    for (let i = common; i < b.length; i++) ops.push({ op: "add", path: at(i), value: b[i] });
  } else {
    ops.push({ op: "replace", path: pointer, value: b });
  }
  return ops;
}

/** Whether an operation may change the value at `tokens` (an array insertion or removal moves the elements after it). */
function touches(op, tokens) {
  const reaches = (pointer, structural) => {
    let path = pointerTokens(pointer);
    if (structural && path.length > 0 && /^(\d+|-)$/.test(path[path.length - 1])) path = path.slice(0, -1);
    const n = Math.min(path.length, tokens.length);
    for (let i = 0; i < n; i++) if (path[i] !== tokens[i]) return false;
    return true;
  };
  const structural = op.op !== "replace" && op.op !== "test";
  return reaches(op.path, structural) || (op.from !== undefined && reaches(op.from, op.op === "move"));
}

// ---------------------------------------------------------------- the timeline

/**
 * The steps of a recording and the states they lead to. Steps arrive through `append`, one object
 * per step in TimelineData's shape, so a live feed can add steps after the page has opened.
 */
class Timeline {
  constructor(document) {
    if (document.format !== "statedbg-timeline") throw new Error("this is not statedbg timeline data");
    if (document.version > 1) throw new Error("the timeline data is version " + document.version + "; this page reads version 1");
    this.recording = document.recording;
    this.window = document.window;
    this.dates = document.dates || [];  // paths whose numbers are Dates: keys, null for any element or key
    this.entries = [];       // by step - firstStep
    this.marks = new Map();  // step -> events that follow it
    this.types = new Set();
    this.cache = new Map();  // step -> state, most recently used last
    // step -> state every CHECKPOINT_INTERVAL steps, built in idle time after the page opens, so that a
    // jump replays at most that many patches rather than up to a keyframe interval's.
    this.checkpoints = new Map();
    this.checkpointed = null;  // {step, state, owned}: how far the checkpoint builder has come
    this.listeners = [];
    this.forkList = [];      // steps applied to a state other than the step before them
    for (const event of document.events || []) this.addEvent(event);
  }

  get firstStep() { return this.entries.length ? this.entries[0].step : 0; }
  get lastStep() { return this.firstStep + this.entries.length - 1; }
  entry(step) { return this.entries[step - this.firstStep]; }

  /** Adds the next step; the first one must carry its state. */
  append(entry) {
    if (this.entries.length === 0 ? entry.state === undefined && !entry.stateNotExported : entry.step !== this.lastStep + 1) {
      throw new Error("step " + entry.step + " does not follow step " + this.lastStep);
    }
    if (entry.state === undefined && !entry.stateNotExported && (entry.parent === undefined || !this.entry(entry.parent))) {
      throw new Error("step " + entry.step + " has neither a state nor a parent on the page");
    }
    if (entry.patch === undefined && entry.state !== undefined && entry.parent !== undefined && this.entry(entry.parent)) {
      // A live keyframe carries its state only: its diff is made when it is first shown.
      const timeline = this;
      let patch;
      Object.defineProperty(entry, "patch", {
        enumerable: true,
        get() { if (patch === undefined) patch = diffJSON(timeline.state(entry.parent), entry.state); return patch; },
      });
    }
    this.entries.push(entry);
    if (entry.parent !== undefined && entry.parent !== entry.step - 1) this.forkList.push(entry);
    if (entry.action) this.types.add(entry.action.type);
    for (const listener of this.listeners) listener(entry);
  }

  addEvent(event) {
    const list = this.marks.get(event.after) || [];
    list.push(event);
    this.marks.set(event.after, list);
  }

  /**
   * The state after `step`, from the nearest cached state or keyframe on its parent chain; undefined
   * when the recording does not hold it (`stateNotExported`) or it is rebuilt through a damaged line
   * (`damaged`, see `LiveFeed.intact`).
   */
  state(step) {
    const chain = [];
    let at = step;
    let base;
    for (;;) {
      if (this.cache.has(at)) { base = this.cache.get(at); break; }
      if (this.checkpoints.has(at)) { base = this.checkpoints.get(at); break; }
      const entry = this.entry(at);
      if (!entry) throw new Error("step " + at + " is not on this page");
      if (entry.stateNotExported || entry.damaged) return undefined;
      if (entry.state !== undefined) { base = entry.state; break; }
      chain.push(entry);
      at = entry.parent;
    }
    const owned = new WeakSet();
    let state = base;
    for (let i = chain.length - 1; i >= 0; i--) state = applyPatch(state, chain[i].patch, owned);
    this.remember(step, state);
    return state;
  }

  /**
   * Builds checkpoints forward from where it stopped until `hasTime()` says stop; returns whether steps
   * remain. Between two checkpoints the state is patched in place (its nodes are this run's own copies),
   * so a checkpoint costs the nodes its patches reach, not a whole state.
   */
  buildCheckpoints(hasTime) {
    let done = this.checkpointed;
    let step = done ? done.step + 1 : this.firstStep;
    while (step <= this.lastStep) {
      const entry = this.entry(step);
      if (entry.state !== undefined || entry.stateNotExported || entry.damaged) {
        done = { step, state: entry.state, owned: new WeakSet() };
      } else if (done && done.state !== undefined && entry.parent === done.step) {
        done = { step, state: applyPatch(done.state, entry.patch, done.owned), owned: done.owned };
      } else {
        done = { step, state: this.state(step), owned: new WeakSet() };  // a branch: from its parent
      }
      if ((step - this.firstStep) % CHECKPOINT_INTERVAL === 0 && done.state !== undefined && entry.state === undefined) {
        this.checkpoints.set(step, done.state);
        done.owned = new WeakSet();  // the checkpoint is kept as it is: later patches copy before writing
      }
      this.checkpointed = done;
      step++;
      if ((step & 63) === 0 && !hasTime()) break;
    }
    return step <= this.lastStep;
  }

  /** Why `state(step)` is undefined: the recording does not hold it, or a damaged line is on its parent chain. */
  whyNoState(step) {
    for (let at = step, entry = this.entry(at); entry && entry.state === undefined; at = entry.parent, entry = this.entry(at)) {
      if (entry.damaged) {
        return (at === step ? "This step's state cannot be read: " : "This step's state cannot be read: it is rebuilt through step " + at + ", whose line is damaged. ")
          + visible(entry.damaged);
      }
      if (entry.stateNotExported || entry.parent === undefined) break;
    }
    return NOT_EXPORTED;
  }

  remember(step, state) {
    this.cache.delete(step);
    this.cache.set(step, state);
    if (this.cache.size > 64) this.cache.delete(this.cache.keys().next().value);
  }

  /** Branches: steps applied to a state other than the step before them. */
  forks() {
    return this.forkList;
  }

  /** The value at `tokens` after every step, reusing the parent's value when a patch cannot reach it. */
  series(tokens, known = []) {
    const values = known.slice();
    values.length = this.entries.length;
    for (let i = known.length; i < this.entries.length; i++) {
      const entry = this.entries[i];
      const parentIndex = entry.parent === undefined ? -1 : entry.parent - this.firstStep;
      if (entry.state === undefined && !entry.damaged && parentIndex >= 0 && !entry.patch.some((op) => touches(op, tokens))) {
        values[i] = values[parentIndex];
      } else {
        values[i] = valueAt(entry.state !== undefined ? entry.state : this.state(entry.step), tokens);
      }
    }
    return values;
  }
}

// ---------------------------------------------------------------- the page

const $ = (id) => document.getElementById(id);

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function timeText(ms) {
  if (!ms) return "";
  return new Date(ms).toISOString().replace("T", " ").replace("Z", "");
}

const ROW_HEIGHT = 38;
const TREE_ROW_HEIGHT = 20;
const HASH_BURST = 150;
const NOT_EXPORTED = "This step's state was not exported: a Redux DevTools Export file holds the actions and the state before them only. "
  + "A statedbg that registers the app computes the states (statedbg view then shows them).";
const CHECKPOINT_INTERVAL = 128;
const CHILDREN_SHOWN = 100;

class Page {
  constructor(timeline, live = null) {
    this.timeline = timeline;
    this.live = live;                  // the LiveFeed of a live page, else null
    this.following = live !== null;    // a live page shows each new step until the person moves
    this.filteredCount = 0;            // entries the list has looked at (a live page filters what arrives)
    this.refreshScheduled = false;
    this.current = timeline.lastStep;
    this.listed = [];                  // the steps the filters let through
    this.expanded = new Set([""]);     // pointers of tree nodes the reader opened
    this.closed = new Set();           // pointers of tree nodes the reader closed
    this.showAll = new Set();          // pointers of containers showing every child
    this.chartTokens = null;
    this.chartValues = null;
    this.rawShown = false;
    this.metrics = { openMs: 0, jumps: [], refreshes: [] };
    this.checkpointsScheduled = false;
  }

  /** Builds the timeline's checkpoints a few milliseconds at a time while the browser is idle. */
  scheduleCheckpoints() {
    if (this.checkpointsScheduled) return;
    this.checkpointsScheduled = true;
    const later = window.requestIdleCallback || ((work) => setTimeout(() => work({ timeRemaining: () => 8 }), 1));
    const work = (deadline) => {
      const more = this.timeline.buildCheckpoints(() => deadline.timeRemaining() > 2);
      if (more) later(work); else this.checkpointsScheduled = false;
    };
    later(work);
  }

  start() {
    const t = this.timeline;
    $("recording-name").textContent = visible(t.recording.name);
    document.title = "statedbg · " + visible(t.recording.name);
    const types = [...t.types].sort(byScalars);
    for (const type of types) $("filter-type").append(element("option", "", visible(type)));
    [...$("filter-type").options].forEach((o, i) => { if (i > 0) o.value = types[i - 1]; });
    $("filter-text").addEventListener("input", () => this.filter());
    $("filter-type").addEventListener("change", () => this.filter());
    $("slider").addEventListener("input", () => this.go(Number($("slider").value)));
    $("first").addEventListener("click", () => this.move("first"));
    $("previous").addEventListener("click", () => this.move(-1));
    $("next").addEventListener("click", () => this.move(1));
    $("last").addEventListener("click", () => this.move("last"));
    $("show-tree").addEventListener("click", () => this.showRaw(false));
    $("show-raw").addEventListener("click", () => this.showRaw(true));
    $("action-list").addEventListener("scroll", () => this.drawRows());
    document.addEventListener("keydown", (event) => this.key(event));
    window.addEventListener("hashchange", () => { const s = this.stepInHash(); if (s !== null && s !== this.current) this.go(s); });
    window.addEventListener("resize", () => this.drawRows());
    this.listen(t);
    $("state-tree").addEventListener("click", (event) => this.treeClick(event));
    $("state-tree").addEventListener("scroll", () => this.drawTreeRows());
    window.addEventListener("resize", () => this.drawTreeRows());
    this.grew();
    this.filter();
    const asked = this.stepInHash();
    this.go(asked !== null ? asked : t.lastStep);
    this.scrollToCurrent();
    this.scheduleCheckpoints();
  }

  /** Steps arriving in `timeline` redraw the page once per frame, however many came. */
  listen(timeline) {
    timeline.listeners.push(() => this.scheduleRefresh());
  }

  scheduleRefresh() {
    if (this.refreshScheduled) return;
    this.refreshScheduled = true;
    const run = () => { if (this.refreshScheduled) this.refresh(); };
    // A hidden tab gets no animation frames: the timer then draws.
    if (window.requestAnimationFrame) requestAnimationFrame(run);
    setTimeout(run, 100);
  }

  /** Draws what arrived: the list, the slider, the summary; the newest step when following. */
  refresh() {
    const started = performance.now();
    this.refreshScheduled = false;
    const t = this.timeline;
    t.recording.lastStep = Math.max(t.recording.lastStep, t.lastStep);
    if (t.types.size !== this.typesShown) this.listTypes();
    if (t.forkList.length !== this.forksShown) this.drawBranches();
    this.grew();
    this.filter(true);
    if (this.following) {
      this.go(t.lastStep, true);
      this.scrollToCurrent();
    } else {
      $("position").textContent = "step " + this.current + " of " + t.firstStep + "–" + t.lastStep;
    }
    if (this.chartValues && this.chartValues.length < t.entries.length) this.growChart();
    this.scheduleCheckpoints();
    void document.body.offsetHeight;
    this.metrics.refreshes.push(performance.now() - started);
    if (this.live) this.live.arrived(t.lastStep);
  }

  /** The action types in the filter's menu, keeping the one chosen. */
  listTypes() {
    const menu = $("filter-type");
    const chosen = menu.value;
    const types = [...this.timeline.types].sort(byScalars);
    menu.replaceChildren(element("option", "", "all action types"));
    menu.options[0].value = "";
    for (const type of types) {
      const option = element("option", "", visible(type));
      option.value = type;
      menu.append(option);
    }
    menu.value = types.includes(chosen) ? chosen : "";
    this.typesShown = types.length;
  }

  /** Shows another timeline (a live app whose journal started again). */
  replaceTimeline(timeline) {
    this.timeline = timeline;
    this.listed = [];
    this.filteredCount = 0;
    this.typesShown = -1;
    this.chartTokens = null;
    this.chartValues = null;
    this.listen(timeline);
    window.statedbgTimeline.timeline = timeline;
    this.following = true;
    this.refresh();
  }

  /** The step in `#step=N`, when it names one on this page. */
  stepInHash() {
    const match = /^#step=(-?\d+)$/.exec(location.hash);
    if (!match) return null;
    const step = Number(match[1]);
    return step >= this.timeline.firstStep && step <= this.timeline.lastStep ? step : null;
  }

  /** Called when steps arrive: the slider, summary and branches follow. */
  grew() {
    const t = this.timeline;
    $("slider").min = t.firstStep;
    $("slider").max = t.lastStep;
    const total = t.recording.lastStep - t.recording.firstStep;
    const shown = t.lastStep - t.firstStep;
    $("summary").textContent = visible(t.recording.app) + " · " + shown + " step" + (shown === 1 ? "" : "s")
      + (shown < total ? " of " + total + " (steps " + t.firstStep + "–" + t.lastStep + ")" : "")
      + " · " + t.recording.source;
    if (!this.live) this.drawBranches();
  }

  /**
   * Lists the steps the filters let through. `incremental` (steps arrived, the filters unchanged) looks
   * at the new steps only, unless a text filter may match marks that arrived for earlier ones.
   */
  filter(incremental = false) {
    const text = $("filter-text").value.trim().toLowerCase();
    const type = $("filter-type").value;
    const t = this.timeline;
    const key = text + "\u0000" + type;
    let start = 0;
    if (incremental && this.filterKey === key && !(text && this.live && this.live.marksChanged)) start = this.filteredCount;
    else this.listed = [];
    if (this.live) this.live.marksChanged = false;
    this.filterKey = key;
    this.filteredCount = t.entries.length;
    for (let i = start; i < t.entries.length; i++) {
      const entry = t.entries[i];
      const action = entry.action;
      if (type && (!action || action.type !== type)) continue;
      if (text) {
        const marks = (t.marks.get(entry.step) || []).map((e) => e.name || e.validator || e.command || "").join(" ");
        const haystack = [String(entry.step), action ? action.label : entry.damaged ? "damaged line" : "initial state", action ? action.type : "", action && action.site || "", marks].join("\n").toLowerCase();
        if (!haystack.includes(text)) continue;
      }
      this.listed.push(entry.step);
    }
    $("action-spacer").style.height = this.listed.length * ROW_HEIGHT + "px";
    this.drawRows();
  }

  drawRows() {
    const list = $("action-list");
    const spacer = $("action-spacer");
    const from = Math.max(0, Math.floor(list.scrollTop / ROW_HEIGHT) - 5);
    const to = Math.min(this.listed.length, from + Math.ceil(list.clientHeight / ROW_HEIGHT) + 10);
    spacer.replaceChildren();
    for (let i = from; i < to; i++) spacer.append(this.row(this.listed[i], i));
  }

  row(step, index) {
    const t = this.timeline;
    const entry = t.entry(step);
    const appHere = this.live !== null && step === this.live.appStep;
    const row = element("div", "row" + (step === this.current ? " current" : "") + (appHere ? " app-step" : ""));
    row.style.top = index * ROW_HEIGHT + "px";
    row.dataset.step = step;
    row.setAttribute("role", "option");
    row.append(element("span", "step", String(step)));
    row.append(element("span", "label", entry.action ? visible(entry.action.label) : entry.damaged ? "(damaged line)" : "initial state"));
    const meta = element("span", "meta");
    const parts = [];
    if (entry.time) parts.push(timeText(entry.time));
    if (entry.action && entry.action.site) parts.push(visible(entry.action.site));
    meta.textContent = parts.join("  ");
    if (entry.action && entry.action.replayable === false) meta.prepend(element("span", "badge warning", "not replayable"));
    if (entry.stateNotExported) meta.prepend(element("span", "badge warning", "state not exported"));
    if (entry.damaged) meta.prepend(element("span", "badge warning", "damaged line"));
    if (entry.parent !== undefined && entry.parent !== step - 1) meta.prepend(element("span", "badge", "↳ from step " + entry.parent));
    for (const event of t.marks.get(step) || []) meta.prepend(this.badge(event));
    if (appHere) meta.prepend(element("span", "badge app", "● the app is here"));
    row.append(meta);
    row.addEventListener("click", () => this.go(step));
    return row;
  }

  badge(event) {
    switch (event.event) {
      case "marker": return element("span", "badge", "⚑ " + visible(event.name));
      case "rejected": return element("span", "badge warning", "✗ rejected by " + visible(event.validator) + ": " + visible(event.reason));
      case "commandError": return element("span", "badge warning", "⚠ " + visible(event.command) + ": " + visible(event.error));
      case "travel": return element("span", "badge", "↶ " + visible(event.travel) + " to step " + event.to);
      default: return element("span", "badge", visible(event.event));
    }
  }

  drawBranches() {
    const forks = this.timeline.forks();
    this.forksShown = forks.length;
    const box = $("branches");
    box.replaceChildren();
    if (forks.length === 0) return;
    box.append(element("h2", "", "Branches"));
    const list = element("ul");
    for (const entry of forks) {
      const item = element("li", "", "step " + entry.step + " parts from step " + entry.parent + ": ");
      const back = element("span", "link", "go to step " + entry.parent);
      back.addEventListener("click", () => this.go(entry.parent));
      const on = element("span", "link", "go to step " + entry.step);
      on.addEventListener("click", () => this.go(entry.step));
      item.append(back, " · ", on);
      list.append(item);
    }
    box.append(list);
  }

  key(event) {
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1, Home: "first", End: "last" };
    if (!(event.key in moves)) return;
    event.preventDefault();
    this.move(moves[event.key]);
  }

  /** Moves among the listed steps: -1, 1, "first" or "last". */
  move(how) {
    const listed = this.listed;
    if (listed.length === 0) return;
    let target;
    if (how === "first") target = listed[0];
    else if (how === "last") target = listed[listed.length - 1];
    else {
      // the first listed step after (or before) the current one
      let low = 0, high = listed.length;
      while (low < high) { const mid = (low + high) >> 1; if (listed[mid] < this.current) low = mid + 1; else high = mid; }
      const index = how > 0 ? (listed[low] === this.current ? low + 1 : low) : low - 1;
      target = listed[Math.max(0, Math.min(listed.length - 1, index))];
    }
    this.go(target);
    this.scrollToCurrent();
  }

  scrollToCurrent() {
    const index = this.listed.indexOf(this.current);
    if (index < 0) return;
    const list = $("action-list");
    const top = index * ROW_HEIGHT;
    if (top < list.scrollTop || top + ROW_HEIGHT > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
    this.drawRows();
  }

  /**
   * Shows `step`: everything on the page follows, and the URL fragment names it. On a live page a step
   * other than the newest stops following (`follow`: the page itself moves to the newest).
   */
  go(step, follow = false) {
    const started = performance.now();
    const t = this.timeline;
    step = Math.max(t.firstStep, Math.min(t.lastStep, step));
    this.current = step;
    if (this.live) {
      this.following = follow || step === t.lastStep;
      $("follow").classList.toggle("selected", this.following);
    }
    const entry = t.entry(step);
    // The parent first: the step's state is then one patch away from it (the cache holds it).
    const parent = entry.parent !== undefined ? t.state(entry.parent) : undefined;
    const state = t.state(step);
    $("slider").value = step;
    $("position").textContent = "step " + step + " of " + t.firstStep + "–" + t.lastStep;
    this.drawTree(state, entry);  // first: it reads the tree's geometry while the layout is still clean
    this.drawHeader(entry);
    this.drawDiff(entry, parent, state);
    if (this.rawShown) $("state-raw").textContent = state === undefined ? t.whyNoState(step) : canonicalJSON(state);
    this.drawCursor();
    for (const row of $("action-spacer").children) row.classList.toggle("current", Number(row.dataset.step) === step);
    this.nameInURL(step);
    void document.body.offsetHeight; // lay out now, so the measurement covers it
    const took = performance.now() - started;
    this.metrics.jumps.push(took);
    this.status("step " + step + " in " + took.toFixed(1) + " ms");
  }

  /**
   * Puts the step in the URL fragment. Browsers ignore history updates past a rate (Chromium: 200 in
   * 10 s), which dragging the slider passes, so past HASH_BURST updates in 10 s the fragment follows a
   * few times a second, and always ends on the step shown.
   */
  nameInURL(step) {
    if (this.live) return;  // a live page's fragment holds its token; its steps keep coming
    const write = (hash) => {
      if (location.hash === hash) return;
      try { history.replaceState(null, "", hash); } catch (error) { location.hash = hash; }
    };
    const now = performance.now();
    this.hashTimes = (this.hashTimes || []).filter((t) => now - t < 10000);
    if (this.hashTimer !== undefined) return;  // a later write is due; it will name the step shown then
    if (this.hashTimes.length < HASH_BURST) {
      this.hashTimes.push(now);
      write("#step=" + step);
      return;
    }
    this.hashTimer = setTimeout(() => {
      this.hashTimer = undefined;
      this.hashTimes.push(performance.now());
      write("#step=" + this.current);
    }, 250);
  }

  status(text) {
    $("status").textContent = "opened in " + this.metrics.openMs.toFixed(0) + " ms · " + text + " · "
      + this.timeline.entries.length + " steps on the page";
  }

  drawHeader(entry) {
    const header = $("step-header");
    header.replaceChildren();
    header.append(element("span", "", "step " + entry.step + "  "));
    if (entry.damaged) {
      header.append(element("span", "label", "(damaged line)"), element("div", "meta", visible(entry.damaged)));
      return;
    }
    if (!entry.action) {
      header.append(element("span", "label", entry.step === this.timeline.recording.firstStep ? "initial state" : "first step on this page"));
      return;
    }
    header.append(element("span", "label", visible(entry.action.label)));
    const meta = [entry.action.type, timeText(entry.time), entry.action.site || "", entry.action.replayable === false ? "not replayable" : "",
      entry.stateNotExported ? "state not exported" : ""]
      .filter((s) => s).map(visible).join(" · ");
    header.append(element("div", "meta", meta));
    for (const event of this.timeline.marks.get(entry.step) || []) header.append(this.badge(event));
    const details = element("details");
    details.append(element("summary", "", "action payload"), element("pre", "", canonicalJSON(entry.action.payload)));
    header.append(details);
  }

  drawDiff(entry, parent, state) {
    const box = $("diff");
    box.replaceChildren();
    if (state === undefined) {
      $("diff-legend").textContent = "";
      box.append(element("p", "hint", this.timeline.whyNoState(entry.step) + " There is no diff to show."));
      return;
    }
    if (parent === undefined) {
      $("diff-legend").textContent = "";
      box.append(element("p", "hint", "This step starts the page; there is no step before it here."));
      return;
    }
    $("diff-legend").textContent = "(- step " + entry.parent + ", + step " + entry.step + ")";
    if (entry.patch.length === 0) box.append(element("p", "hint", "The state did not change."));
    for (const op of entry.patch) {
      const tokens = pointerTokens(op.path);
      const row = element("div", "op");
      row.append(element("span", "path", displayPath(tokens, op.op === "add" ? state : parent)), element("span", "summary", "  " + op.op));
      const old = op.op === "replace" || op.op === "remove" ? valueAt(parent, tokens) : undefined;
      if (old !== undefined) row.append("\n", element("span", "removed", "- " + compactJSON(old) + this.dateNote(old, tokens)));
      if (op.from !== undefined) row.append("\n", element("span", "summary", "  from " + displayPath(pointerTokens(op.from), parent)));
      if (op.value !== undefined) row.append("\n", element("span", "added", "+ " + compactJSON(op.value) + this.dateNote(op.value, tokens)));
      box.append(row);
    }
    const details = element("details");
    const json = element("pre", "", compactJSON(entry.patch));
    json.id = "patch-json";
    details.append(element("summary", "", "as JSON (statedbg diff --json)"), json);
    box.append(details);
  }

  // ---------------------------------------------------------------- state tree

  /**
   * The state as a tree. The paths this step changed are highlighted and opened for this step only (a
   * node the reader opened or closed keeps that). The open nodes are listed as rows of one height and
   * only the rows in view are drawn (as the action list does), so a step costs the same however large
   * its state; one listener on the tree handles every click.
   */
  drawTree(state, entry) {
    if (state === undefined) {
      this.treeRows = null;
      $("state-tree").replaceChildren(element("p", "hint", this.timeline.whyNoState(entry.step)));
      return;
    }
    const changed = new Set();
    const onChangedPath = new Set();
    for (const op of entry.parent !== undefined ? entry.patch : []) {
      for (const pointer of [op.path, op.from]) {
        if (pointer === undefined) continue;
        const tokens = pointerTokens(pointer);
        changed.add(pointerOf(tokens));
        for (let i = 0; i <= tokens.length; i++) onChangedPath.add(pointerOf(tokens.slice(0, i)));
      }
    }
    this.changed = changed;
    this.onChangedPath = onChangedPath;
    this.chartPointer = this.chartTokens ? pointerOf(this.chartTokens) : null;
    this.treeRows = [];
    this.listRows(state, "", "", null, 0);
    const tree = $("state-tree");
    // Read the geometry before writing anything, so that reading it costs no layout of its own.
    let scrollTop = tree.scrollTop;
    const height = tree.clientHeight || 800;
    let spacer = $("tree-spacer");
    if (!spacer) {
      spacer = element("div");
      spacer.id = "tree-spacer";
      tree.replaceChildren(spacer);
    }
    spacer.style.height = this.treeRows.length * TREE_ROW_HEIGHT + "px";
    // The first changed row in view, unless one is already.
    const first = this.treeRows.findIndex((row) => row.kind === "node" && changed.has(row.pointer));
    if (first >= 0) {
      const top = first * TREE_ROW_HEIGHT;
      if (top < scrollTop || top + TREE_ROW_HEIGHT > scrollTop + height) scrollTop = Math.max(0, top - height / 3);
    }
    scrollTop = Math.min(scrollTop, Math.max(0, this.treeRows.length * TREE_ROW_HEIGHT - height));
    if (tree.scrollTop !== scrollTop) tree.scrollTop = scrollTop;
    this.drawTreeRows(scrollTop, height);
  }

  /** Lists the rows of a node and of its open descendants in `treeRows`. */
  listRows(value, pointer, path, key, depth) {
    this.treeRows.push({ kind: "node", value, pointer, path, key, depth });
    if (!isContainer(value) || !this.isOpen(pointer)) return;
    const isArray = Array.isArray(value);
    const keys = isArray ? value.map((_, i) => String(i)) : keysOf(value);
    const all = this.showAll.has(pointer) || keys.length <= CHILDREN_SHOWN * 1.5;
    let hidden = 0;
    keys.forEach((k, i) => {
      const childPointer = pointer + "/" + k.replace(/~/g, "~0").replace(/\//g, "~1");
      if (all || i < CHILDREN_SHOWN || this.onChangedPath.has(childPointer)) {
        const childPath = path + (isArray ? "[" + k + "]" : /^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? "." + k : ".[" + quoted(k) + "]");
        this.listRows(value[k], childPointer, childPath, isArray ? "[" + k + "]" : visible(k), depth + 1);
      } else hidden++;
    });
    if (hidden > 0) this.treeRows.push({ kind: "more", pointer, depth: depth + 1, text: "… " + hidden + " more (show all " + keys.length + ")" });
  }

  /** Draws the tree rows in view, and a few on either side. */
  drawTreeRows(scrollTop = $("state-tree").scrollTop, height = $("state-tree").clientHeight || 800) {
    const spacer = $("tree-spacer");
    if (!spacer || !this.treeRows) return;
    const from = Math.max(0, Math.floor(scrollTop / TREE_ROW_HEIGHT) - 10);
    const to = Math.min(this.treeRows.length, from + Math.ceil(height / TREE_ROW_HEIGHT) + 20);
    const rows = [];
    for (let i = from; i < to; i++) rows.push(this.treeRow(this.treeRows[i], i));
    spacer.replaceChildren(...rows);
  }

  /** Whether a container shows its children: opened by the reader, or on a path this step changed. */
  isOpen(pointer) {
    if (this.expanded.has(pointer)) return true;
    return this.onChangedPath.has(pointer) && !this.changed.has(pointer) && !this.closed.has(pointer);
  }

  treeClick(event) {
    const target = event.target;
    const node = target.closest(".node");
    if (!node) return;
    const pointer = node.dataset.pointer;
    if (target.classList.contains("plot")) { this.chart(pointerTokens(pointer)); return; }
    if (target.classList.contains("more")) this.showAll.add(pointer);
    else if (target.closest(".line") && node.classList.contains("container")) {
      if (this.isOpen(pointer)) { this.expanded.delete(pointer); this.closed.add(pointer); }
      else { this.expanded.add(pointer); this.closed.delete(pointer); }
    } else return;
    this.drawTree(this.timeline.state(this.current), this.timeline.entry(this.current));
  }

  /** One row: a node's line (its pointer in `data-pointer`), or the "… N more" of a long container. */
  treeRow(row, index) {
    const value = row.value;
    const container = row.kind === "node" && isContainer(value);
    const node = element("div", "node" + (container ? " container" : "") + (row.kind === "node" && this.changed.has(row.pointer) ? " changed" : ""));
    node.dataset.pointer = row.pointer;
    node.style.top = index * TREE_ROW_HEIGHT + "px";
    node.style.paddingLeft = row.depth * 1.4 + "em";
    if (row.kind === "more") {
      node.append(element("div", "more", row.text));
      return node;
    }
    const line = element("div", "line");
    node.append(line);
    line.append(element("span", "toggle", container ? (this.isOpen(row.pointer) ? "▾" : "▸") : ""));
    if (row.key !== null) line.append(element("span", "key", row.key), ": ");
    if (!container) {
      line.append(this.leaf(value, pointerTokens(row.pointer)));
      if (numberOf(value) !== undefined) {
        const plot = element("button", "plot" + (this.chartPointer === row.pointer ? " selected" : ""), "∿");
        plot.type = "button";
        plot.title = "Plot " + (row.path || ".") + " over all steps";
        line.append(plot);
      }
      return node;
    }
    const count = Array.isArray(value) ? value.length : Object.keys(value).length;
    line.append(element("span", "summary", Array.isArray(value) ? "[" + count + " element" + (count === 1 ? "" : "s") + "]"
      : "{" + count + " key" + (count === 1 ? "" : "s") + "}"));
    return node;
  }

  leaf(value, tokens) {
    if (typeof value === "string") return element("span", "string", quoted(value));
    if (numberOf(value) !== undefined) return element("span", "number", canonicalJSON(value) + this.dateNote(value, tokens));
    return element("span", "literal", String(value));
  }

  /** "  // 2026-01-01T09:00:00.000Z" for a number at a path the schema says is a Date, else "". */
  dateNote(value, tokens) {
    const seconds = numberOf(value);
    if (seconds === undefined || tokens === undefined || Math.abs(seconds) >= 3e11) return "";
    const isDate = this.timeline.dates.some((path) => path.length === tokens.length
      && path.every((key, index) => key === null || key === tokens[index]));
    // Codable writes a Date as seconds since 2001-01-01, 978307200 seconds after 1970-01-01.
    return isDate ? "  // " + new Date(Math.round((seconds + 978307200) * 1000)).toISOString() : "";
  }

  showRaw(raw) {
    this.rawShown = raw;
    $("show-raw").classList.toggle("selected", raw);
    $("show-tree").classList.toggle("selected", !raw);
    $("state-raw").hidden = !raw;
    $("state-tree").hidden = raw;
    if (raw) {
      const state = this.timeline.state(this.current);
      $("state-raw").textContent = state === undefined ? this.timeline.whyNoState(this.current) : canonicalJSON(state);
    }
  }

  // ---------------------------------------------------------------- chart

  chart(tokens) {
    const started = performance.now();
    this.chartTokens = tokens;
    this.chartValues = this.timeline.series(tokens);
    $("chart-path").textContent = displayPath(tokens, this.timeline.state(this.current));
    this.drawChart();
    this.drawTree(this.timeline.state(this.current), this.timeline.entry(this.current));
    this.status("chart of " + this.chartValues.length + " steps in " + (performance.now() - started).toFixed(1) + " ms");
  }

  /**
   * The plotted number's values for the steps that arrived since (a live page), the chart redrawn at
   * most twice a second however fast they come.
   */
  growChart() {
    this.chartValues = this.timeline.series(this.chartTokens, this.chartValues);
    if (this.chartRedraw) return;
    const wait = Math.max(0, 500 - (performance.now() - (this.chartDrawnAt || 0)));
    this.chartRedraw = setTimeout(() => {
      this.chartRedraw = null;
      if (!this.chartValues) return;
      this.chartDrawnAt = performance.now();
      this.drawChart();
    }, wait);
  }

  drawChart() {
    const box = $("chart");
    box.replaceChildren();
    const t = this.timeline;
    const values = this.chartValues.map(numberOf);
    const numbers = values.filter((v) => v !== undefined);
    if (numbers.length === 0) { box.append(element("p", "hint", "No step has a number there.")); return; }
    const svgNS = "http://www.w3.org/2000/svg";
    const make = (tag, attributes, text) => {
      const node = document.createElementNS(svgNS, tag);
      for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
      if (text !== undefined) node.textContent = text;
      return node;
    };
    const width = 560, height = 240, left = 64, right = 12, top = 12, bottom = 40;
    let low = Math.min(...numbers.slice(0, 100000)), high = Math.max(...numbers.slice(0, 100000));
    for (let i = 100000; i < numbers.length; i++) { low = Math.min(low, numbers[i]); high = Math.max(high, numbers[i]); }
    if (low === high) { low -= 1; high += 1; }
    const first = t.firstStep, last = Math.max(t.lastStep, first + 1);
    const x = (step) => left + (step - first) / (last - first) * (width - left - right);
    const y = (v) => top + (high - v) / (high - low) * (height - top - bottom);
    const svg = make("svg", { viewBox: "0 0 " + width + " " + height, role: "img" });
    svg.append(make("line", { class: "axis", x1: left, y1: height - bottom, x2: width - right, y2: height - bottom }));
    svg.append(make("line", { class: "axis", x1: left, y1: top, x2: left, y2: height - bottom }));
    const ticks = 5;
    for (let i = 0; i <= ticks; i++) {
      const step = Math.round(first + (last - first) * i / ticks);
      svg.append(make("text", { x: x(step), y: height - bottom + 14, "text-anchor": "middle", class: "x-tick" }, String(step)));
      const v = low + (high - low) * i / ticks;
      svg.append(make("text", { x: left - 6, y: y(v) + 3, "text-anchor": "end", class: "y-tick" }, String(Number(v.toPrecision(6)))));
    }
    svg.append(make("text", { x: (left + width - right) / 2, y: height - 6, "text-anchor": "middle" }, "step"));
    // one point per horizontal pixel at most: its lowest and highest value
    const columns = new Map();
    values.forEach((v, i) => {
      if (v === undefined) return;
      const column = Math.round(x(first + i));
      const c = columns.get(column);
      if (!c) columns.set(column, { min: v, max: v, step: first + i });
      else { c.min = Math.min(c.min, v); c.max = Math.max(c.max, v); }
    });
    let d = "";
    for (const [column, c] of columns) {
      d += (d ? "L" : "M") + column + " " + y(c.min).toFixed(1);
      if (c.max !== c.min) d += "L" + column + " " + y(c.max).toFixed(1);
    }
    svg.append(make("path", { class: "series", d }));
    this.cursor = make("line", { class: "cursor", y1: top, y2: height - bottom });
    svg.append(this.cursor);
    svg.addEventListener("click", (event) => {
      const box = svg.getBoundingClientRect();
      const px = (event.clientX - box.left) / box.width * width;
      this.go(Math.round(first + (px - left) / (width - left - right) * (last - first)));
    });
    this.chartGeometry = x;
    box.append(svg);
    const value = values[this.current - first];
    box.append(element("p", "hint", "at step " + this.current + ": " + (value === undefined ? "no value" : compactJSON(value))));
    this.drawCursor();
  }

  drawCursor() {
    if (!this.cursor || !this.chartGeometry) return;
    const px = this.chartGeometry(this.current);
    this.cursor.setAttribute("x1", px);
    this.cursor.setAttribute("x2", px);
    const note = $("chart").querySelector("p.hint");
    if (note && this.chartValues) {
      const value = this.chartValues[this.current - this.timeline.firstStep];
      note.textContent = "at step " + this.current + ": " + (value === undefined ? "no value" : compactJSON(value));
    }
  }
}

// ---------------------------------------------------------------- line checksums

/**
 * CRC-32C (Castagnoli: reflected polynomial 0x82F63B78, register and final XOR 0xFFFFFFFF), as
 * JournalFileFormat.md's "The line checksum" specifies it, eight bytes a round ("slicing-by-8"): eight
 * tables of 256 entries, made when a line is first checked.
 */
let crc32cTable = null;

function crc32cTables() {
  if (crc32cTable) return crc32cTable;
  const table = new Int32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
    table[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    for (let slice = 1; slice < 8; slice++) {
      const before = table[(slice - 1) * 256 + n];
      table[slice * 256 + n] = (before >>> 8) ^ table[before & 0xff];
    }
  }
  crc32cTable = table;
  return table;
}

/** The CRC-32C of `bytes[start..<end]` (a Uint8Array), as an unsigned number: 0xE3069283 for "123456789". */
function crc32c(bytes, start = 0, end = bytes.length) {
  const t = crc32cTables();
  let crc = -1;
  let i = start;
  for (; i + 8 <= end; i += 8) {
    const low = crc ^ (bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24));
    crc = t[1792 + (low & 0xff)] ^ t[1536 + ((low >>> 8) & 0xff)] ^ t[1280 + ((low >>> 16) & 0xff)] ^ t[1024 + (low >>> 24)]
      ^ t[768 + bytes[i + 4]] ^ t[512 + bytes[i + 5]] ^ t[256 + bytes[i + 6]] ^ t[bytes[i + 7]];
  }
  for (; i < end; i++) crc = t[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return ~crc >>> 0;
}

const CHECKSUM_MEMBER = ',"crc":"';
const lineEncoder = new TextEncoder();
let lineBytes = new Uint8Array(1 << 16);

/** A checksum as the journal writes it: 8 lowercase hexadecimal digits. */
function checksumHex(value) {
  return value.toString(16).padStart(8, "0");
}

/**
 * Whether a journal line's checksum fails (JournalFileFormat.md, "The line checksum"): `null` when the
 * line is intact, or has no checksum and `version` (its journal's, 0 when not known yet) is 1; else
 * {recorded, actual} for a checksum that disagrees with the line's bytes, or {missing: true} for a
 * line of version 2 or later that does not end with one. The checksum covers the line's UTF-8 bytes
 * up to its last 18 (`,"crc":"hhhhhhhh"}`), followed by "}".
 */
function lineChecksumFailure(text, version) {
  const length = text.length;
  const at = length - 18;
  let recorded = at >= 1 && text.charCodeAt(length - 1) === 0x7d && text.charCodeAt(length - 2) === 0x22 && text.startsWith(CHECKSUM_MEMBER, at) ? 0 : -1;
  for (let i = at + 8; recorded >= 0 && i < length - 2; i++) {
    const c = text.charCodeAt(i);
    const digit = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
    recorded = digit < 0 ? -1 : recorded * 16 + digit;
  }
  if (recorded < 0) return version >= 2 ? { missing: true } : null;
  // The last 18 characters are ASCII, so the covered bytes are the encoding's all but its last 18.
  // A UTF-16 unit takes at most 3 bytes. The buffer is kept for the next line unless it is large (a
  // header with a large initial state), so that the page does not hold it for good.
  const bytes = lineBytes.length >= length * 3 ? lineBytes : new Uint8Array(Math.max(length * 3, lineBytes.length * 2));
  if (bytes.length <= 1 << 22) lineBytes = bytes;
  const written = lineEncoder.encodeInto(text, bytes).written;
  bytes[written - 18] = 0x7d;
  const actual = crc32c(bytes, 0, written - 17);
  return actual === recorded ? null : { recorded, actual };
}

/** Why a line whose checksum fails cannot be trusted, in the sentence statedbg's reader ends with. */
function checksumReason(failure) {
  return failure.missing
    ? "it does not end with the checksum every line of a journal of version 2 or later ends with; it was cut short or changed"
    : "the line records checksum " + checksumHex(failure.recorded) + " but its bytes give " + checksumHex(failure.actual) + "; it was changed after it was written";
}

/**
 * What a damaged line's first bytes say it is, as statedbg's reader places it (JournalLineValidator):
 * {kind: "header"}, {kind: "event"}, {kind: "step", step, parent} in the writer's layout, or
 * {kind: "unknown"}. Nothing else in a damaged line is trusted.
 */
function damagedLinePlace(text) {
  if (text.startsWith('{"format":')) return { kind: "header" };
  if (text.startsWith('{"event":')) return { kind: "event" };
  // {"step":N[,"kind":"keyframe"|"patch"],"time":T|"ms":M[,"parent":P],"action":, as StepLinePrefix reads it.
  const step = /^\{"step":(\d{1,16}),(?:"kind":"(?:keyframe|patch)",)?"(?:time|ms)":-?\d+(?:,"parent":(\d{1,16}))?,"action":/.exec(text);
  if (!step) return { kind: "unknown" };
  return { kind: "step", step: Number(step[1]), parent: step[2] !== undefined ? Number(step[2]) : undefined };
}

// ---------------------------------------------------------------- live

/**
 * One journal line (versions 1 to 6, JournalFileFormat.md): {kind: "header", header}, {kind: "step",
 * entry} or {kind: "event", event}. `sites`, a CallSiteList, follows the lines in the order they come
 * (a header starts it again), so that a step that names its call site by number gets the site; `times`,
 * a StepTimeBase, takes each header's origin, so that a step that gives `ms` gets its time.
 */
function journalLine(text, sites = new CallSiteList(), times = new StepTimeBase()) {
  const object = parseJSON(text);
  if (!isObject(object)) throw new Error("a journal line is not a JSON object");
  if (object.format !== undefined) { sites.begin(object); times.start(object); return { kind: "header", header: object }; }
  if (object.step !== undefined) return { kind: "step", entry: stepEntry(object, sites, times) };
  if (object.event !== undefined) return { kind: "event", event: object };
  throw new Error("a journal line is neither the header, a step nor an event");
}

/**
 * A step line as the timeline's entry: its action, its parent (the step before it unless the line
 * names one), and its patch, or its state for a keyframe. The one place that reads a step line.
 */
function stepEntry(line, sites = new CallSiteList(), times = new StepTimeBase()) {
  const step = numberOf(line.step);
  if (!Number.isInteger(step)) throw new Error("a step line's step is not an integer");
  // Version 6: a string is the action's call alone, with no site member.
  const written = typeof line.action === "string" ? sites.bareCall(line.action, step) : line.action;
  if (isObject(written) && written.site === null) sites.refuseNull(step);
  let action = isObject(written) && written.call !== undefined && written.type === undefined ? actionOfCall(written, step) : written;
  if (line.kind === "keyframe" || (line.patch === undefined && line.state !== undefined)) sites.start([]);
  if (isObject(action)) action = sites.follow(action, step);
  const entry = { step, time: times.time(line, step), action, parent: line.parent !== undefined ? numberOf(line.parent) : step - 1 };
  if (line.kind === "keyframe" || (line.patch === undefined && line.state !== undefined)) entry.state = line.state;
  else if (Array.isArray(line.patch)) entry.patch = line.patch;
  else throw new Error("step " + step + " holds neither a state nor a patch");
  return entry;
}

/**
 * What a step line's time counts from (JournalFileFormat.md, "Times since the header's origin"): a
 * version 6 line gives `ms`, milliseconds since its header's `origin`; a line of any version may give
 * the absolute `time`. The page's entries hold the absolute time, as statedbg's readers do.
 */
class StepTimeBase {
  constructor() { this.version = 0; this.origin = undefined; }

  /** Takes a header's version and origin (an origin counts only from version 6 on). */
  start(header) {
    this.version = numberOf(header.version) || 0;
    const origin = numberOf(header.origin);
    this.origin = this.version >= 6 && Number.isInteger(origin) ? origin : undefined;
  }

  /** The absolute time of a step line, in milliseconds since 1970. */
  time(line, step) {
    if (line.ms === undefined) return numberOf(line.time);
    const fail = (why) => { throw new Error("step " + step + "'s \"ms\" " + why); };
    if (line.time !== undefined) fail("is given with \"time\"; a step line gives one of the two");
    const ms = numberOf(line.ms);
    if (!Number.isInteger(ms)) fail("is not a whole number");
    if (this.version === 0) fail("counts from the header's \"origin\", but the line was read without its header");
    if (this.version < 6) fail("is a member of version 6 step lines, but the header says version " + this.version);
    if (this.origin === undefined) fail("counts from the header's \"origin\", but the header has none");
    return this.origin + ms;
  }
}

/**
 * The call sites a version 5 journal names by number (JournalFileFormat.md, "Call sites named by
 * number"): the header's `sites`, emptied at each keyframe, and every site a step writes whole that it
 * does not hold yet, numbered from 1 in the order they come. From version 6 on ("An action as its call
 * alone, and call sites carried from line to line") also the site in force: a step whose action has no
 * `site` has the site of the step before; `"site":null` says none; a keyframe starts with none; a
 * header with the site its `site` numbers.
 */
class CallSiteList {
  constructor() {
    this.sites = []; this.numbers = new Map(); this.lost = false; this.version = 5; this.inForce = undefined; this.inForceKnown = true;
  }

  /** Starts from a header: its version, its list and its site in force. */
  begin(header) {
    const version = numberOf(header.version);
    this.version = Number.isInteger(version) ? version : 1;
    this.start(header.sites);
    if (this.version < 6 && header.site !== undefined) {
      throw new Error("the header names a call site in force, but it says version " + this.version + ", and only version 6 on carries call sites");
    }
    if (header.site !== undefined && header.site !== null) {
      // The number counts the header's sites as written.
      const number = numberOf(header.site);
      const listed = Array.isArray(header.sites) ? header.sites : [];
      if (!Number.isInteger(number) || number < 1 || number > listed.length || typeof listed[number - 1] !== "string") {
        throw new Error("the header's site is " + compactJSON(header.site) + ", but it must be the number of one of its " + listed.length + " call sites");
      }
      this.inForce = listed[number - 1];
    }
  }

  /** Starts again from `sites` (a header's list; none at a keyframe), with no site in force. */
  start(sites) {
    this.sites = [];
    this.numbers = new Map();
    this.lost = false;
    this.inForce = undefined;
    if (Array.isArray(sites)) for (const site of sites) if (typeof site === "string") this.add(site);
  }

  /** Whether lines carry the site in force (version 6 on). */
  get carrying() { return this.version >= 6; }

  /** A string action (version 6) as the call it stands for, or the error a journal before version 6 gets. */
  bareCall(text, step) {
    if (!this.carrying) {
      throw new Error("step " + step + " writes its action as a call alone (a string), but the header says version " + this.version
        + ", and only version 6 on carries call sites from line to line");
    }
    return { call: text };
  }

  /** `"site":null`, which only version 6 on writes. */
  refuseNull(step) {
    if (!this.carrying) {
      throw new Error("step " + step + " writes its action's site as null, but the header says version " + this.version
        + ", and only version 6 on carries call sites from line to line");
    }
  }

  add(site) {
    if (this.numbers.has(site)) return;
    this.sites.push(site);
    this.numbers.set(site, this.sites.length);
  }

  /**
   * After a damaged step line, which may have been a keyframe that emptied the list: until the next
   * keyframe or header the numbering is not known, so a number names no site rather than a wrong one.
   */
  lose() { this.lost = true; this.inForceKnown = false; this.inForce = undefined; }

  /**
   * The step's action with its site: a whole one joins the list; a number is looked up in it; from
   * version 6 on none (absent) is the site in force, and the action's site is in force after it.
   */
  follow(action, step) {
    const resolved = this.resolve(action, step);
    if (this.carrying) this.inForce = resolved.site;
    return resolved;
  }

  resolve(action, step) {
    const without = () => { const rest = Object.assign({}, action); delete rest.site; return rest; };
    if (this.lost) {
      // After a damaged line the list and the site in force are not known until a line writes its site
      // whole or as null: until then a number or a carried site names no site rather than a wrong one.
      if (action.site === null) { this.inForceKnown = true; return without(); }
      if (typeof action.site === "string") { this.inForceKnown = true; return action; }
      if (action.site !== undefined) { this.inForceKnown = false; return without(); }
      return this.carrying && this.inForceKnown && this.inForce !== undefined ? Object.assign({}, action, { site: this.inForce }) : action;
    }
    if (action.site === null) return without();
    if (typeof action.site === "string") { this.add(action.site); return action; }
    if (action.site === undefined) {
      return this.carrying && this.inForce !== undefined ? Object.assign({}, action, { site: this.inForce }) : action;
    }
    const number = numberOf(action.site);
    if (!Number.isInteger(number) || number < 1 || number > this.sites.length) {
      throw new Error("step " + step + " names call site " + compactJSON(action.site) + ", but " + this.sites.length
        + " call site" + (this.sites.length === 1 ? " is" : "s are") + " written whole since the last keyframe (or the header)");
    }
    return Object.assign({}, action, { site: this.sites[number - 1] });
  }
}

/**
 * An action written as a call (version 4: JournalFileFormat.md, "Actions written as a call") as the
 * action it stands for: the text is the label, the tag is what comes before "(", and the payload is
 * {CASE: {name or _position: value}}, CASE being the tag's last dotted part.
 */
function actionOfCall(action, step) {
  const text = action.call;
  const fail = (what) => { throw new Error("step " + step + "'s action " + (typeof text === "string" ? quoted(text) + " " : "") + what); };
  if (typeof text !== "string") fail("is a call that is not a string");
  const open = text.indexOf("(");
  const tag = open < 0 ? text : text.slice(0, open);
  if (tag === "" || /[(),"\s]/.test(tag) || tag.endsWith(".")) fail("has no tag a call can have");
  const members = {};
  if (open >= 0) {
    const end = text.length - 1;
    if (text[end] !== ")" || end === open + 1) fail("is not a call: its arguments are not in one pair of parentheses");
    let index = open + 1;
    for (let position = 0; ; position++) {
      const named = /^([A-Za-z_][A-Za-z0-9_]*): /.exec(text.slice(index, end));
      const name = named ? named[1] : "_" + position;
      if (named) index += named[0].length;
      let value;
      if (text[index] === '"') {
        value = "";
        for (index++; index < end && text[index] !== '"'; index++) {
          if (text[index] !== "\\") { value += text[index]; continue; }
          const escaped = { '"': '"', "\\": "\\", n: "\n", t: "\t" }[text[index + 1]];
          if (escaped === undefined) fail("has an escape a call cannot hold");
          value += escaped;
          index++;
        }
        if (text[index] !== '"') fail("has a string that does not end");
        index++;
      } else {
        const literal = /^(?:true|false|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)/.exec(text.slice(index, end));
        if (!literal) fail("has an argument that is not a number, a string, true or false");
        const word = literal[0];
        index += word.length;
        value = word === "true" ? true : word === "false" ? false : String(Number(word)) === word ? Number(word) : new ExactNumber(word);
      }
      if (own(members, name)) fail("gives " + name + " twice");
      members[name] = value;
      if (index === end) break;
      if (text.slice(index, index + 2) !== ", ") fail("has arguments not separated by \", \"");
      index += 2;
    }
  }
  const read = { label: text, type: tag, payload: { [tag.slice(tag.lastIndexOf(".") + 1)]: members } };
  if (action.site !== undefined) read.site = action.site;
  return read;
}

/** The token in the address's fragment (`#token=…`), which the page sends with each request. */
function tokenInHash() {
  const match = /(?:^#|&)token=([^&]*)/.exec(location.hash);
  return match ? decodeURIComponent(match[1]) : "";
}

/**
 * The bridge to the statedbg that served the page: messages arrive as server-sent events on /events
 * (the token in the query, since an EventSource sets no header), commands go as POST /command with the
 * token as a bearer credential, and the reply comes back as a `reply` message.
 */
class HTTPBridge {
  constructor(token) { this.token = token; this.receive = () => {}; }

  connect(receive) {
    this.receive = receive;
    if (!this.token) {
      receive({ type: "error", message: "This page has no token, so statedbg refuses it: open the address statedbg printed, which ends with #token=…." });
      return;
    }
    const source = new EventSource("/events?token=" + encodeURIComponent(this.token));
    source.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (error) { receive({ type: "error", message: "statedbg sent a message the page cannot read." }); return; }
      receive(message);
    };
    source.onerror = () => {
      receive({ type: "error", message: source.readyState === EventSource.CLOSED
        ? "statedbg refused the page's connection or has stopped; open the address it printed this time."
        : "The connection to statedbg was lost; reconnecting…" });
    };
  }

  send(request) {
    fetch("/command", {
      method: "POST", cache: "no-store", body: JSON.stringify(request),
      headers: { "Authorization": "Bearer " + this.token, "Content-Type": "application/json" },
    }).then(async (response) => {
      const text = await response.text();
      if (!response.ok) throw new Error(text.trim() || response.status + " " + response.statusText);
      return JSON.parse(text);
    }).then((reply) => this.receive({ type: "reply", reply }),
      (error) => this.receive({ type: "reply", reply: { reply: request.id, ok: false, error: "statedbg did not take the command: " + error.message } }));
  }
}

const LIVE_COMMANDS = { "app-undo": "undo", "app-redo": "redo", "app-pause": "pause", "app-resume": "resume" };

/**
 * A live page's side of the bridge: it reads the messages the app sends (the greeting, journal lines,
 * replies, notices, errors), keeps the timeline growing, and sends the person's commands.
 */
class LiveFeed {
  constructor(bridge) {
    this.bridge = bridge;
    this.page = null;
    this.timeline = null;
    this.sites = new CallSiteList();  // follows the streamed lines, for the steps that name their call site by number
    this.times = new StepTimeBase();  // takes each header's origin, for the steps that give their time as `ms`
    this.greeting = null;
    this.appStep = null;       // the step whose state the app has
    this.paused = false;
    this.ended = false;
    this.nextID = 1;
    this.sent = new Map();     // request id -> what it asked, for its reply
    this.messages = [];        // what the page said, newest last
    this.marksChanged = false;
    this.drawnStep = null;     // the last step the page has drawn
    this.latencies = [];       // per step drawn: milliseconds from its recording (its time) to its drawing
    this.lineNumber = 0;       // the journal's line taken last (its header is line 1)
    this.version = 0;          // the journal's version, from its header
    this.unplaced = null;      // {line, reason}: a damaged line the next step line may show was a step
    this.refused = false;      // the journal's header was damaged: nothing of it is read until the next header
  }

  start() {
    $("live").hidden = false;
    $("live-message").hidden = false;
    $("status").textContent = "waiting for the app's journal…";
    $("follow").addEventListener("click", () => this.follow());
    $("app-jump").addEventListener("click", () => { if (this.page) this.send({ command: "jump", step: this.page.current }); });
    for (const [id, command] of Object.entries(LIVE_COMMANDS)) $(id).addEventListener("click", () => this.send({ command }));
    $("app-dispatch").addEventListener("click", () => this.dispatch());
    $("dispatch-text").addEventListener("keydown", (event) => { if (event.key === "Enter") this.dispatch(); });
    this.showStatus();
    this.bridge.connect((message) => this.receive(message));
  }

  follow() {
    if (!this.page) return;
    this.page.go(this.timeline.lastStep, true);
    this.page.scrollToCurrent();
  }

  dispatch() {
    const text = $("dispatch-text").value.trim();
    if (!text) { this.say("Type an action to dispatch, as statedbg log prints it: users.addUser(name: \"Ada\", age: 36).", "error"); return; }
    this.send({ command: "dispatch", text });
  }

  send(request) {
    request.id = this.nextID++;
    this.sent.set(request.id, request);
    this.say("sent " + request.command + (request.step !== undefined ? " " + request.step : "") + (request.text ? " " + request.text : "") + "…");
    try { this.bridge.send(request); } catch (error) { this.say("the command could not be sent: " + error.message, "error"); }
  }

  receive(message) {
    try {
      switch (message.type) {
        case "hello": this.hello(message.greeting || {}); break;
        case "lines": for (const line of message.lines || []) this.line(line); break;
        case "reply": this.reply(message.reply || {}); break;
        case "notice": this.notice(message.notice || {}); break;
        case "error":
          if (message.ended === true) this.ended = true;
          this.say(message.message, "error");
          break;
        default: break;  // a later bridge's message this page does not know
      }
    } catch (error) {
      this.say("statedbg: " + error.message, "error");
    }
    this.showStatus();
  }

  hello(greeting) {
    this.greeting = greeting;
    this.paused = greeting.paused === true;
    if (typeof greeting.currentStep === "number") this.appStep = greeting.currentStep;
    this.ended = false;
    this.say("connected to " + (greeting.app || "the app") + (greeting.pid ? " (pid " + greeting.pid + ")" : ""));
  }

  line(text) {
    if (!this.intact(text)) return;
    let parsed;
    try { parsed = journalLine(text, this.sites, this.times); } catch (error) { this.say(this.where() + " cannot be read: " + error.message, "error"); return; }
    if (parsed.kind === "header") { this.takeHeader(parsed.header, text); return; }
    if (this.refused) return;
    const t = this.timeline;
    if (!t) return;
    if (parsed.kind === "step") {
      const entry = parsed.entry;
      if (entry.step <= t.lastStep) return;  // a reconnected stream's repeat
      this.placeUnplaced(entry.step);
      t.append(entry);
      this.appStep = entry.step;
      return;
    }
    const event = parsed.event;
    if (event.event === "closed") { this.say("the app closed its journal after step " + event.after); return; }
    t.addEvent(event);
    this.marksChanged = true;
    if (event.event === "travel") { this.appStep = numberOf(event.to); this.say("the app went back to step " + event.to + " (" + visible(event.travel) + ")"); }
    if (this.page) this.page.scheduleRefresh();
  }

  /** Where the line taken last is, for a sentence about it. */
  where() {
    return "the app's journal, line " + this.lineNumber;
  }

  /**
   * Takes a raw journal line in: counts it (a header is line 1 again) and checks its checksum
   * (`lineChecksumFailure`). A damaged line is said with its line and step, as statedbg's reader says
   * it, and the page reads on, as the reader does: a damaged step stays in the timeline, but its state
   * and every state rebuilt through it cannot be read (`Timeline.whyNoState`); a damaged event is left
   * out; after a damaged header nothing is read until the next header. Returns whether the line is
   * intact (or, in a version 1 journal, has no checksum).
   */
  intact(text) {
    const isHeader = text.startsWith('{"format":');
    this.lineNumber = isHeader ? 1 : this.lineNumber + 1;
    if (this.refused && !isHeader) return false;
    // A header without a checksum is judged once its version is read (takeHeader).
    const failure = lineChecksumFailure(text, isHeader ? 0 : this.version);
    if (failure === null) return true;
    const reason = checksumReason(failure);
    const place = damagedLinePlace(text);
    const t = this.timeline;
    if (place.kind === "header") {
      this.refusedHeader(reason);
    } else if (place.kind === "event") {
      this.say(this.where() + ": the event after step " + (t ? t.lastStep : "?") + " is damaged: " + reason + "; the page leaves it out.", "error");
    } else if (place.kind === "step" && t && place.step === t.lastStep + 1) {
      this.sites.lose();
      this.appendDamaged(place.step, place.parent, reason);
    } else {
      this.sites.lose();
      this.unplaced = { line: this.lineNumber, reason };
      this.say(this.where() + ": the line is damaged: " + reason + ".", "error");
    }
    return false;
  }

  /** The journal's header, once its checksum was checked: a version 2 or later header must have one. */
  takeHeader(header, text) {
    // A version this page does not read is refused by `header`, with its own sentence; a version 1
    // header needs no checksum.
    if (header.version >= 2 && header.version <= 6 && lineChecksumFailure(text, header.version) !== null) {
      this.refusedHeader("it says version " + header.version + " but does not end with the checksum every line of a journal of version 2 or later ends with");
      return;
    }
    this.refused = false;
    this.unplaced = null;
    this.header(header);
    this.version = numberOf(header.version) || 0;
  }

  refusedHeader(reason) {
    this.refused = true;
    this.say(this.where() + ": the header is damaged: " + reason + "; the page reads nothing more of this journal.", "error");
  }

  /**
   * A damaged step line, in its place: a step whose state, and every state rebuilt through it, the
   * page does not show. Its parent is the one its first bytes name when that is an earlier step on the
   * page, else the step before it, as statedbg's reader takes it.
   */
  appendDamaged(step, parent, reason) {
    const t = this.timeline;
    const damaged = this.where() + ": step " + step + " is damaged: " + reason + ".";
    t.append({ step, parent: parent !== undefined && parent < step && t.entry(parent) ? parent : step - 1, damaged });
    this.appStep = step;
    this.say(damaged + " The states rebuilt through it cannot be read.", "error");
    if (this.page) this.page.scheduleRefresh();
  }

  /**
   * A step line right after a damaged line whose place was not known: when it is the step after the
   * next one, the damaged line was the next step (JournalLineValidator places it so too).
   */
  placeUnplaced(step) {
    const unplaced = this.unplaced;
    this.unplaced = null;
    const t = this.timeline;
    if (!unplaced || unplaced.line !== this.lineNumber - 1 || step !== t.lastStep + 2) return;
    const line = this.lineNumber;
    this.lineNumber = unplaced.line;
    this.appendDamaged(t.lastStep + 1, undefined, unplaced.reason);
    this.lineNumber = line;
  }

  header(header) {
    if (header.format !== "statedbg-journal") throw new Error("the app's journal does not start with a statedbg header");
    if (!(header.version >= 1 && header.version <= 6)) throw new Error("the app writes journal version " + header.version + "; this page reads versions 1 to 6");
    const first = header.firstStep !== undefined ? numberOf(header.firstStep) : 1;
    if (this.timeline && first - 1 === this.timeline.lastStep) return;  // the journal rolled over: the steps go on
    const timeline = new Timeline({
      format: "statedbg-timeline", version: 1,
      recording: { name: header.app, app: header.app, source: "live", firstStep: first - 1, lastStep: first - 1 },
      window: { firstStep: first - 1, lastStep: first - 1 }, events: [],
    });
    timeline.append({ step: first - 1, state: header.initialState });
    this.timeline = timeline;
    if (!this.page) {
      this.page = new Page(timeline, this);
      window.statedbgTimeline = { timeline, page: this.page };
      this.page.start();
      this.page.metrics.openMs = performance.now();
      this.page.status("live");
      document.title = "statedbg · " + visible(header.app) + " (live)";
    } else {
      this.drawnStep = null;
      this.page.replaceTimeline(timeline);
    }
  }

  reply(reply) {
    const request = this.sent.get(reply.reply);
    this.sent.delete(reply.reply);
    const what = request ? request.command : "a command";
    if (reply.ok === false) { this.say(what + ": " + reply.error, "error"); return; }
    if (typeof reply.currentStep === "number") this.appStep = reply.currentStep;
    if (typeof reply.paused === "boolean") this.paused = reply.paused;
    if (request && request.command === "pause") this.paused = true;
    if (request && request.command === "resume") this.paused = false;
    if (request && request.command === "dispatch") $("dispatch-text").value = "";
    let text = reply.message;
    if (text === undefined && request && request.command === "snapshot") text = "the app's state: " + compactJSON(reply.state);
    if (text === undefined && request && request.command === "status") text = "the app is at step " + reply.currentStep + " of " + reply.lastStep;
    this.say(what + ": " + (text !== undefined ? visible(text) : "done"));
    if (this.page) this.page.drawRows();
  }

  notice(notice) {
    switch (notice.live) {
      case "paused": this.paused = true; this.say("the app is paused"); break;
      case "resumed": this.paused = false; this.say("the app runs again" + (notice.queued ? "; " + notice.queued + " held actions ran" : "")); break;
      case "closed": this.ended = true; this.say("the app closed its recorder: " + visible(notice.reason || ""), "error"); break;
      case "dropped": this.ended = true; this.say("the app dropped this debugger: " + visible(notice.reason || ""), "error"); break;
      case "rebased": this.say("the app's journal moved on to a new file"); break;
      case "trap": this.say("breakpoint " + notice.number + " (" + visible(notice.condition || "") + ") met at step " + notice.step); break;
      default: this.say("the app says " + visible(notice.live || "something")); break;
    }
  }

  /** The page drew the steps through `lastStep`: how long each took to appear since it was recorded. */
  arrived(lastStep) {
    const t = this.timeline;
    const now = Date.now();
    // The steps the app had before the page connected are history, not arrivals.
    for (let step = this.drawnStep === null ? lastStep + 1 : Math.max(t.firstStep, this.drawnStep) + 1; step <= lastStep; step++) {
      const time = t.entry(step).time;
      if (time && this.latencies.length < 200000) this.latencies.push(now - time);
    }
    this.drawnStep = lastStep;
    this.showStatus();
  }

  say(text, kind = "info") {
    this.messages.push({ text, kind });
    if (this.messages.length > 200) this.messages.shift();
    const box = $("live-message");
    box.textContent = text;
    box.className = kind === "error" ? "error" : "";
  }

  showStatus() {
    const g = this.greeting;
    const t = this.timeline;
    const parts = [];
    parts.push(g ? visible(g.app) + (g.pid ? " (pid " + g.pid + ")" : "") : "connecting…");
    if (this.appStep !== null && t) parts.push("app at step " + this.appStep + " of " + t.lastStep);
    if (g) parts.push(this.ended ? "ended" : this.paused ? "paused" : "running");
    $("live-status").textContent = parts.join(" · ");
    $("live-status").className = this.paused ? "paused" : "";
  }
}

// ---------------------------------------------------------------- start

(function open() {
  try {
    const document_ = parseJSON($("timeline-data").textContent);
    if (document_.format === "statedbg-live") {
      const feed = new LiveFeed(window.statedbgBridge || new HTTPBridge(tokenInHash()));
      window.statedbgLive = feed;
      feed.start();
      return;
    }
    const timeline = new Timeline(document_);
    for (const entry of document_.steps) timeline.append(entry);
    const page = new Page(timeline);
    window.statedbgTimeline = { timeline, page };
    page.start();
    page.metrics.openMs = performance.now();
    page.status("ready");
  } catch (error) {
    $("status").className = "error";
    $("status").textContent = "statedbg: this page cannot show its recording: " + visible(error.message);
  }
})();
