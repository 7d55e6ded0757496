#!/usr/bin/env bash
# The `slurm` stage of scripts/test.sh: docs/cli.md's Slurm recipe on a real Slurm.
#
#   tests/slurm/run.sh        (as root; scripts/setup.sh installs slurm-wlm and munge)
#
# Starts a single-node Slurm of its own in a temporary folder: munged with a key of its own,
# slurmctld and slurmd on 127.0.0.1 on free ports, one node with this machine's CPUs and
# memory, every state, spool, pid and log file in that folder; all of it stopped at the end,
# failed or not. Then, with the commands docs/cli.md gives (each checked to be there verbatim):
# pentominoes 4×15 split at depth 1 (22 subproblems), the array job through sbatch, `cover
# --sum` = 1472 solutions; then a task whose subproblem file is missing fails, leaves no
# result, `--sum` names it and exits 2, and resubmitting only the tasks with no result
# completes the count. Where Slurm cannot start, it says why and fails.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH:/usr/sbin:/sbin"   # the daemons are in sbin
expected="1472 solutions"   # pentominoes 4×15: 368 tilings × 4 symmetries (tests/cover_counts.rs)
failing=5                   # the task made to fail
t0=$SECONDS

say() { echo "slurm: $*"; }
die() { echo "slurm: FAIL: $*" >&2; exit 1; }
# cannot_start WHAT: Slurm did not come up; names the log to read.
cannot_start() {
    echo "slurm: FAIL: cannot start a single-node Slurm here: $*" >&2
    exit 1
}

for c in munged mungekey munge unmunge slurmctld slurmd sbatch squeue sinfo scontrol scancel; do
    command -v "$c" >/dev/null \
        || cannot_start "'$c' not found (Debian's slurm-wlm and munge: scripts/setup.sh installs them as root)"
done
(( EUID == 0 )) || cannot_start "not root (slurmd runs each job as its user, which needs root)"
# Nothing of an outer Slurm (a job this runs in, a user's defaults) reaches this one's commands.
for v in $(compgen -v | grep -E '^(SLURM|SBATCH|SALLOC|SRUN|SQUEUE|SINFO|SCONTROL|SCANCEL)_' || true); do unset "$v"; done

# The CLI: the release-tests build that the build-release stage made (cargo checks it is fresh).
say "building the CLI (cargo build --profile release-tests --bin dlx-sudoku)"
(cd "$root" && cargo build --quiet --profile release-tests --bin dlx-sudoku)
bin_dir="${CARGO_TARGET_DIR:-$root/target}/release-tests"
[[ -x "$bin_dir/dlx-sudoku" ]] || die "no $bin_dir/dlx-sudoku after the build"
export PATH="$bin_dir:$PATH"   # the docs' commands call dlx-sudoku; so does slurm-count.sh

