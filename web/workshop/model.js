// The mission editor's document, free of the DOM so node's test runner can check it: an
// Ambush! mission file (docs/ambush/data.md) read with the vendored smol-toml into a plain
// object (the model), changed by the editor's tools, and written back as TOML laid out the way
// the authored missions are (one line per hex, paragraphs as [[paragraph]] tables).
//
// The text is the document: the model is what the text parses to, and every edit made with the
// map or a form writes the whole text again (comments of an opened file are lost then).

import { parse, TomlError } from '../vendor/smol-toml/index.js';

// AMBX-MAP-5, the terrains a hex may have (games/ambush/src/data/map.rs).
export const TERRAINS = ['clear', 'road', 'field', 'brush', 'forest', 'rough', 'rubble', 'crater', 'building', 'stream', 'bridge'];
// AMBX-MAP-4, the hexside features.
export const FEATURES = ['wall', 'door', 'window', 'breach', 'embankment', 'crest'];
export const MATERIALS = ['wood', 'stone'];
export const EDGES = ['north', 'east', 'south', 'west'];
// AMBX-MAP-2: the six directions of a flat-topped hex, N clockwise to NW.
export const DIRS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'];
export const MAX_ELEVATION = 3;
// The map's colours, by terrain (games/ambush/src/map.rs `colour`).
export const TERRAIN_COLOURS = {
  clear: '#dfe6b8',
  road: '#d8c7a0',
  field: '#e8d98a',
  brush: '#b5c98a',
  forest: '#6f9a5a',
  rough: '#b9a98c',
  rubble: '#a39b93',
  crater: '#9c8b73',
  building: '#c7a27c',
  stream: '#8db6d6',
  bridge: '#b7a58f',
};
// The hexside colours (games/ambush/src/picture.rs).
export const FEATURE_COLOURS = {
  wall: '#3b2a1a',
  door: '#c8102e',
  window: '#2f7fd0',
  breach: '#888888',
  embankment: '#6b4f2a',
  crest: '#5a3d1e',
};

// ---------------------------------------------------------------- reading

// Read `text`: `{ doc }`, or `{ error: { line, column, message } }` for a TOML syntax error
// (the model is then left as it was by whoever asked).
export function parseMission(text) {
  try {
    return { doc: plain(parse(text)) };
  } catch (error) {
    return { error: syntaxError(error) };
  }
}

// smol-toml's tables as ordinary objects (it makes some without a prototype), so a table read
// and one the editor makes are alike.
function plain(value) {
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

// The editor's model after the text became `text`: the text's model when it reads, or the
// model as it was (`current`) with the syntax error: `{ doc, syntax }`.
export function applyText(current, text) {
  const read = parseMission(text);
  return read.error ? { doc: current, syntax: read.error } : { doc: read.doc, syntax: null };
}

function syntaxError(error) {
  if (error instanceof TomlError) {
    const message = String(error.message)
      .replace(/^Invalid TOML document:\s*/, '')
      .split('\n')[0];
    return { line: error.line ?? null, column: error.column ?? null, message };
  }
  return { line: null, column: null, message: String(error?.message ?? error) };
}

// ---------------------------------------------------------------- writing

const BARE_KEY = /^[A-Za-z0-9_-]+$/;
// The order the authored missions give their parts; any other key follows them.
const TOP_ORDER = ['schema', 'authored_by', 'mission', 'condition', 'events', 'map', 'sheet', 'german', 'vehicle', 'victory', 'paragraph'];
// Tables whose entries are hexes, one line each, in label order.
const HEX_TABLES = new Set(['map.hex', 'sheet.check', 'sheet.gmove']);
// Arrays of tables written as [[...]] headers; every other array is written inline.
const TABLE_ARRAYS = new Set(['condition', 'german', 'vehicle', 'paragraph', 'paragraph.lines']);

function key(text, quoted = false) {
  return !quoted && BARE_KEY.test(text) ? text : basicString(text);
}

// A TOML basic string: JSON's escapes are TOML's (\uXXXX for control characters), but DEL
// must be escaped too.
function basicString(text) {
  return JSON.stringify(text).replaceAll('\x7f', '\\u007f');
}

// A string with line breaks as a multi-line basic string, its lines kept as written.
function multiline(text) {
  const escaped = text
    .replaceAll('\\', '\\\\')
    .replaceAll('"', '\\"')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `"""\n${escaped}"""`;
}

function isTable(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
}

// One value written inline (`{ op = "nothing" }`, `["0102", "0103"]`). `block` lets a long
// array of tables or of arrays take a line per element.
export function inlineValue(value, block = false, indent = '') {
  if (typeof value === 'string') {
    return value.includes('\n') ? multiline(value) : basicString(value);
  }
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'nan';
    if (value === Infinity) return 'inf';
    if (value === -Infinity) return '-inf';
    return String(value);
  }
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const nested = value.some((v) => Array.isArray(v) || isTable(v));
    if (block && nested && value.length > 1) {
      const inner = `${indent}  `;
      return `[\n${value.map((v) => `${inner}${inlineValue(v, false, inner)},\n`).join('')}${indent}]`;
    }
    return `[${value.some(isTable) ? ' ' : ''}${value.map((v) => inlineValue(v, false, indent)).join(', ')}${value.some(isTable) ? ' ' : ''}]`;
  }
  if (isTable(value)) {
    const keys = Object.keys(value).filter((k) => value[k] !== undefined && value[k] !== null);
    if (keys.length === 0) return '{}';
    return `{ ${keys.map((k) => `${key(k)} = ${inlineValue(value[k], false, indent)}`).join(', ')} }`;
  }
  throw new TypeError(`cannot write ${typeof value} as TOML`);
}

