// Follows docs/deploy.md as a school that hosts the page would: in a fresh `git clone` of HEAD, in a
// folder of the system's temporary directory (outside the repository: no node_modules or target/
// of this checkout is seen), it runs the README's serve command, then every command of
// deploy.md's code blocks as written, in their order, and opens the single file they built
// (dist/dlx-sudoku.html) from file:// in headless Chromium with the network off: a puzzle solves.
// The commands are read from the two docs, so when a doc and the scripts drift, this fails; so
// does a command this file does not know how to run (teach it in `runCommand`).
//
// Cargo builds into target/deploy-test/cargo of this checkout (CARGO_TARGET_DIR; kept between runs
// and in CI's warm cache, so the wasm's dependencies are built once; the clone's own crate is
// built again each time, its files being new). The serve commands get it relative to the clone,
// the others absolute: both ways the scripts must find the module there (issue 51).
//
//   node tests/deploy/run.mjs                    (scripts/test.sh's stage `deploy`)
//   DEPLOY_TEST_KEEP=1 node tests/deploy/run.mjs keep the clone (its path is printed; kept on failure)
//
// Only the full `scripts/setup.sh` of deploy.md is not run here: it is the test run's own set-up,
// which .ci/run runs in a fresh clone on every CI run.

import { launchChromium } from '../e2e/chromium.mjs';
import { givens, isSolution, shown } from '../dist/board.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const t0 = Date.now();
const secs = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const say = (m) => console.log(`deploy: ${m}`);
let failed = false;
const failures = [];
const check = (ok, what) => {
  if (ok) say(`ok   ${what}`);
  else {
    failed = true;
    failures.push(what);
    say(`FAIL ${what}`);
  }
};

/** The commands of a Markdown file's ```sh blocks, comments and blank lines left out. */
export function shellCommands(markdown) {
  const out = [];
  for (const m of markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)) {
    for (const line of m[1].split('\n')) {
      const cmd = line.replace(/(^|\s)#.*$/, '').trim();
      if (cmd) out.push(cmd);
    }
  }
  return out;
}

const readme = shellCommands(readFileSync(join(root, 'README.md'), 'utf8')).filter((c) => /^scripts\/serve\.sh\b/.test(c));
const commands = shellCommands(readFileSync(join(root, 'docs/deploy.md'), 'utf8'));
if (readme.length !== 1) throw new Error(`README.md: expected one serve command in its sh blocks, found ${readme.length}`);
if (!commands.some((c) => /build-dist/.test(c))) throw new Error('docs/deploy.md: no build-dist command in its sh blocks');

// --- the fresh clone -------------------------------------------------------------------------------
const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).stdout.trim();
if (dirty) say(`note: the clone is of HEAD (${head.slice(0, 7)}); uncommitted changes are not in it:\n${dirty}`);
const tmp = mkdtempSync(join(tmpdir(), 'dlx-sudoku-deploy-'));
const clone = join(tmp, 'clone');
for (const args of [['clone', '--quiet', '--no-checkout', root, clone], ['-C', clone, 'checkout', '--quiet', '--detach', head]]) {
  const r = spawnSync('git', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}
say(`a fresh clone of ${head.slice(0, 7)} in ${clone}`);
const cargoTarget = join(root, 'target/deploy-test/cargo');
const env = {
  ...process.env,
  PATH: `${process.env.CARGO_HOME ?? join(homedir(), '.cargo')}/bin:${process.env.PATH}`,
  CARGO_TARGET_DIR: cargoTarget,
};
delete env.CARGO_BUILD_TARGET_DIR;

/** Whether nothing listens on 127.0.0.1:`port`. */
const portFree = (port) => new Promise((res) => {
  const s = createServer().once('error', () => res(false)).listen(port, '127.0.0.1', () => s.close(() => res(true)));
});
const freePort = () => new Promise((res) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => res(port));
  });
});

