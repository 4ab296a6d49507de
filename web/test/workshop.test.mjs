// The mission editor's logic: a mission file read into the model, changed by the editor's
// tools (a hex painted, a hexside set, a sheet entry, a paragraph added) and written back as
// TOML that reads again to the same model; a syntax error leaves the model alone; the map's
// geometry agrees with the game's (AMBX-MAP-2); problems point at hexes and paragraphs; the
// balance lab's answer in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  addParagraph, applyText, entryText, fileNameProblem, gridLabels, hexAt, hexCentre, hexLine,
  neighbour, paintHex, paragraphAtLine, paragraphLine, paragraphRest, parseMission, problemTarget,
  problemText, readEntry, removeParagraph, resizeMap, serializeMission, setElevation,
  setParagraphField, setParagraphRest, setSheetEntry, setSide, sheetEntry, sideEnds, sideOf,
  sideToward, suggestedFileName,
} from '../workshop/model.js';
import { balanceSummary, difficulty, gamesWanted } from '../workshop/lab.js';
import { lineColumn, lineSpan } from '../workshop/raw.js';
import { hexesText, readHexes } from '../workshop/header.js';
import { wantedFromHash } from '../workshop.js';

const here = dirname(fileURLToPath(import.meta.url));
const missions = join(here, '../../data/ambush/missions');

// A small mission in the authored files' layout (comments included, as an opened file has).
const SMALL = `# a test mission
schema = 1
authored_by = "Overlord project"

[mission]
id = "X1"
name = "Test"
date = "1944-06-20"
map_cols = 3
map_rows = 2
start_condition = 1
squad = "sample_squad"
us_entry = ["0101"]
german_exit_edge = "east"
briefing = """
Two lines
of "briefing".
"""

[[condition]]
number = 1
name = "Quiet"
activation_level = 3
activation_pool = ["101"]

[events]
re = ["-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-"]

[map.hex]
"0101" = { terrain = "clear", elev = 0 }
"0102" = { terrain = "clear", elev = 0 }
"0201" = { terrain = "road", elev = 0 }
"0202" = { terrain = "building", elev = 0, building = "hut", material = "wood", sides = { S = "door" } }
"0301" = { terrain = "forest", elev = 1 }
"0302" = { terrain = "clear", elev = 0 }

[sheet.check]
"0201" = { 1 = "101" }

[sheet.gmove]

[victory]
require_us_in = ["0202"]

[[paragraph]]
id = "101"
sighting = 1
text = "Something."
effects = [ { op = "set_flag", flag = "seen" } ]
`;

function read(text) {
  const { doc, error } = parseMission(text);
  assert.equal(error, undefined, `reads: ${JSON.stringify(error)}`);
  return doc;
}

// The text written for `doc` reads again to `doc`.
function roundTrip(doc) {
  const text = serializeMission(doc);
  assert.deepStrictEqual(read(text), doc, `the written text reads to the same model:\n${text}`);
  return text;
}