// Key-value lines of `table`, its arrays of tables (by `path` in TABLE_ARRAYS) after them.
function body(table, path, lines, { hexes = false } = {}) {
  const keys = Object.keys(table).filter((k) => table[k] !== undefined && table[k] !== null);
  if (hexes) keys.sort();
  const later = [];
  for (const k of keys) {
    const value = table[k];
    const childPath = path ? `${path}.${k}` : k;
    if (Array.isArray(value) && value.length && value.every(isTable) && TABLE_ARRAYS.has(childPath)) {
      later.push([k, value, childPath]);
    } else {
      lines.push(`${key(k, hexes)} = ${inlineValue(value, true)}`);
    }
  }
  for (const [, value, childPath] of later) {
    for (const entry of value) {
      lines.push(`[[${childPath}]]`);
      body(entry, childPath, lines);
    }
  }
}

// The model as a mission file. Every value the model holds comes back when the text is read
// again (`parseMission(serializeMission(doc)).doc` deep-equals `doc`).
export function serializeMission(doc) {
  const lines = [];
  const keys = Object.keys(doc).filter((k) => doc[k] !== undefined && doc[k] !== null);
  keys.sort((a, b) => rank(a) - rank(b));
  // Plain values first: TOML puts a table's keys before its sub-tables.
  const plain = keys.filter((k) => !isTable(doc[k]) && !(Array.isArray(doc[k]) && doc[k].length && doc[k].every(isTable)));
  for (const k of plain) lines.push(`${key(k)} = ${inlineValue(doc[k], true)}`);
  for (const k of keys) {
    if (plain.includes(k)) continue;
    const value = doc[k];
    lines.push('');
    if (Array.isArray(value)) {
      value.forEach((entry, i) => {
        if (i > 0) lines.push('');
        lines.push(`[[${key(k)}]]`);
        body(entry, k, lines);
      });
      continue;
    }
    // A table: its plain values under its header, then its tables (`[map.hex]`) each under
    // their own header, one line per entry.
    const subtables = Object.keys(value).filter((s) => isTable(value[s]));
    const own = Object.fromEntries(Object.entries(value).filter(([s]) => !subtables.includes(s)));
    if (Object.keys(own).length || !subtables.length) {
      lines.push(`[${key(k)}]`);
      body(own, k, lines);
    }
    subtables.forEach((s, i) => {
      const path = `${k}.${s}`;
      if (i > 0 || Object.keys(own).length) lines.push('');
      lines.push(`[${key(k)}.${key(s)}]`);
      body(value[s], path, lines, { hexes: HEX_TABLES.has(path) });
    });
  }
  return `${lines.join('\n').replace(/^\n+/, '')}\n`;
}

function rank(k) {
  const i = TOP_ORDER.indexOf(k);
  return i < 0 ? TOP_ORDER.length : i;
}

// ---------------------------------------------------------------- the map's geometry

// A hex label `CCRR` from its printed column and row (both from 1).
export function hexLabel(column, row) {
  return `${String(column).padStart(2, '0')}${String(row).padStart(2, '0')}`;
}

