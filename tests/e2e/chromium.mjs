// Launches Debian's Chromium for the page's tests (tests/e2e/run.mjs, tests/dist/run.mjs) with
// playwright-core, without the browser's own pages that cost every test CPU.
//
// Its headless shell (apt: chromium-headless-shell, the same Chromium's Blink and V8 without
// the browser's windows and UI; what playwright itself runs headless), not the whole browser
// in headless mode: measured on 2026-11-27 (Chromium 156, this 2-core machine, CPU from /proc,
// two paired rounds each): a step of the Sudoku by key 66 -> 38 ms of CPU (the browser
// process 20 -> 3.7 ms: the whole browser composited its window's frame for every change of
// the page), a page load in a fresh context 2.37 -> 1.56-1.82 s; the whole e2e stage (3 at a
// time, one run each) 1,074 -> 849 s of CPU, the same 118 tests passing and the reference
// screenshots as close (0 pixels off but two: 5 and 106, as before). E2E_CHROMIUM=/usr/bin/chromium
// runs the tests in the whole browser instead (as before); without the shell installed
// (scripts/setup.sh installs it) the whole browser is used, and said so.
//
// Chromium 156 in headless mode is the whole browser: every new browser context (each test's
// `open()`, a fresh window) also loads two WebUI pages of the address bar's drop-down
// (chrome://omnibox-popup.top-chrome/ and its AI-mode twin) in a renderer of their own, ahead
// of any use. Measured on 2026-11-27 (a Chromium trace of one page load, and the CPU of the
// test's processes from /proc): about 1.4 s of CPU a context for those pages, against 1.5 s for
// the page under test itself; e2e opens a context for nearly every page (about 200 a run).
// `--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup` leaves them out (the DevTools
// protocol's list of targets then holds the tests' pages alone: `dropDownPages`).
//
// Chromium reads only the last --disable-features it is given, and playwright-core passes its
// own list: given a second one, Chromium would drop playwright's (PaintHolding among them,
// which playwright turns off so that screenshots are not held back). So playwright's switch is
// left out (`ignoreDefaultArgs`) and one list with both is passed. `PLAYWRIGHT_DISABLED` is
// playwright-core 1.65.1's list; `launchChromium` checks that Chromium got exactly one
// --disable-features (a newer playwright with another list would add its own again), and
// fails with what to do if not.
//
// Its fonts are the pinned ones alone (FONTCONFIG_FILE=tests/e2e/fonts.conf: Debian's
// fonts-dejavu-core and fonts-dejavu-extra, and fonts-wqy-microhei for CJK; scripts/setup.sh
// installs them), whatever else the machine has: the references (tests/e2e/refs/) were drawn in
// DejaVu Sans, and what the page's font stack resolves to depends on the fonts installed.
// Measured on 2026-12-02 with the machine's own fonts: fonts-liberation and fonts-urw-base35 added
// made "Arial" and "sans-serif" Liberation Sans (the stack's first name, system-ui, stayed DejaVu
// Sans); fonts-noto-core added made system-ui Noto Sans, and every reference failed (board-1280
// by 64,226 pixels). Pinned, the same machine passed. E2E_FONTS=system gives Chromium the
// machine's fonts instead (as before), said so.

import { chromium } from 'playwright-core';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** playwright-core 1.65.1's disabled features (lib/coreBundle.js, `disabledFeatures`). */
export const PLAYWRIGHT_DISABLED = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable', 'LensOverlay', 'MediaRouter', 'PaintHolding',
  'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'TcpPortRandomizationWin',
  'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
];
/** The address bar's drop-down pages, loaded in every new window (see above). */
export const OURS_DISABLED = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const BASE_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The --disable-features switches of the Chromiums this process started (Linux's /proc). */
function disableFeatureSwitches() {
  const found = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== process.pid) continue;
      const argv = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (!argv.some((a) => a.startsWith('--remote-debugging-pipe'))) continue;
      found.push(argv.filter((a) => a.startsWith('--disable-features=')));
    } catch {
      // ended meanwhile, or not ours to read
    }
  }
  return found;
}

const SHELL = '/usr/bin/chromium-headless-shell';
/** Debian's whole browser. */
export const WHOLE_BROWSER = '/usr/bin/chromium';
/** The Chromium the tests run: E2E_CHROMIUM, else the headless shell, else the whole browser. */
export const CHROMIUM = process.env.E2E_CHROMIUM || (existsSync(SHELL) ? SHELL : WHOLE_BROWSER);
if (!process.env.E2E_CHROMIUM && CHROMIUM !== SHELL) {
  console.error(`note: ${SHELL} not found (apt-get install chromium-headless-shell; scripts/setup.sh does): the tests run in the whole browser, ${CHROMIUM}, which takes more CPU`);
}

/** The fontconfig the tests' Chromium reads: the pinned fonts only (above). */
export const FONTS_CONF = fileURLToPath(new URL('fonts.conf', import.meta.url));
/** The pinned fonts' files: each must be there (its package, in scripts/setup.sh's FONT_PKGS). */
export const PINNED_FONTS = {
  'fonts-dejavu-core': '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  'fonts-dejavu-extra': '/usr/share/fonts/truetype/dejavu/DejaVuSans-Oblique.ttf',
  'fonts-wqy-microhei': '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
};
const systemFonts = process.env.E2E_FONTS === 'system';
if (systemFonts) console.error('note: E2E_FONTS=system: the tests\' Chromium sees every font of this machine, not only the pinned ones (tests/e2e/fonts.conf): pixels may differ from tests/e2e/refs/');
/** The environment of the tests' Chromium: FONTCONFIG_FILE names the pinned fonts' config. */
function chromiumEnv() {
  if (systemFonts) return process.env;
  const missing = Object.entries(PINNED_FONTS).filter(([, file]) => !existsSync(file)).map(([pkg]) => pkg);
  if (missing.length) throw new Error(`tests/e2e/chromium.mjs: the pinned fonts are not installed: apt-get install ${missing.join(' ')} (scripts/setup.sh does), or E2E_FONTS=system to use this machine's fonts`);
  return { ...process.env, FONTCONFIG_FILE: FONTS_CONF };
}

/** Chromium (`executablePath`, by default the tests' CHROMIUM), headless, `args` added to
 *  BASE_ARGS, the drop-down's pages left out, the pinned fonts alone. */
export async function launchChromium(args = [], executablePath = CHROMIUM) {
  const browser = await chromium.launch({
    executablePath,
    env: chromiumEnv(),
    ignoreDefaultArgs: [`--disable-features=${PLAYWRIGHT_DISABLED.join(',')}`],
    args: [...BASE_ARGS, ...args, `--disable-features=${[...PLAYWRIGHT_DISABLED, ...OURS_DISABLED].join(',')}`],
  });
  let switches;
  try {
    switches = disableFeatureSwitches();
  } catch {
    return browser; // no /proc: not checked
  }
  const bad = switches.find((s) => s.length !== 1);
  if (bad) {
    await browser.close();
    throw new Error(`tests/e2e/chromium.mjs: Chromium got ${bad.length} --disable-features switches (${bad.join(' ')}); it reads only the last. playwright-core's own list changed: copy it (lib/coreBundle.js, disabledFeatures) into PLAYWRIGHT_DISABLED`);
  }
  return browser;
}

/** The address bar drop-down's pages that `browser` holds (none, launched as above). */
export async function dropDownPages(browser) {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    return targetInfos.filter((t) => t.url.startsWith('chrome://omnibox-popup')).map((t) => t.url);
  } finally {
    await cdp.detach();
  }
}
