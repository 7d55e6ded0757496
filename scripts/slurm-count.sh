#!/bin/bash
# Counts the subproblems of `dlx-sudoku cover FILE --split DEPTH --out DIR` on a Slurm cluster,
# one array task per subproblem. Each task counts the subproblem on its line of the manifest
# (the first subproblem is task 1) into FILE.count beside it, written under another name and
# renamed when done, so that a task that fails leaves no result; `dlx-sudoku cover --sum DIR`
# then adds them up and names any that are missing.
#
#   n=$(grep -c '^sub-' DIR/manifest.txt)
#   sbatch --array=1-$n scripts/slurm-count.sh DIR
#   dlx-sudoku cover --sum DIR          (once the array is done)
#
# To run again only the tasks with no result: docs/cli.md (Counting on every core, ... past one
# machine). tests/slurm/run.sh runs all of this on a real single-node Slurm.
#
# DIR must be on a file system every node sees. DLX_SUDOKU names the binary (default:
# dlx-sudoku on PATH). With --cpus-per-task=C, each subproblem is counted on C threads.
#SBATCH --job-name=dlx-count
#SBATCH --cpus-per-task=1
set -euo pipefail

dir=${1:?usage: sbatch --array=1-N slurm-count.sh DIR}
task=${SLURM_ARRAY_TASK_ID:?not a Slurm array task: run it with sbatch --array=1-N}
bin=${DLX_SUDOKU:-dlx-sudoku}
file=$(grep '^sub-' "$dir/manifest.txt" | sed -n "${task}p" | cut -f1)
if [ -z "$file" ]; then
    echo "slurm-count.sh: $dir/manifest.txt has no subproblem $task" >&2
    exit 2
fi
srun "$bin" cover "$dir/$file" --count --jobs "${SLURM_CPUS_PER_TASK:-1}" > "$dir/$file.count.partial"
mv "$dir/$file.count.partial" "$dir/$file.count"