// The printed `[column, row]` of `CCRR`, or null.
export function parseLabel(label) {
  const match = /^(\d\d)(\d\d)$/.exec(label ?? '');
  if (!match) return null;
  const column = Number(match[1]);
  const row = Number(match[2]);
  return column >= 1 && row >= 1 ? [column, row] : null;
}

// AMBX-MAP-2: the step to the neighbour in each direction, odd and even printed columns (the
// even ones half a hex lower).
const ODD_COLUMN = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 0], [-1, -1]];
const EVEN_COLUMN = [[0, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0]];

// The label of the neighbour of `label` in direction `dir` (`'NE'`), or null off the labels.
export function neighbour(label, dir) {
  const at = parseLabel(label);
  const index = DIRS.indexOf(dir);
  if (!at || index < 0) return null;
  const [dc, dr] = (at[0] % 2 === 1 ? ODD_COLUMN : EVEN_COLUMN)[index];
  const column = at[0] + dc;
  const row = at[1] + dr;
  return column >= 1 && row >= 1 && column <= 99 && row <= 99 ? hexLabel(column, row) : null;
}

export function opposite(dir) {
  return DIRS[(DIRS.indexOf(dir) + 3) % 6];
}

// Every label of a `columns` x `rows` map, column by column.
export function gridLabels(columns, rows) {
  const labels = [];
  for (let c = 1; c <= columns; c += 1) {
    for (let r = 1; r <= rows; r += 1) labels.push(hexLabel(c, r));
  }
  return labels;
}

// The centre of hex (column, row) for hexes of `size` (centre to corner), flat-topped, the
// first hex's corners touching the drawing's top and left edges.
export function hexCentre(column, row, size) {
  const height = Math.sqrt(3) * size;
  return {
    x: size + 1.5 * size * (column - 1),
    y: height / 2 + height * (row - 1 + (column % 2 === 0 ? 0.5 : 0)),
  };
}

// The six corners of a flat-topped hex, from the east one clockwise (y grows down).
export function hexCorners(centre, size) {
  return Array.from({ length: 6 }, (_, k) => {
    const angle = (Math.PI / 3) * k;
    return { x: centre.x + size * Math.cos(angle), y: centre.y + size * Math.sin(angle) };
  });
}

// The two ends of side `dir` of a hex: N is the top edge, between the corners at 240° and 300°.
export function sideEnds(centre, size, dir) {
  const corners = hexCorners(centre, size);
  const i = DIRS.indexOf(dir);
  return [corners[(4 + i) % 6], corners[(5 + i) % 6]];
}

// The side of a hex a point is nearest: the direction from the centre to the point.
export function sideToward(centre, point) {
  const degrees = (Math.atan2(point.y - centre.y, point.x - centre.x) * 180) / Math.PI;
  const index = Math.round((degrees + 90) / 60);
  return DIRS[((index % 6) + 6) % 6];
}

// ---------------------------------------------------------------- the model's parts

export function mission(doc) {
  if (!isTable(doc.mission)) doc.mission = {};
  return doc.mission;
}

export function mapSize(doc) {
  const header = isTable(doc.mission) ? doc.mission : {};
  const columns = Number.isInteger(header.map_cols) ? header.map_cols : 0;
  const rows = Number.isInteger(header.map_rows) ? header.map_rows : 0;
  return { columns: Math.max(0, Math.min(columns, 99)), rows: Math.max(0, Math.min(rows, 99)) };
}

function hexTable(doc) {
  if (!isTable(doc.map)) doc.map = {};
  if (!isTable(doc.map.hex)) doc.map.hex = {};
  return doc.map.hex;
}

function sheetTable(doc, which) {
  if (!isTable(doc.sheet)) doc.sheet = {};
  if (!isTable(doc.sheet[which])) doc.sheet[which] = {};
  return doc.sheet[which];
}

// The hex as the model holds it (`{ terrain, elev, building?, material?, sides? }`), or null.
export function hexAt(doc, label) {
  const hex = isTable(doc.map) && isTable(doc.map.hex) ? doc.map.hex[label] : null;
  return isTable(hex) ? hex : null;
}

function ensureHex(doc, label) {
  const hexes = hexTable(doc);
  if (!isTable(hexes[label])) hexes[label] = { terrain: 'clear', elev: 0 };
  return hexes[label];
}