/** Runs `cmd` with bash in the clone; its output is shown as it comes, and returned. */
function sh(cmd, extraEnv = {}) {
  return new Promise((res) => {
    const child = spawn('bash', ['-c', cmd], { cwd: clone, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const tee = (d) => {
      out += d;
      process.stdout.write(d.toString().replace(/^(?=.)/gm, '  | '));
    };
    child.stdout.on('data', tee);
    child.stderr.on('data', tee);
    child.on('close', (code) => res({ code, out }));
  });
}

/**
 * Runs a serve command until it serves: its URL printed, the page and its module fetched from it;
 * then stops it (its process group). The port asked must be free: if another program holds it on
 * this machine, the same command runs on a free port, said so.
 */
async function serve(cmd, port) {
  let run = cmd;
  const extra = { CARGO_TARGET_DIR: relative(clone, cargoTarget) };
  if (!(await portFree(port))) {
    const other = await freePort();
    say(`note: port ${port} is in use on this machine: "${cmd}" runs with PORT=${other}`);
    run = cmd.replace(/^PORT=\d+ /, '');
    extra.PORT = String(other);
    port = other;
  }
  const child = spawn('bash', ['-c', run], { cwd: clone, env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  const url = await new Promise((res) => {
    const timer = setTimeout(() => res(null), 15 * 60_000);
    const look = (d) => {
      out += d;
      process.stdout.write(d.toString().replace(/^(?=.)/gm, '  | '));
      const m = out.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) {
        clearTimeout(timer);
        res(m[0]);
      }
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.on('close', () => res(null));
  });
  try {
    check(url === `http://127.0.0.1:${port}/`, `${cmd}: prints its URL (${url})`);
    if (!url) return;
    const page = await fetch(url);
    check(page.status === 200 && (await page.text()).includes('<script type="module"'), `${cmd}: serves the page`);
    const wasm = await fetch(new URL('www/pkg/dlx_sudoku_bg.wasm', url));
    check(wasm.status === 200 && wasm.headers.get('content-type') === 'application/wasm', `${cmd}: serves the module as application/wasm`);
    // The offline copy the page links ("Download for offline use"), built by the serve command.
    const single = await fetch(new URL('dist/dlx-sudoku.html', url));
    check(single.status === 200 && /^text\/html/.test(single.headers.get('content-type')) && (await single.text()).includes('<script type="module">'), `${cmd}: serves the single file dist/dlx-sudoku.html (${single.status})`);
  } finally {
    // Stopped, and waited for: the next serve command may want the same port.
    const ended = new Promise((res) => (child.exitCode !== null || child.signalCode !== null ? res() : child.once('close', res)));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // ended already
    }
    await Promise.race([ended, new Promise((res) => setTimeout(res, 10_000))]);
  }
}

/** Runs one command of the docs, as written, and checks what it should have done. */
async function runCommand(cmd) {
  const t = Date.now();
  let m;
  if ((m = cmd.match(/^(?:PORT=(\d+) )?scripts\/serve\.sh$/))) {
    await serve(cmd, Number(m[1] ?? 8080));
  } else if (cmd === 'scripts/setup.sh') {
    say(`skip ${cmd}: the test run's own set-up (.ci/run runs it in a fresh clone on every CI run)`);
    return;
  } else if (/^scripts\/setup\.sh --(serve|native)$/.test(cmd)) {
    const r = await sh(cmd);
    check(r.code === 0, `${cmd}: exit 0`);
  } else if (/^node scripts\/build-dist\.mjs( --no-wasm)?$/.test(cmd)) {
    const single = join(clone, 'dist/dlx-sudoku.html');
    rmSync(join(clone, 'dist'), { recursive: true, force: true });
    const r = await sh(cmd);
    check(r.code === 0 && existsSync(single), `${cmd}: exit 0, dist/dlx-sudoku.html built`);
    // The size it prints is the file's own.
    const said = r.out.match(/the single file dist\/dlx-sudoku\.html: ([\d,]+) bytes/);
    check(said && existsSync(single) && Number(said[1].replace(/,/g, '')) === statSync(single).size, `${cmd}: prints the single file's size (${said?.[1]} bytes)`);
  } else {
    check(false, `"${cmd}": a command of docs/deploy.md that tests/deploy/run.mjs does not know how to run (teach runCommand)`);
    return;
  }
  say(`${cmd}: ${secs(t)}`);
}

// --- the commands ----------------------------------------------------------------------------------
say(`README.md's serve command first, then docs/deploy.md's ${commands.length}: ${commands.join('; ')}`);
for (const cmd of [...readme, ...commands]) {
  if (failed) break;
  say(`$ ${cmd}`);
  await runCommand(cmd);
}

// --- the single file they built, from disk, offline ---------------------------------------------
const single = join(clone, 'dist/dlx-sudoku.html');
if (!failed && existsSync(single)) {
  const t = Date.now();
  const browser = await launchChromium();
  const problems = [];
  try {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, offline: true });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (msg) => msg.type() === 'error' && problems.push(`console error: ${msg.text()}`));
    page.on('request', (r) => /^(file|data):/.test(r.url()) || problems.push(`a request for ${r.url()}`));
    await page.goto(pathToFileURL(single).href);
    await page.waitForSelector('body.ready', { timeout: 30_000 });
    const puzzle = await givens(page);
    check((puzzle.match(/[1-9]/g) ?? []).length >= 17, `the page opens with a puzzle on the board (${puzzle})`);
    await page.click('#solve');
    await page.waitForSelector('#result[data-kind="unique"]', { timeout: 30_000 });
    const grid = await shown(page);
    check(isSolution(grid, puzzle), `dist/dlx-sudoku.html from file://, offline: solves the puzzle on its board (${grid.slice(0, 9)}…)`);
    check(problems.length === 0, `no page error, console error or request off the file (${problems.join('; ') || 'none'})`);
    await ctx.close();
  } catch (e) {
    check(false, `dist/dlx-sudoku.html from file://: ${e.message}`);
  } finally {
    await browser.close();
  }
  say(`the single file in Chromium: ${secs(t)}`);
} else if (!failed) {
  check(false, 'the commands built no dist/dlx-sudoku.html');
}

if (failed || process.env.DEPLOY_TEST_KEEP === '1') say(`the clone is kept: ${clone}`);
else rmSync(tmp, { recursive: true, force: true });
say(`${failed ? `FAIL (${failures.join('; ')})` : 'PASS'} in ${secs(t0)}`);
process.exit(failed ? 1 : 0);
