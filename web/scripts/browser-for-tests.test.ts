import { describe, expect, it } from 'vitest';
import { DEBIAN, findBrowser, installPlan } from '../../scripts/browser-for-tests.mjs';

const PLAYWRIGHT = '/home/dev/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';

/** A machine whose executables are exactly `files`. */
const machine = (files: string[], env: Record<string, string | undefined> = {}) =>
  findBrowser({ env, probe: (file) => files.includes(file), playwrightPath: PLAYWRIGHT });

describe('the browser the tests run in', () => {
  it('takes CHROMIUM_PATH first, and names it when it runs nothing', () => {
    expect(machine(['/opt/chrome', DEBIAN.full, DEBIAN.shell], { CHROMIUM_PATH: '/opt/chrome' })).toEqual({
      full: '/opt/chrome',
      shell: null,
      source: 'CHROMIUM_PATH',
    });
    const nowhere = machine([DEBIAN.full], { CHROMIUM_PATH: '/nowhere/chromium' });
    expect(nowhere && 'problem' in nowhere ? nowhere.problem : null).toMatch(
      /^CHROMIUM_PATH=\/nowhere\/chromium is not a browser/,
    );
  });

  it("then Debian's Chromium, its pages in the headless shell when that is installed", () => {
    expect(machine([DEBIAN.full, DEBIAN.shell, PLAYWRIGHT])).toEqual({
      full: DEBIAN.full,
      shell: DEBIAN.shell,
      source: 'debian',
    });
    expect(machine([DEBIAN.full], { CHROMIUM_PATH: '' })).toEqual({ full: DEBIAN.full, shell: null, source: 'debian' });
  });

  it('then the Chromium Playwright downloaded; a headless shell alone is not enough (push needs the browser)', () => {
    expect(machine([DEBIAN.shell, PLAYWRIGHT])).toEqual({ full: PLAYWRIGHT, shell: null, source: 'playwright' });
    expect(machine([DEBIAN.shell])).toBeNull();
    expect(machine([])).toBeNull();
  });

  it("installs Debian's packages only as root with apt, and tries Playwright's download otherwise or after", () => {
    expect(installPlan({ isRoot: true, hasApt: true })).toEqual(['apt', 'playwright']);
    expect(installPlan({ isRoot: false, hasApt: true })).toEqual(['playwright']);
    expect(installPlan({ isRoot: true, hasApt: false })).toEqual(['playwright']);
  });
});
