/** A browser for the tests: the full Chromium (push, notifications) and its headless shell, if any. */
export interface TestBrowser {
  full: string;
  shell: string | null;
  source: 'CHROMIUM_PATH' | 'debian' | 'playwright';
}

/** Debian's Chromium and its headless shell. */
export const DEBIAN: { full: string; shell: string };
/** The Debian packages that provide them. */
export const DEBIAN_PACKAGES: string[];
/** The one line the tests stop with when no browser could be found or installed. */
export const WHAT_TO_RUN: string;

/** The browser for the tests from what a machine has; `{ problem }` when CHROMIUM_PATH names nothing that runs. */
export function findBrowser(options: {
  env: Record<string, string | undefined>;
  probe: (file: string) => boolean;
  playwrightPath: string | null;
}): TestBrowser | { problem: string } | null;

/** The ways to install a browser when there is none, in the order to try. */
export function installPlan(options: { isRoot: boolean; hasApt: boolean }): ('apt' | 'playwright')[];

/** This machine's browser for the tests, looked up now. */
export function browserForTests(
  env?: Record<string, string | undefined>,
): Promise<TestBrowser | { problem: string } | null>;

/** Finds the browser, else installs one (unless `checkOnly`): the browser, or the one line saying what to run. */
export function ensureBrowser(options?: {
  checkOnly?: boolean;
}): Promise<{ browser: TestBrowser; line?: undefined } | { line: string; browser?: undefined }>;
