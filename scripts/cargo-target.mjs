// Cargo's target directory for the crate at `dir` (the repository's root by default), as cargo
// resolves it: CARGO_TARGET_DIR (relative to this process's directory, as cargo run here takes
// it), CARGO_BUILD_TARGET_DIR, a config's build.target-dir, else target/. The JS twin of
// scripts/cargo-target.sh, for the benchmarks that run the CLI cargo built.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');

export function cargoTargetDir(dir = root) {
  const env = { ...process.env };
  for (const v of ['CARGO_TARGET_DIR', 'CARGO_BUILD_TARGET_DIR']) if (env[v]) env[v] = resolve(env[v]);
  const out = execFileSync('cargo', ['metadata', '--format-version', '1', '--no-deps', '--offline'], { cwd: dir, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  return JSON.parse(out).target_directory;
}
