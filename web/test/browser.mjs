// Drives Chromium against the web build served from target/web/ and checks
// what a person would see: the board, a tour from a click, a link opened
// from the page's address, a count, a Goishi puzzle from a puzz.link URL,
// the Japanese window, and the state kept over a reload.
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
  await waitForPixels(page, (pixels) => pixels.board > 1000, 30000);
  return { page, ms: Date.now() - began };
}

/** Counts of the screenshot's pixels by kind: the path's cyan, and the
 *  board's dark and light squares. */
async function pixels(page) {
  const shot = await page.screenshot({ encoding: 'base64' });
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const { data: rgba } = context.getImageData(0, 0, image.width, image.height);
    let cyan = 0;
    let board = 0;
    for (let i = 0; i < rgba.length; i += 4) {
      const [r, g, b] = [rgba[i], rgba[i + 1], rgba[i + 2]];
      if (r < 40 && g > 220 && b > 220) cyan += 1;
      if (r > 245 && g > 245 && b > 245) board += 1;
    }
    return { cyan, board };
  }, shot);
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

/** The words on screen, read by tesseract. */
async function words(page, name, language = 'eng') {
  const file = join(shots, `${name}.png`);
  writeFileSync(file, await page.screenshot());
  return execFileSync('tesseract', [file, '-', '-l', language], { stdio: ['ignore', 'pipe', 'ignore'] })
    .toString();
}

async function waitForWords(page, name, wanted, ms, language = 'eng') {
  const until = Date.now() + ms;
  let said = '';
  while (Date.now() < until) {
    said = await words(page, name, language);
    if (wanted.test(said.replace(/\s+/g, ' '))) return said;
    await sleep(1000);
  }
  return said;
}

// The page opens and draws the board.
const first = await open(base);
const drawn = await pixels(first.page);
check('the page draws the board', drawn.board > 1000, `${first.ms} ms to the board`);

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

// A link after # opens its board: 6 x 6 with a tour drawn.
const linked = await open(`${base}#gridtour:knight?size=6x6&start=a1`);
const sixBySix = /Width 6 Height 6/;
const linkedWords = await waitForWords(linked.page, 'link', sixBySix, 15000);
check('a link after # opens its board', sixBySix.test(linkedWords.replace(/\s+/g, ' ')));
await linked.page.close();

// A Goishi puzzle from a puzz.link URL after #.
const goishi = await open(`${base}#https://puzz.link/p?goishi/6/7/vsten1tvo`);
const goishiWords = await waitForWords(goishi.page, 'goishi', /Goishi|stone/i, 15000);
check('a puzz.link Goishi URL opens its puzzle', /Goishi|stone/i.test(goishiWords));
await goishi.page.close();

// The Japanese window for a Japanese browser, and for ?lang=ja.
const japanese = await open(`${base}?lang=ja`);
const japaneseWords = await waitForWords(japanese.page, 'ja', /[\u3040-\u30ff\u4e00-\u9fff]{2}/, 15000, 'jpn');
check('?lang=ja speaks Japanese', /[\u3040-\u30ff\u4e00-\u9fff]{2}/.test(japaneseWords));
await japanese.page.close();

await browser.close();
console.log(`screenshots in ${shots}`);
if (failures.length > 0) {
  console.log(`${failures.length} failed: ${failures.join('; ')}`);
  process.exit(1);
}
