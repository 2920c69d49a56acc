// Drives Chromium against the web build served from target/web/ and checks
// what a person would see: the board, a tour from a click, a link opened
// from the page's address, counts, Copy link and the address it gives,
// the state kept for the next visit, a Goishi puzzle from a puzz.link URL,
// a best time kept over another tab's saves, and the Japanese window.
//
//     node web/test/browser.mjs http://127.0.0.1:8000/
//
// The window draws on a canvas, so it is read as a person reads it: by its
// pixels, and its words by tesseract (OCR) on a screenshot.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';

const base = process.argv[2] ?? 'http://127.0.0.1:8000/';
const shots = mkdtempSync(join(tmpdir(), 'gridtour-web-'));
const failures = [];

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-background-networking', '--no-first-run',
    '--disable-component-update', '--disable-sync', '--use-gl=swiftshader',
    '--enable-unsafe-swiftshader', '--window-size=1280,860'],
});

function check(what, ok, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? ` (${detail})` : ''}`);
  if (!ok) failures.push(what);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A new page at `address`, with the window drawn; and the ms it took. */
async function open(address, language = 'en-US') {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 860 });
  await page.setExtraHTTPHeaders({ 'Accept-Language': language });
  await page.evaluateOnNewDocument((language) => {
    Object.defineProperty(navigator, 'language', { get: () => language });
  }, language);
  page.on('pageerror', (error) => console.log(`  page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`  console: ${message.text()}`);
  });
  const began = Date.now();
  await page.goto(address);
  await page.waitForFunction(() => !document.getElementById('said'), { timeout: 60000 });
  await waitForPixels(page, (pixels) => pixels.dark > 20000, 30000);
  return { page, ms: Date.now() - began };
}

/** The page as a person sees it: a screenshot's pixels, red, green,
 *  blue and alpha a byte each, row by row (ImageMagick decodes it). */
async function screenRgba(page) {
  const shot = await page.screenshot();
  const { width, height } = page.viewport();
  const data = execFileSync('convert', ['png:-', '-depth', '8', 'rgba:-'],
    { input: shot, maxBuffer: 64 << 20 });
  return { width, height, data };
}

/** Counts of the screenshot's pixels by kind: the path's cyan, and the
 *  board's dark squares (black: nothing else on the page is). */
async function pixels(page) {
  const { data } = await screenRgba(page);
  let cyan = 0;
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
    if (r < 40 && g > 220 && b > 220) cyan += 1;
    if (r < 4 && g < 4 && b < 4) dark += 1;
  }
  return { cyan, dark };
}

/** The centres of the Goishi stones on screen (CSS pixels), left to
 *  right, where the board shows a row of them: the stones' near-black
 *  pixels right of the controls, split where they leave a gap. */
async function stonesOnScreen(page) {
  const { width, height, data } = await screenRgba(page);
  const columns = new Map();
  for (let y = 40; y < height - 40; y += 1) {
    for (let x = 320; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      if (Math.abs(r - 25) < 6 && Math.abs(g - 25) < 6 && Math.abs(b - 25) < 6) {
        const column = columns.get(x) ?? [];
        column.push(y);
        columns.set(x, column);
      }
    }
  }
  const found = [];
  let run = null;
  for (const x of [...columns.keys()].sort((p, q) => p - q)) {
    if (run && x > run.last + 2) {
      found.push(run);
      run = null;
    }
    run = run ?? { first: x, last: x, ys: [] };
    run.last = x;
    run.ys.push(...columns.get(x));
  }
  if (run) found.push(run);
  return found.filter((stone) => stone.last - stone.first > 10).map((stone) => ({
    x: (stone.first + stone.last) / 2,
    y: stone.ys.reduce((sum, y) => sum + y, 0) / stone.ys.length,
  }));
}

async function waitForPixels(page, test, ms) {
  const until = Date.now() + ms;
  let last;
  while (Date.now() < until) {
    last = await pixels(page);
    if (test(last)) return last;
    await sleep(250);
  }
  return last;
}

/** The parts of the window with words in them (CSS pixels): the mode
 *  bar, the controls on the left and the status bar. */
const WORDED = [
  { name: 'top', crop: '1280x30+0+0', left: 0, top: 0 },
  { name: 'controls', crop: '300x860+0+0', left: 0, top: 0 },
  { name: 'status', crop: '1280x30+0+830', left: 0, top: 830 },
];

/** Tesseract reads the window's small words well only enlarged, a part at
 *  a time. */
const ENLARGED = 3;

