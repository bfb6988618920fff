/**
 * `run --reporter html` in a real browser: headless Chromium from the OS packages (`apt-get install
 * chromium`; .ci/run installs it), driven by playwright-core. The page of a failing run must show
 * the story and its picture (bars of the file, the held span and the claimed span), fetch nothing,
 * and need no script. The screenshot is kept in reports/ as an artifact. Fails, never skips, where
 * Chromium is missing.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPath } from '../../../../src/adapters/isolate.ts';
import { HERE, inProcess, ROOT } from '../helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-html-browser-'));
const page = join(tmp, 'report.html');
const shot = join(ROOT, 'reports', 'html-story.png');
let browser: Browser;

function chromiumPath(): string {
  const found = process.env.READSHIM_CHROMIUM ?? onPath('chromium') ?? onPath('chromium-browser');
  if (found === undefined || !existsSync(found))
    throw new Error(
      'Chromium is not installed: this test needs it; install it with `apt-get install chromium` (.ci/run does)',
    );
  return found;
}

beforeAll(async () => {
  const r = await inProcess(
    [
      'run',
      '--adapter',
      join(ROOT, 'test/fixtures/adapters/path-hash.ts'),
      '--arm',
      'cap',
      '--runs',
      '20',
      '--seed',
      '5',
      '--no-save',
      '--reporter',
      'html',
      '--out',
      page,
    ],
    tmp,
    HERE,
  );
  expect(r.code).toBe(1);
  browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
});

afterAll(async () => {
  await browser?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('the HTML report in headless Chromium', () => {
  it('shows the story with its bars, fetches nothing, runs no script; screenshot kept', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1100, height: 900 } });
    const fetched: string[] = [];
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      if (url.startsWith('file:')) return route.continue();
      fetched.push(url);
      return route.abort();
    });
    const tab = await context.newPage();
    await tab.goto(pathToFileURL(page).href);

    const story = tab.locator('#story-pointer-full');
    await expect(story.locator('pre').first().innerText()).resolves.toContain(
      'said "unchanged, you hold all 40 bytes"',
    );
    // The pointer step: the claim outline spans the whole file, the held bar only its first 16 of 40 bytes.
    const frame = story.locator('g.frame[data-step="4"]');
    const file = await frame.locator('rect.file').boundingBox();
    const held = await frame.locator('rect.held').boundingBox();
    const claim = await frame.locator('rect.claim').boundingBox();
    expect(file && held && claim).toBeTruthy();
    expect(held!.width).toBeGreaterThan(0);
    expect(held!.width / file!.width).toBeCloseTo(16 / 40, 1);
    expect(claim!.width).toBeGreaterThanOrEqual(file!.width);
    await expect(frame.locator('text.words').textContent()).resolves.toContain('the worker now holds bytes 0–16 of 40');

    mkdirSync(join(ROOT, 'reports'), { recursive: true });
    await story.screenshot({ path: shot });
    expect(statSync(shot).size).toBeGreaterThan(2_000);
    expect(readFileSync(shot).subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(fetched).toEqual([]);
    await context.close();
  });
});