// Paint `label` with `terrain`; a building takes `building` and `material` (a hex that stops
// being a building loses them). Elevation and sides stay.
export function paintHex(doc, label, { terrain, building, material } = {}) {
  const hex = ensureHex(doc, label);
  if (terrain) hex.terrain = terrain;
  if (hex.elev === undefined) hex.elev = 0;
  if (hex.terrain === 'building') {
    hex.building = building || hex.building || 'house';
    hex.material = material || hex.material || 'stone';
  } else {
    delete hex.building;
    delete hex.material;
  }
  return hex;
}

// Set `label`'s elevation, kept within 0..=3.
export function setElevation(doc, label, elev) {
  const hex = ensureHex(doc, label);
  hex.elev = Math.max(0, Math.min(MAX_ELEVATION, Math.round(Number(elev) || 0)));
  return hex;
}

// The feature on side `dir` of `label`, as listed on it or on its neighbour, or null.
export function sideOf(doc, label, dir) {
  const own = hexAt(doc, label)?.sides?.[dir];
  if (own) return own;
  const other = neighbour(label, dir);
  return (other && hexAt(doc, other)?.sides?.[opposite(dir)]) || null;
}

// Set (or with a null `feature`, clear) the feature on side `dir` of `label`. It is written on
// `label`; the neighbour's listing of the same side, which must agree, is removed.
export function setSide(doc, label, dir, feature) {
  if (!DIRS.includes(dir)) throw new RangeError(`no direction ${dir}`);
  const hex = ensureHex(doc, label);
  const other = neighbour(label, dir);
  const mirror = other ? hexAt(doc, other) : null;
  if (mirror?.sides && opposite(dir) in mirror.sides) {
    delete mirror.sides[opposite(dir)];
    if (!Object.keys(mirror.sides).length) delete mirror.sides;
  }
  if (feature) {
    const sides = isTable(hex.sides) ? hex.sides : {};
    sides[dir] = feature;
    hex.sides = Object.fromEntries(DIRS.filter((d) => d in sides).map((d) => [d, sides[d]])
      .concat(Object.entries(sides).filter(([d]) => !DIRS.includes(d))));
  } else if (hex.sides) {
    delete hex.sides[dir];
    if (!Object.keys(hex.sides).length) delete hex.sides;
  }
  return hex;
}

// Make the map `columns` x `rows`: hexes new to it are clear at elevation 0, hexes off it go.
// Returns the labels removed.
export function resizeMap(doc, columns, rows) {
  const header = mission(doc);
  header.map_cols = columns;
  header.map_rows = rows;
  const hexes = hexTable(doc);
  const wanted = new Set(gridLabels(columns, rows));
  const removed = Object.keys(hexes).filter((label) => !wanted.has(label)).sort();
  for (const label of removed) delete hexes[label];
  for (const label of wanted) {
    if (!isTable(hexes[label])) hexes[label] = { terrain: 'clear', elev: 0 };
  }
  return removed;
}

// The Conditions the sheet has columns for: the mission's [[condition]] numbers (1, 2, 3 when
// it lists none).
export function conditionNumbers(doc) {
  const numbers = (Array.isArray(doc.condition) ? doc.condition : [])
    .map((c) => c?.number)
    .filter((n) => Number.isInteger(n));
  return numbers.length ? numbers : [1, 2, 3];
}

export function conditionName(doc, number) {
  const found = (Array.isArray(doc.condition) ? doc.condition : []).find((c) => c?.number === number);
  return typeof found?.name === 'string' ? found.name : '';
}

// The sheet's `which` (`check` or `gmove`) entry for `label` in Condition `condition`, or
// undefined.
export function sheetEntry(doc, which, label, condition) {
  const row = isTable(doc.sheet) && isTable(doc.sheet[which]) ? doc.sheet[which][label] : null;
  return isTable(row) ? row[String(condition)] : undefined;
}

// Set the sheet's entry (a string, or `{ first = [...] }` as an object); undefined or '' removes
// it, and a hex left without entries leaves the table.
export function setSheetEntry(doc, which, label, condition, value) {
  const table = sheetTable(doc, which);
  const row = isTable(table[label]) ? table[label] : {};
  if (value === undefined || value === null || value === '') {
    delete row[String(condition)];
  } else {
    row[String(condition)] = value;
  }
  if (Object.keys(row).length) table[label] = row;
  else delete table[label];
}

// The text a sheet input shows for an entry: the string itself, a richer entry as inline TOML.
export function entryText(value) {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : inlineValue(value);
}