/** The screenshot `name`'s parts, enlarged, each with where it was. */
async function wordedParts(page, name) {
  const file = join(shots, `${name}.png`);
  writeFileSync(file, await page.screenshot());
  return WORDED.map((part) => {
    const enlarged = join(shots, `${name}-${part.name}.png`);
    execFileSync('convert', [file, '-crop', part.crop, '-resize', `${ENLARGED * 100}%`, enlarged]);
    return { ...part, file: enlarged };
  });
}

/** The words on screen, read by tesseract. */
async function words(page, name, language = 'eng') {
  const parts = await wordedParts(page, name);
  return parts.map((part) => execFileSync('tesseract', [part.file, '-', '-l', language, '--psm', '6'],
    { stdio: ['ignore', 'pipe', 'ignore'] }).toString()).join('\n');
}

/** Where the word `label` is on screen (CSS pixels), read by tesseract. */
async function place(page, label) {
  for (const part of await wordedParts(page, `find-${label}`)) {
    const rows = execFileSync('tesseract', [part.file, '-', '--psm', '6', 'tsv'],
      { stdio: ['ignore', 'pipe', 'ignore'] }).toString().split('\n').map((line) => line.split('\t'));
    // Tesseract may run a button's words together ("Copylink").
    const found = rows.find((row) => row[11]?.startsWith(label));
    if (found) {
      const [left, top, width, height] = found.slice(6, 10).map(Number);
      return {
        x: part.left + (left + width / 2) / ENLARGED,
        y: part.top + (top + height / 2) / ENLARGED,
      };
    }
  }
  return null;
}

/** Clicks the button whose first word is `label`, as a person would. */
async function press(page, label) {
  const at = await place(page, label);
  if (at) await page.mouse.click(at.x, at.y);
  return at !== null;
}

async function waitForWords(page, name, wanted, ms, language = 'eng') {
  const until = Date.now() + ms;
  let said = '';
  while (Date.now() < until) {
    said = await words(page, name, language);
    if (wanted.test(said.replace(/\s+/g, ' ')) || wanted.test(said.replace(/\s+/g, ''))) return said;
    await sleep(1000);
  }
  return said;
}

/** Presses Count tours and waits for `answer`; whether it came, and the
 *  count's own time and the frame times the status bar gave meanwhile. */