test('a mission reads into the model and is written back to the same model, one line per hex', () => {
  const doc = read(SMALL);
  assert.equal(doc.mission.id, 'X1');
  assert.equal(doc.mission.briefing, 'Two lines\nof "briefing".\n');
  assert.deepEqual(doc.map.hex['0202'].sides, { S: 'door' });
  assert.deepEqual(doc.sheet.gmove, {});
  const text = roundTrip(doc);
  assert.match(text, /^\[map\.hex\]\n"0101" = \{ terrain = "clear", elev = 0 \}$/m);
  assert.match(text, /^"0202" = \{ terrain = "building", elev = 0, building = "hut", material = "wood", sides = \{ S = "door" \} \}$/m);
  assert.match(text, /^\[sheet\.check\]\n"0201" = \{ 1 = "101" \}$/m);
  assert.match(text, /^\[sheet\.gmove\]$/m, 'an empty table is kept');
  assert.match(text, /^briefing = """\nTwo lines\nof \\"briefing\\"\.\n"""$/m);
  assert.match(text, /^\[\[paragraph\]\]\nid = "101"\nsighting = 1\ntext = "Something\."\neffects = \[ \{ op = "set_flag", flag = "seen" \} \]$/m);
  assert.doesNotMatch(text, /# a test mission/, 'comments are not kept (the page says so)');
});

test('painting a hex, a hexside, a sheet entry and a paragraph: the text reads again to the same model', () => {
  const doc = read(SMALL);
  paintHex(doc, '0102', { terrain: 'forest' });
  setElevation(doc, '0102', 2);
  paintHex(doc, '0302', { terrain: 'building', building: 'barn', material: 'stone' });
  setSide(doc, '0302', 'NW', 'window');
  setSide(doc, '0101', 'SE', 'wall');
  setSheetEntry(doc, 'check', '0102', 1, 's1:150');
  setSheetEntry(doc, 'check', '0301', 2, { first: ['s3:104', 'E'] });
  setSheetEntry(doc, 'gmove', '0301', 1, '0302');
  const index = addParagraph(doc, '150');
  setParagraphField(doc, index, 'text', 'A new paragraph.');
  setParagraphField(doc, index, 'sighting', 1);
  const text = roundTrip(doc);
  assert.deepEqual(hexAt(doc, '0102'), { terrain: 'forest', elev: 2 });
  assert.deepEqual(hexAt(doc, '0302'), { terrain: 'building', elev: 0, building: 'barn', material: 'stone', sides: { NW: 'window' } });
  assert.match(text, /^"0102" = \{ terrain = "forest", elev = 2 \}$/m);
  assert.match(text, /^"0101" = \{ terrain = "clear", elev = 0, sides = \{ SE = "wall" \} \}$/m);
  assert.match(text, /^"0102" = \{ 1 = "s1:150" \}$/m);
  assert.match(text, /^"0301" = \{ 2 = \{ first = \["s3:104", "E"\] \} \}$/m);
  assert.match(text, /^\[sheet\.gmove\]\n"0301" = \{ 1 = "0302" \}$/m);
  assert.match(text, /^\[\[paragraph\]\]\nid = "150"\nsighting = 1\ntext = "A new paragraph\."\neffects = \[ \{ op = "nothing" \} \]$/m);
  // The hexes stay in label order, the new sheet row among them.
  const sheet = text.slice(text.indexOf('[sheet.check]'), text.indexOf('[sheet.gmove]'));
  assert.deepEqual([...sheet.matchAll(/^"(\d{4})"/gm)].map((m) => m[1]), ['0102', '0201', '0301']);
  // Painting a building hex something else takes its building away.
  paintHex(doc, '0202', { terrain: 'rubble' });
  assert.deepEqual(hexAt(doc, '0202'), { terrain: 'rubble', elev: 0, sides: { S: 'door' } });
  // Emptying a sheet entry removes it, and the hex's row when it was the last.
  setSheetEntry(doc, 'check', '0102', 1, '');
  assert.equal(doc.sheet.check['0102'], undefined);
  removeParagraph(doc, index);
  assert.equal(doc.paragraph.length, 1);
  roundTrip(doc);
});

test('every authored mission is written back to the same model', () => {
  const files = readdirSync(missions).filter((f) => f.endsWith('.toml'));
  assert.ok(files.length >= 8, 'the authored missions are found');
  for (const file of files) {
    const doc = read(readFileSync(join(missions, file), 'utf8'));
    const text = roundTrip(doc);
    assert.match(text, /^\[map\.hex\]$/m, file);
  }
});

test('a TOML syntax error is reported with its line, and the model stays as it was', () => {
  const doc = read(SMALL);
  const broken = SMALL.replace('name = "Test"', 'name = "Test');
  const { error } = parseMission(broken);
  assert.equal(error.line, 7);
  assert.ok(error.column >= 1);
  assert.ok(error.message.length > 0 && !error.message.includes('\n'), error.message);
  const after = applyText(doc, broken);
  assert.equal(after.doc, doc, 'the same model');
  assert.equal(after.syntax.line, 7);
  const fixed = applyText(doc, SMALL.replace('name = "Test"', 'name = "Fixed"'));
  assert.equal(fixed.syntax, null);
  assert.equal(fixed.doc.mission.name, 'Fixed');
});

test('a hexside is set on one hex, and its neighbour\'s listing of the same side gives way', () => {
  const doc = read(SMALL);
  // 0202's S side is 0203's N side; column 02 is even, so 0201's SE neighbour is 0302.
  assert.equal(neighbour('0201', 'SE'), '0302');
  assert.equal(sideOf(doc, '0203', 'N'), 'door', 'read from the neighbour');
  setSide(doc, '0302', 'NW', 'wall');
  assert.equal(sideOf(doc, '0201', 'SE'), 'wall');
  setSide(doc, '0201', 'SE', 'crest');
  assert.equal(doc.map.hex['0302'].sides, undefined, 'the other listing is removed, so the two never disagree');
  assert.deepEqual(doc.map.hex['0201'].sides, { SE: 'crest' });
  setSide(doc, '0302', 'NW', null);
  assert.equal(sideOf(doc, '0201', 'SE'), null, 'cleared from either side');
  assert.equal(doc.map.hex['0201'].sides, undefined);
  // The sides are written in the direction order N..NW.
  setSide(doc, '0101', 'S', 'wall');
  setSide(doc, '0101', 'N', 'door');
  assert.deepEqual(Object.keys(doc.map.hex['0101'].sides), ['N', 'S']);
  assert.throws(() => setSide(doc, '0101', 'E', 'wall'), /no direction/);
});

test('the map\'s geometry is the game\'s: flat-topped columns, the even ones half a hex lower (AMBX-MAP-2)', () => {
  const around = (label) => ['N', 'NE', 'SE', 'S', 'SW', 'NW'].map((d) => neighbour(label, d));
  assert.deepEqual(around('0303'), ['0302', '0402', '0403', '0304', '0203', '0202']);
  assert.deepEqual(around('0403'), ['0402', '0503', '0504', '0404', '0304', '0303']);
  assert.equal(neighbour('0101', 'N'), null, 'off the labels');
  assert.deepEqual(gridLabels(2, 2), ['0101', '0102', '0201', '0202']);
  const size = 30;
  const a = hexCentre(1, 1, size);
  const b = hexCentre(2, 1, size);
  assert.equal(a.x, 30);
  assert.ok(Math.abs(b.y - a.y - (Math.sqrt(3) * size) / 2) < 1e-9, 'an even column is half a hex lower');
  // Each neighbour's centre lies in the direction of the side between them.
  const centre = hexCentre(3, 3, size);
  for (const dir of ['N', 'NE', 'SE', 'S', 'SW', 'NW']) {
    const [c, r] = [Number(neighbour('0303', dir).slice(0, 2)), Number(neighbour('0303', dir).slice(2))];
    assert.equal(sideToward(centre, hexCentre(c, r, size)), dir, `toward ${dir}`);
    // The side's ends are shared with the neighbour's opposite side.
    const [p, q] = sideEnds(centre, size, dir);
    const mid = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
    const there = hexCentre(c, r, size);
    assert.ok(Math.abs(mid.x - (centre.x + there.x) / 2) < 1e-9 && Math.abs(mid.y - (centre.y + there.y) / 2) < 1e-9, dir);
  }
  assert.equal(sideToward(centre, { x: centre.x, y: centre.y - 5 }), 'N');
  assert.equal(sideToward(centre, { x: centre.x - 5, y: centre.y + 3 }), 'SW');
});

test('sheet inputs: the short entries as written, the richer ones as TOML', () => {
  assert.deepEqual(readEntry(''), { value: undefined });
  for (const entry of ['-', 'E', 'A', '114', 's3:104', '0405']) assert.deepEqual(readEntry(` ${entry} `), { value: entry });
  assert.deepEqual(readEntry('"s3:104"'), { value: 's3:104' });
  assert.deepEqual(readEntry('{ first = ["s3:104", "E"] }'), { value: { first: ['s3:104', 'E'] } });
  assert.match(readEntry('{ first = ["s3:104", }').error, /^not TOML/);
  assert.equal(entryText('E'), 'E');
  assert.equal(entryText({ any: ['s5:110', 's6:118'] }), '{ any = ["s5:110", "s6:118"] }');
  assert.equal(entryText(undefined), '');
  const doc = read(SMALL);
  assert.equal(sheetEntry(doc, 'check', '0201', 1), '101');
  assert.equal(sheetEntry(doc, 'check', '0201', 2), undefined);
});

test('a paragraph\'s effects and lines are edited as TOML, [[lines]] for [[paragraph.lines]]', () => {
  const doc = read(readFileSync(join(missions, 's1_crossroads_farm.toml'), 'utf8'));
  const index = doc.paragraph.findIndex((p) => p.id === '103');
  const rest = paragraphRest(doc.paragraph[index]);
  assert.match(rest, /^\[\[lines\]\]\nwhen = \{ hex_marker = "trap_resolved" \}$/m);
  assert.doesNotMatch(rest, /^(id|mode) =|The barn doorway/m, 'the paragraph\'s own fields are not in the box');
  const before = structuredClone(doc.paragraph[index]);
  assert.deepEqual(setParagraphRest(doc, index, rest), { ok: true });
  assert.deepStrictEqual(doc.paragraph[index], before, 'the box reads back to the same paragraph');
  // Pasted from a file, [[paragraph.lines]] means the same.
  assert.deepEqual(setParagraphRest(doc, index, rest.replaceAll('[[lines]]', '[[paragraph.lines]]')), { ok: true });
  assert.deepStrictEqual(doc.paragraph[index], before);
  // Plain effects replace the lines.
  assert.deepEqual(setParagraphRest(doc, index, 'effects = [ { op = "nothing" } ]'), { ok: true });
  assert.deepEqual(doc.paragraph[index].effects, [{ op: 'nothing' }]);
  assert.equal(doc.paragraph[index].lines, undefined);
  // A syntax error, with its line in the box, changes nothing.
  const kept = structuredClone(doc.paragraph[index]);
  const bad = setParagraphRest(doc, index, 'effects = [\n  { op = "nothing" \n]');
  assert.ok(bad.error.line >= 2, JSON.stringify(bad.error));
  assert.deepStrictEqual(doc.paragraph[index], kept);
  assert.match(setParagraphRest(doc, index, 'id = "999"').error.message, /fields above/);
  roundTrip(doc);
});

test('a problem points at its hex, or at the paragraph its line is in', () => {
  const doc = read(SMALL);
  addParagraph(doc, '150');
  const text = serializeMission(doc);
  assert.deepEqual(problemTarget({ field: 'sheet.check.0201', line: 3 }, text), { hex: '0201' });
  assert.deepEqual(problemTarget({ field: 'map.hex.0202.sides', line: 3 }, text), { hex: '0202' });
  assert.deepEqual(problemTarget({ field: 'sheet.gmove.0301' }, text), { hex: '0301' });
  const second = paragraphLine(text, 1);
  assert.ok(second > paragraphLine(text, 0));
  assert.deepEqual(problemTarget({ field: 'paragraph.effects', line: second + 2 }, text), { paragraph: 1 });
  assert.deepEqual(problemTarget({ field: 'paragraph.id', line: paragraphLine(text, 0) + 1 }, text), { paragraph: 0 });
  assert.deepEqual(problemTarget({ field: 'mission.id', line: 6 }, text), {});
  assert.deepEqual(problemTarget({ field: 'events.re', line: null }, text), {});
  assert.equal(paragraphAtLine(text, 3), null);
  assert.equal(hexLine(text, 'map.hex', '0202'), text.split('\n').findIndex((l) => l.startsWith('"0202" = { terrain')) + 1);
  assert.equal(hexLine(text, 'sheet.check', '0201'), text.split('\n').indexOf('"0201" = { 1 = "101" }') + 1);
  assert.equal(problemText({ line: 12, column: 3, field: 'sheet.check.0204', message: 'paragraph 150 does not exist' }),
    'line 12:3, sheet.check.0204: paragraph 150 does not exist');
  assert.equal(problemText({ line: null, field: 'mission.id', message: 'taken' }), 'mission.id: taken');
});

test('resizing the map adds clear hexes and takes those off it away', () => {
  const doc = read(SMALL);
  assert.deepEqual(resizeMap(doc, 4, 1), ['0102', '0202', '0302']);
  assert.deepEqual(Object.keys(doc.map.hex).sort(), ['0101', '0201', '0301', '0401']);
  assert.deepEqual(hexAt(doc, '0401'), { terrain: 'clear', elev: 0 });
  assert.equal(doc.mission.map_cols, 4);
  assert.equal(doc.mission.map_rows, 1);
  roundTrip(doc);
});

test('file names and the address of what is open', () => {
  assert.equal(suggestedFileName({ mission: { id: 'X1', name: 'Der Mühlbach, at dusk!' } }), 'x1_der_muhlbach_at_dusk.toml');
  assert.equal(suggestedFileName({}), 'my_mission.toml');
  assert.equal(fileNameProblem('x1_test.toml'), null);
  assert.ok(fileNameProblem('X1 test.toml'));
  assert.ok(fileNameProblem('../x.toml'));
  assert.ok(fileNameProblem('x1.txt'));
  assert.deepEqual(wantedFromHash('#new'), { kind: 'new' });
  assert.deepEqual(wantedFromHash('#saved=ab12'), { kind: 'saved', value: 'ab12' });
  assert.deepEqual(wantedFromHash('#authored=s1_crossroads_farm.toml'), { kind: 'authored', value: 's1_crossroads_farm.toml' });
  assert.equal(wantedFromHash(''), null);
  assert.equal(wantedFromHash('#'), null);
  assert.deepEqual(readHexes('0102, 0103  0104'), ['0102', '0103', '0104']);
  assert.equal(hexesText(['0102', '0103']), '0102 0103');
});

test('the raw text\'s lines and columns', () => {
  const text = 'a = 1\nbb = 2\n\nc = 3';
  assert.deepEqual(lineSpan(text, 1), { start: 0, end: 5 });
  assert.deepEqual(lineSpan(text, 2), { start: 6, end: 12 });
  assert.deepEqual(lineSpan(text, 3), { start: 13, end: 13 });
  assert.deepEqual(lineSpan(text, 4), { start: 14, end: 19 });
  assert.deepEqual(lineSpan(text, 9), { start: 19, end: 19 });
  assert.deepEqual(lineColumn(text, 0), { line: 1, column: 1 });
  assert.deepEqual(lineColumn(text, 8), { line: 2, column: 3 });
});

test('the balance lab\'s answer in words', () => {
  assert.equal(gamesWanted('4'), 4);
  assert.equal(gamesWanted(''), 20);
  assert.equal(gamesWanted('0'), 20);
  assert.equal(gamesWanted('5000'), 200);
  assert.equal(difficulty(0.45), 'balanced');
  assert.equal(difficulty(0.1), 'very hard');
  const summary = balanceSummary({
    scenario: 'X1', bot: 'rule', games: 20,
    seats: [{ seat: 0, label: 'Squad', wins: 9, rate: 0.45, low: 0.2582, high: 0.6579, mean_score: 3.14 }],
    mean_decisions: 210.5, seconds: 4.2,
  });
  assert.equal(summary.headline, 'Success rate 45 % (95 % interval 25.8 % to 65.8 %): balanced');
  assert.deepEqual(summary.seats, ['Squad: success 45 % [25.8 %, 65.8 %] (9 of 20 games), mean VP 3.1']);
  assert.equal(summary.footer, '20 games of mission X1 played by the rule bot, 210.5 decisions a game in 4.2 s');
  assert.match(balanceSummary({ scenario: 'X1', bot: 'rule', games: 4, seats: [], draws: 0, stalled: 1, seconds: 1 }).footer,
    /^4 games of mission X1 played by the rule bot \(1 stopped unfinished\) in 1\.0 s$/);
});