# --- a Slurm of its own ----------------------------------------------------------------------
tmp="$(mktemp -d "${TMPDIR:-/tmp}/dlx-slurm.XXXXXX")"
chmod 755 "$tmp"   # munged wants every folder above its socket searchable by all
jobs_started=()
stop_all() {
    local rc=$? j p name
    trap - EXIT INT TERM
    set +e
    # Jobs first (none is left after a pass), so that no slurmstepd outlives its slurmd.
    if (( ${#jobs_started[@]} )) && [[ -f "$tmp/slurmctld.pid" ]]; then
        for j in "${jobs_started[@]}"; do timeout 10 scancel "$j" 2>/dev/null; done
        wait_until 30 "the jobs to end" jobs_gone "${jobs_started[@]}"
    fi
    for name in slurmd slurmctld munged; do
        p="$(cat "$tmp/$name.pid" 2>/dev/null)"
        [[ -n "$p" ]] && kill -TERM "$p" 2>/dev/null && stopped+=("$p")
    done
    for p in "${stopped[@]}"; do
        for _ in $(seq 100); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
        kill -0 "$p" 2>/dev/null && { say "pid $p did not stop in 10 s: killing it"; kill -KILL "$p"; }
    done
    if (( rc != 0 )); then
        for f in slurmctld.log slurmd.log munged.log; do
            [[ -f "$tmp/$f" ]] && { echo "--- the last lines of $tmp/$f:"; tail -n 15 "$tmp/$f"; }
        done >&2
        say "kept $tmp for a look (the jobs' output: $tmp/*/slurm-*.out)" >&2
    else
        rm -rf "$tmp"
    fi
    say "Slurm stopped; $((SECONDS - t0)) s in all"
    exit "$rc"
}
stopped=()
trap stop_all EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# wait_until SECONDS WHAT COMMAND...: polls COMMAND every 0.2 s until it succeeds; false after SECONDS.
wait_until() {
    local limit="$1" what="$2" start=$SECONDS; shift 2
    until "$@"; do
        (( SECONDS - start < limit )) || { say "gave up waiting for $what after $limit s"; return 1; }
        sleep 0.2
    done
}
# free_port: a TCP port that nothing on 127.0.0.1 listens on (away from Slurm's 6817-6819).
free_port() {
    local p
    for _ in $(seq 50); do
        p=$((20000 + RANDOM % 30000))
        (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null && continue   # something answers there
        [[ " ${ports[*]:-} " == *" $p "* ]] || { echo "$p"; return; }
    done
    cannot_start "no free port found"
}
ports=()
ports+=("$(free_port)"); ports+=("$(free_port)")

t_up=$SECONDS
mkdir -p "$tmp/state" "$tmp/spool"
mungekey --create --keyfile="$tmp/munge.key" --bits=1024
sock="$tmp/munge.socket"
munged --key-file="$tmp/munge.key" --socket="$sock" --pid-file="$tmp/munged.pid" \
    --log-file="$tmp/munged.log" --seed-file="$tmp/munged.seed" \
    || cannot_start "munged failed (its log: $tmp/munged.log)"
munge -n -S "$sock" | unmunge -S "$sock" >/dev/null \
    || cannot_start "munged does not answer on $sock"

# This machine's node line as slurmd sees it (CPUs, sockets, cores, threads, memory), so that
# the node is not drained for having less than configured.
hw="$(slurmd -C | sed -n 's/^NodeName=[^ ]* //p')"
[[ "$hw" == *CPUs=* ]] || cannot_start "slurmd -C printed no node line"
cat > "$tmp/slurm.conf" <<EOF
# A single-node Slurm for tests/slurm/run.sh: root, 127.0.0.1 only, nothing outside $tmp.
ClusterName=dlxtest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=${ports[0]}
SlurmdPort=${ports[1]}
CommunicationParameters=NoCtldInAddrAny,NoInAddrAny
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$sock
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
PlugStackConfig=$tmp/plugstack.conf
MailProg=/bin/true
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
# Start an array's next tasks as soon as a core is free (the default waits up to 3 s).
SchedulerParameters=batch_sched_delay=0
ReturnToService=2
# Ended jobs stay listed for an hour (default 300 s), so that squeue can say how each task ended.
MinJobAge=3600
NodeName=localhost NodeAddr=127.0.0.1 $hw State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
: > "$tmp/plugstack.conf"
export SLURM_CONF="$tmp/slurm.conf"

slurmctld || cannot_start "slurmctld failed (its log: $tmp/slurmctld.log)"
ctld_up() { scontrol ping 2>/dev/null | grep -q 'is UP'; }
wait_until 60 "slurmctld" ctld_up || cannot_start "slurmctld does not answer (its log: $tmp/slurmctld.log)"
slurmd -N localhost || cannot_start "slurmd failed (its log: $tmp/slurmd.log)"
node_idle() { [[ "$(sinfo -h -n localhost -o %T 2>/dev/null)" == idle ]]; }
wait_until 60 "the node to be idle" node_idle \
    || cannot_start "the node is '$(sinfo -h -n localhost -o '%T %E' 2>&1)', not idle (slurmd's log: $tmp/slurmd.log)"
say "Slurm $(sinfo -V | awk '{print $2}') up in $((SECONDS - t_up)) s: node localhost ($hw), ports ${ports[*]}"

# --- the recipe of docs/cli.md ------------------------------------------------------------------
# doc LINE: LINE as it stands in docs/cli.md (a test of the commands the docs give, not others).
doc() {
    grep -qF -- "$1" "$root/docs/cli.md" || die "docs/cli.md no longer has the line: $1"
}
# jobs_gone JOB...: none of these jobs is pending or running any more.
# (A squeue that fails, as one may at a busy slurmctld, says nothing: it is asked again.)
jobs_gone() {
    local left
    left="$(squeue -h -j "$(IFS=,; echo "$*")" -o %i 2>/dev/null)" && [[ -z "$left" ]]
}
# submit LINE: runs the sbatch command LINE (in the current folder), returns its job id.
submit() {
    local out
    out="$(eval "$1")" || die "sbatch failed: $1"
    [[ "$out" =~ ^Submitted\ batch\ job\ ([0-9]+)$ ]] || die "sbatch said '$out'"
    jobs_started+=("${BASH_REMATCH[1]}")
    job="${BASH_REMATCH[1]}"
}
# wait_job JOB: waits for every task of JOB to end (generous: under load a task takes seconds).
wait_job() {
    wait_until 300 "job $1" jobs_gone "$1" || die "job $1 still running after 300 s: $(squeue -h -j "$1" -o '%i %T %R' | head -n 5)"
}
# states JOB: "TASK STATE" per array task, in task order (MinJobAge keeps ended tasks listed).
states() {
    local out
    out="$(squeue -h -j "$1" -t all -o '%K %T')" || die "squeue -j $1 failed"
    sort -n <<< "$out"
}

split=(dlx-sudoku cover pent.dlx --split 1 --out sub)
count_line='n=$(grep -c '"'^sub-'"' sub/manifest.txt)'
sbatch_line='sbatch --array=1-$n scripts/slurm-count.sh sub'
sum_line='dlx-sudoku cover --sum sub'
missing_line='missing=$(awk '"'"'/^sub-/ { n++; if (system("test -e sub/" $1 ".count")) { printf "%s%d", s, n; s = "," } }'"'"' sub/manifest.txt)'
resubmit_line='sbatch --array=$missing scripts/slurm-count.sh sub'
for line in "$count_line" "$sbatch_line" "$sum_line" "$missing_line" "$resubmit_line"; do doc "$line"; done

# new_case NAME: a folder NAME with the problem split as the docs do (scripts/ as in the repository).
new_case() {
    mkdir "$tmp/$1"
    cd "$tmp/$1"
    ln -s "$root/scripts" scripts
    dlx-sudoku cover --example pentominoes 4x15 > pent.dlx
    "${split[@]}" > /dev/null
    eval "$count_line"
}

# 1. Every task counts its subproblem; --sum adds them up.
t1=$SECONDS
new_case all
say "${split[*]}: $n subproblems"
submit "$sbatch_line"
wait_job "$job"
got="$(states "$job")"
want="$(seq "$n" | sed 's/$/ COMPLETED/')"
[[ "$got" == "$want" ]] || die "job $job's tasks ended so (task state):"$'\n'"$got"
sum="$(eval "$sum_line")" || die "$sum_line failed after every task completed"
[[ "$sum" == "$expected" ]] || die "$sum_line printed '$sum', expected '$expected'"
say "array job $job: $n tasks COMPLETED in $((SECONDS - t1)) s; $sum_line: $sum"

# 2. A task fails (its subproblem file is not there: not yet copied, or deleted); it leaves no
# result, --sum names it and exits 2; with the file back, only the missing task runs again.
t1=$SECONDS
new_case failed
file="$(printf 'sub-%06d.dlx' "$failing")"
mv "sub/$file" "$tmp/$file.away"
submit "$sbatch_line"
wait_job "$job"
got="$(states "$job")"
want="$(seq "$n" | awk -v f="$failing" '{ print $1, ($1 == f ? "FAILED" : "COMPLETED") }')"
[[ "$got" == "$want" ]] || die "job $job's tasks ended so (task state), not with task $failing alone FAILED:"$'\n'"$got"
[[ ! -e "sub/$file.count" ]] || die "the failed task $failing left a result, sub/$file.count"
why="$(grep -m 1 -F "$file" "slurm-${job}_$failing.out")" \
    || die "task $failing's output does not name $file: $(cat "slurm-${job}_$failing.out")"
rc=0
sum="$(eval "$sum_line" 2>sum.err)" || rc=$?
(( rc == 2 )) || die "$sum_line exited $rc with task $failing's result missing, not 2 (it printed '$sum')"
grep -qF "1 of $n subproblems have no result yet: $file.count" sum.err \
    || die "$sum_line did not name the missing result: $(cat sum.err)"
say "array job $job: task $failing FAILED ($why); $sum_line: $(cat sum.err)"
mv "$tmp/$file.away" "sub/$file"
eval "$missing_line"
[[ "$missing" == "$failing" ]] || die "$missing_line gave '$missing', expected '$failing'"
submit "$resubmit_line"
wait_job "$job"
got="$(states "$job")"
[[ "$got" == "$failing COMPLETED" ]] || die "the resubmitted job $job ended so (task state): $got"
sum="$(eval "$sum_line")" || die "$sum_line failed after the resubmitted task"
[[ "$sum" == "$expected" ]] || die "$sum_line printed '$sum' after the resubmission, expected '$expected'"
say "resubmitted task $missing as job $job; $sum_line: $sum ($((SECONDS - t1)) s)"
cd "$root"
say "PASS"