// What a sheet input's text means: `{ value }` (a string, an object for `{ first = [...] }`,
// undefined when empty) or `{ error }`.
export function readEntry(text) {
  const trimmed = String(text ?? '').trim();
  if (trimmed === '') return { value: undefined };
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    const read = parseMission(`entry = ${trimmed}`);
    if (read.error) return { error: `not TOML: ${read.error.message}` };
    return { value: read.doc.entry };
  }
  return { value: trimmed.replace(/^"(.*)"$/, '$1') };
}

// ---------------------------------------------------------------- paragraphs

export function paragraphs(doc) {
  return Array.isArray(doc.paragraph) ? doc.paragraph : [];
}

// The first free paragraph id from `from` up (`"101"`).
export function nextParagraphId(doc, from = 101) {
  const taken = new Set(paragraphs(doc).map((p) => p?.id));
  for (let n = from; n <= 999; n += 1) {
    const id = String(n).padStart(3, '0');
    if (!taken.has(id)) return id;
  }
  return '999';
}

// Add a paragraph `id` (doing nothing until it is given effects); returns its index.
export function addParagraph(doc, id, { text = '', effects = [{ op: 'nothing' }] } = {}) {
  if (!Array.isArray(doc.paragraph)) doc.paragraph = [];
  doc.paragraph.push({ id: String(id), text, effects });
  return doc.paragraph.length - 1;
}

export function removeParagraph(doc, index) {
  if (!Array.isArray(doc.paragraph)) return;
  doc.paragraph.splice(index, 1);
  if (!doc.paragraph.length) delete doc.paragraph;
}

// Set one of a paragraph's own fields (`id`, `sighting`, `text`, `mode`); an empty sighting
// or mode removes the field.
export function setParagraphField(doc, index, field, value) {
  const paragraph = paragraphs(doc)[index];
  if (!paragraph) return;
  if (value === undefined || value === null || value === '') {
    if (field === 'text') paragraph.text = '';
    else delete paragraph[field];
  } else {
    paragraph[field] = value;
  }
  // Keep the fields in the order the authored files write them.
  const order = ['id', 'sighting', 'text', 'mode', 'effects', 'lines'];
  const sorted = Object.fromEntries([...order.filter((k) => k in paragraph), ...Object.keys(paragraph).filter((k) => !order.includes(k))]
    .map((k) => [k, paragraph[k]]));
  for (const k of Object.keys(paragraph)) delete paragraph[k];
  Object.assign(paragraph, sorted);
}

const PARAGRAPH_OWN = ['id', 'sighting', 'text', 'mode'];