async function count(page, answer) {
  // The browser's own frames: how often the page's thread was free to draw.
  await page.evaluate(() => {
    window.framesSeen = 0;
    const tick = () => { window.framesSeen += 1; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  });
  const began = Date.now();
  const pressed = await press(page, 'Count');
  const until = Date.now() + 300000;
  const frameTimes = [];
  let said = '';
  while (pressed && Date.now() < until) {
    said = (await words(page, `count-${answer}`)).replace(/\s+/g, ' ');
    const frame = said.match(/(\d+(?:\.\d+)?) ms\/frame/);
    if (frame) frameTimes.push(Number(frame[1]));
    if (said.includes(answer)) break;
    await sleep(500);
  }
  const took = said.match(/found, ([\d.,]+ (?:ms|s|min))/);
  const framesPerSecond = (await page.evaluate(() => window.framesSeen)) * 1000 / (Date.now() - began);
  return {
    said: said.includes(answer),
    detail: `${pressed ? '' : 'no Count button; '}the count took ${took ? took[1] : '?'}; `
      + `ms/frame read during it: ${frameTimes.join(' ')}; `
      + `page frames a second: ${framesPerSecond.toFixed(0)}`,
  };
}

// The page opens and draws the board.
const first = await open(base);
const drawn = await pixels(first.page);
check('the page draws the board', drawn.dark > 20000, `${first.ms} ms to the board`);

// A click on a square draws a tour in cyan.
const canvasBox = await first.page.$eval('canvas', (canvas) => {
  const box = canvas.getBoundingClientRect();
  return { x: box.x, y: box.y, width: box.width, height: box.height };
});
const before = await pixels(first.page);
await first.page.mouse.click(canvasBox.x + canvasBox.width * 0.62, canvasBox.y + canvasBox.height * 0.5);
const clicked = Date.now();
const after = await waitForPixels(first.page, (counted) => counted.cyan > before.cyan + 2000, 20000);
check('a click on a square draws a cyan tour', after.cyan > before.cyan + 2000,
  `${after.cyan - before.cyan} cyan pixels, ${Date.now() - clicked} ms`);
await first.page.close();

// A link after # opens its board; a closed count of it gives 9,862.
const sixBySix = /Width 6 Height 6/;
const linked = await open(`${base}#gridtour:knight?size=6x6&closed&start=a1`);
const linkedWords = await waitForWords(linked.page, 'link', sixBySix, 15000);
check('a link after # opens its board', sixBySix.test(linkedWords.replace(/\s+/g, ' ')));
const closed = await count(linked.page, '9,862');
check('a closed 6 x 6 count says 9,862', closed.said, closed.detail);
// Copy link gives the page's address with the link after #.
await browser.defaultBrowserContext().overridePermissions(new URL(base).origin,
  ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
const copyPressed = await press(linked.page, 'Copy');
await sleep(500);
const copied = await linked.page.evaluate(() => navigator.clipboard.readText());
check('Copy link gives the page address with the link',
  copied.startsWith(`${base}#gridtour:knight?size=6x6`), copyPressed ? copied : 'no Copy link button');
// That address, opened, draws the tour it carries (the count left one
// on show for browsing).
const shared = await open(copied || base);
const sharedPixels = await waitForPixels(shared.page, (seen) => seen.cyan > 2000, 15000);
check('the copied address opens with its tour drawn', sharedPixels.cyan > 2000,
  `${sharedPixels.cyan} cyan pixels`);
await shared.page.close();

// The state is kept: the next visit, with no link, shows the same board.
await sleep(6000);
await linked.page.close();
const again = await open(base);
const againWords = await waitForWords(again.page, 'again', sixBySix, 15000);
check('the board is kept over a new visit', sixBySix.test(againWords.replace(/\s+/g, ' ')));
await again.page.close();

// An open count of 6 x 6: 6,637,920 directed tours (OEIS A165134), each
// undirected one counted once.
const open6 = await open(`${base}#gridtour:knight?size=6x6&start=a1`);
const opened = await count(open6.page, '3,318,960');
check('an open 6 x 6 count says 3,318,960', opened.said, opened.detail);
await open6.page.close();

// A Goishi puzzle from a puzz.link URL after #.
const stones = /6 x 7, 11 stones/;
const goishi = await open(`${base}#https://puzz.link/p?goishi/6/7/vsten1tvo`);
const goishiWords = await waitForWords(goishi.page, 'goishi', stones, 15000);
check('a puzz.link Goishi URL opens its puzzle', stones.test(goishiWords.replace(/\s+/g, ' ')));
await goishi.page.close();

// A best time survives the next visit, though another tab, open all the
// while, saves its own state meanwhile: the tabs' saves are merged.
const other = await open(base);
const player = await open(`${base}#https://puzz.link/p?goishi/3/1/8`);
await waitForWords(player.page, 'two-stones', /3 x 1, 2 stones/, 15000);
const playPressed = await press(player.page, 'Play');
await sleep(500);
const [leftStone, rightStone] = await stonesOnScreen(player.page);
if (leftStone && rightStone) {
  await player.page.mouse.click(leftStone.x, leftStone.y);
  await sleep(1200);
  await player.page.mouse.click(rightStone.x, rightStone.y);
}
const solvedWords = await waitForWords(player.page, 'solved', /Solved in 0:0\d/, 10000);
check('a Goishi puzzle is played to the end', /Solved in 0:0\d/.test(solvedWords.replace(/\s+/g, ' ')),
  `${playPressed ? '' : 'no Play mode; '}stones at ${JSON.stringify([leftStone, rightStone])}`);
// Each tab saves every 5 s: the player's, then the other's over it.
await sleep(6000);
await player.page.close();
await sleep(6000);
await other.page.close();
const later = await open(base);
await waitForWords(later.page, 'shelf', /Shelf/, 15000);
await press(later.page, 'Shelf');
const bestTime = /0:0\d/;
const laterWords = await waitForWords(later.page, 'best-time', bestTime, 15000);
check('the best time survives a new visit and another tab\'s saves',
  bestTime.test(laterWords.replace(/\s+/g, ' ')));
await later.page.close();

// The Japanese window for ?lang=ja: the modes' names.
const modeNames = /ナイトツアー|碁石拾い/;
const japanese = await open(`${base}?lang=ja`);
const japaneseWords = await waitForWords(japanese.page, 'ja', modeNames, 15000, 'jpn');
check('?lang=ja speaks Japanese', modeNames.test(japaneseWords.replace(/\s+/g, '')));
await japanese.page.close();

await browser.close();
console.log(`screenshots in ${shots}`);
if (failures.length > 0) {
  console.log(`${failures.length} failed: ${failures.join('; ')}`);
  process.exit(1);
}
