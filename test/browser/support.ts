/**
 * The harness of the browser tests: Debian's headless Chromium driven by playwright-core (never a
 * downloaded browser), a docs page opened with everything that goes wrong on it recorded, and the
 * operations Swagger UI shows, in the form {@link operationsOf} lists a document's.
 *
 * @example
 * const browser = await launchChromium();
 * const docs = await openDocs(browser, `${baseUrl}/docs`);
 * expect(await operationsOn(docs.page)).toEqual(operationsOf(openapi));
 * expect(docs.problems).toEqual([]);
 * await browser.close();
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Where Debian's `chromium` package puts the browser; `.ci/services` installs it. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Launches headless Chromium from {@link CHROMIUM}. Throws, never skips, when it is not installed.
 * `--no-sandbox`: the tests run as root in a container, where Chromium's sandbox cannot start.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The browser tests need Debian's chromium at ${CHROMIUM}, which is missing; ` +
        'run .ci/services (it installs it with apt-get), then run the tests again',
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
}

/** The example page's tsconfig: its script and the generated client, into `public/js/`. */
const PAGE_TSCONFIG = fileURLToPath(
  new URL('../../examples/app/page/tsconfig.json', import.meta.url),
);

/**
 * Compiles the example's page script and its generated client with `tsc`, as `npm start` does
 * (`npm run page:build`), so the page is served from what the sources say now. Throws with tsc's
 * diagnostics when they do not compile.
 */
export async function buildExamplePage(): Promise<void> {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  try {
    await promisify(execFile)(process.execPath, [tsc, '-p', PAGE_TSCONFIG]);
  } catch (err) {
    const { stdout = '', stderr = '' } = err as { stdout?: string; stderr?: string };
    throw new Error(`The example page did not compile:\n${stdout}${stderr}`, { cause: err });
  }
}

/** A docs page open in its own browser context. */
export interface OpenDocs {
  readonly page: Page;
  /**
   * What went wrong so far, one line each: console errors and warnings, uncaught errors, CSP
   * violations, failed requests and responses with a status of 400 or more.
   */
  readonly problems: readonly string[];
  /** Closes the page's browser context. */
  close(): Promise<void>;
}

/**
 * Opens the docs page at `url` in a new context of `browser` and waits until Swagger UI has
 * rendered an operation. Throws when the page does not answer 200.
 */
export async function openDocs(browser: Browser, url: string): Promise<OpenDocs> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`uncaught ${err.message}`));
  page.on('requestfailed', (r) => problems.push(`failed ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  // Added by the browser itself, so the page's own policy does not apply to this script.
  await page.addInitScript(`document.addEventListener('securitypolicyviolation', (e) => {
    console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI);
  });`);
  try {
    const res = await page.goto(url);
    if (res?.status() !== 200) throw new Error(`${url} answered ${res?.status()}, not 200`);
    await page.locator('.opblock').first().waitFor({ timeout: 15_000 });
  } catch (err) {
    await context.close();
    throw new Error(`The docs page at ${url} did not render (${problems.join('; ')})`, {
      cause: err,
    });
  }
  return { page, problems, close: () => context.close() };
}

/** Every operation the page shows, as `METHOD /path — summary`, sorted, without repeats. */
export async function operationsOn(page: Page): Promise<string[]> {
  const shown = new Set<string>();
  for (const block of await page.locator('.opblock-summary').all()) {
    const method = await block.locator('.opblock-summary-method').innerText();
    // `.opblock-summary-path`, or `…-path__deprecated` for a deprecated operation.
    const path = await block.locator('[data-path]').getAttribute('data-path');
    // Left out by some versions when the operation has no summary.
    const description = block.locator('.opblock-summary-description');
    const summary = (await description.count()) === 0 ? '' : await description.innerText();
    shown.add(line(method, path ?? '', summary));
  }
  return [...shown].sort();
}

/**
 * Launches Chromium, opens the docs page at `url`, and returns the operations it shows and what
 * went wrong on the way; closes the browser.
 */
export async function docsPageOperations(
  url: string,
): Promise<{ operations: string[]; problems: readonly string[] }> {
  const browser = await launchChromium();
  try {
    const docs = await openDocs(browser, url);
    return { operations: await operationsOn(docs.page), problems: docs.problems };
  } finally {
    await browser.close();
  }
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** An OpenAPI document's paths, as far as {@link operationsOf} reads them. */
interface Described {
  readonly paths?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** Every operation of an OpenAPI document, as {@link operationsOn} shows them, sorted. */
export function operationsOf(doc: Described): string[] {
  const all: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as { summary?: string } | undefined;
      if (op !== undefined) all.push(line(method, path, op.summary ?? ''));
    }
  }
  return all.sort();
}

function line(method: string, path: string, summary: string): string {
  return `${method.toUpperCase()} ${path} — ${summary.trim()}`;
}