// A paragraph's effects and conditional lines as TOML, for a textarea: `effects = [...]` and
// each line as `[[lines]]` (the file's `[[paragraph.lines]]`), plus any other key it has.
export function paragraphRest(paragraph) {
  const rest = {};
  for (const [k, v] of Object.entries(paragraph ?? {})) {
    if (!PARAGRAPH_OWN.includes(k)) rest[k] = v;
  }
  const lines = [];
  const later = [];
  for (const [k, v] of Object.entries(rest)) {
    if (k === 'lines' && Array.isArray(v) && v.every(isTable)) later.push(v);
    else lines.push(`${key(k)} = ${inlineValue(v, true)}`);
  }
  for (const list of later) {
    for (const line of list) {
      lines.push('[[lines]]');
      body(line, 'lines', lines);
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

// Put the TOML of a paragraph's textarea back: `{ ok: true }` or `{ error }` (a syntax error
// with its line in the textarea, or a key that is a paragraph's own field).
export function setParagraphRest(doc, index, text) {
  const paragraph = paragraphs(doc)[index];
  if (!paragraph) return { error: { line: null, message: 'no such paragraph' } };
  const read = parseMission(text);
  if (read.error) return { error: read.error };
  const rest = read.doc;
  // `[[paragraph.lines]]` pasted from a file means the same as `[[lines]]`.
  if (isTable(rest.paragraph) && Array.isArray(rest.paragraph.lines) && Object.keys(rest.paragraph).length === 1) {
    rest.lines = [...(Array.isArray(rest.lines) ? rest.lines : []), ...rest.paragraph.lines];
    delete rest.paragraph;
  }
  const own = Object.keys(rest).filter((k) => PARAGRAPH_OWN.includes(k));
  if (own.length) {
    return { error: { line: null, message: `${own.join(', ')} ${own.length > 1 ? 'are' : 'is'} set in the fields above, not here` } };
  }
  for (const k of Object.keys(paragraph)) {
    if (!PARAGRAPH_OWN.includes(k)) delete paragraph[k];
  }
  Object.assign(paragraph, rest);
  return { ok: true };
}

// ---------------------------------------------------------------- problems

// What a validator problem points at in the editor: `{ hex }` for a hex's field
// (`map.hex.0503.sides`, `sheet.check.0503`), `{ paragraph }` (an index) for a problem on a
// line inside the n-th [[paragraph]] of `text` (or its `paragraph.*` field), or `{}`.
export function problemTarget(problem, text) {
  const field = String(problem?.field ?? '');
  const hex = /^(?:map\.hex|sheet\.check|sheet\.gmove)\.(\d{4})\b/.exec(field);
  if (hex) return { hex: hex[1] };
  const line = Number(problem?.line);
  if (Number.isInteger(line) && line > 0 && typeof text === 'string') {
    const index = paragraphAtLine(text, line);
    if (index !== null) return { paragraph: index };
  }
  return {};
}

// A table header line (`[map.hex]`, `[[paragraph.lines]]`): `{ array, name }` with the name's
// quotes and spaces taken out, or null for any other line.
function header(line) {
  const match = /^\s*(\[\[?)\s*([A-Za-z0-9_."' -]+?)\s*\]\]?\s*(?:#.*)?$/.exec(line);
  if (!match) return null;
  return { array: match[1] === '[[', name: match[2].replace(/["'\s]/g, '') };
}

// The index of the [[paragraph]] whose table holds line `line` (1-based) of `text`, or null.
export function paragraphAtLine(text, line) {
  const lines = text.split(/\r?\n/);
  let index = -1;
  let inside = false;
  for (let i = 0; i < Math.min(line, lines.length); i += 1) {
    const found = header(lines[i]);
    if (!found) continue;
    if (found.array && found.name === 'paragraph') {
      index += 1;
      inside = true;
    } else if (!found.name.startsWith('paragraph.')) {
      inside = false;
    }
  }
  return inside ? index : null;
}

// The line (1-based) where `[[paragraph]]` number `index` starts in `text`, or null.
export function paragraphLine(text, index) {
  const lines = text.split(/\r?\n/);
  let seen = -1;
  for (let i = 0; i < lines.length; i += 1) {
    const found = header(lines[i]);
    if (found?.array && found.name === 'paragraph') {
      seen += 1;
      if (seen === index) return i + 1;
    }
  }
  return null;
}

// The line (1-based) of hex `label`'s entry in table `table` (`map.hex`) of `text`, or null.
export function hexLine(text, table, label) {
  const lines = text.split(/\r?\n/);
  let inside = false;
  const entry = new RegExp(`^\\s*["']?${label}["']?\\s*=`);
  for (let i = 0; i < lines.length; i += 1) {
    const found = header(lines[i]);
    if (found) {
      inside = !found.array && found.name === table;
      continue;
    }
    if (inside && entry.test(lines[i])) return i + 1;
  }
  return null;
}

// The problems' summary line: "No problems" or "3 problems".
export function problemsSummary(problems) {
  if (!problems.length) return 'No problems: the mission can be played.';
  return `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
}

// One problem as a sentence: "line 12, sheet.check.0204: paragraph 150 does not exist".
export function problemText(problem) {
  const where = [];
  if (problem.line) where.push(`line ${problem.line}${problem.column ? `:${problem.column}` : ''}`);
  if (problem.field) where.push(problem.field);
  return `${where.length ? `${where.join(', ')}: ` : ''}${problem.message}`;
}

// ---------------------------------------------------------------- files

// A file name for a mission from its id and name: `x1_the_old_mill.toml`.
export function suggestedFileName(doc) {
  const header = isTable(doc.mission) ? doc.mission : {};
  const slug = (text) => String(text ?? '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  const stem = [slug(header.id), slug(header.name)].filter(Boolean).join('_') || 'my_mission';
  return `${stem.slice(0, 60)}.toml`;
}

// What is wrong with `name` as a file name the workshop takes (lower-case letters, digits,
// `_` and `-`, at most 64 of them, then `.toml`), or null.
export function fileNameProblem(name) {
  if (!/^[a-z0-9][a-z0-9_-]{0,63}\.toml$/.test(name ?? '')) {
    return 'a file name is lower-case letters, digits, _ and - (at most 64), then .toml, like x1_my_mission.toml';
  }
  return null;
}
