#!/usr/bin/env python3
"""Digest query-log shards on a Dask cluster and merge the partial digests
(docs/digest.md, "Beyond one machine").

    digest_dask.py [--scheduler ADDRESS | --local N] [--keyplan PATH]
                   [--out MERGED.json] [--schema PATH]... [--target T]
                   [--top-values K] [--sample-rate R] [--log-format F] SHARD...

Map: each shard becomes one Dask task that runs `keyplan digest --format json
[those options] SHARD` on a worker (keyplan on the workers' PATH or at
--keyplan, the shards on storage every worker reads: NFS, a mounted bucket,
HDFS through its FUSE mount). Reduce: the partial digests come back as text
and are merged in a tree, FAN_IN at a time, by `keyplan digest --merge` on
the workers; the last merge is written to --out (or standard output).

Counts, sums, extremes and skipped-line counts of the result equal those of
one `keyplan digest` over all the shards; hot-key lists are equal within the
error the digest states for them. The digest options (--schema, --target,
--top-values, --sample-rate, --log-format) must be the same for every shard;
--merge refuses digests made with another target or --top-values.

Exit status: 0, or 1 when a shard or a merge failed (its keyplan error is
printed), or 2 for a usage error.

--local N starts a local cluster of N worker processes (what the test does);
--scheduler ADDRESS joins a running one (dask-scheduler, dask-worker)."""
import argparse
import os
import subprocess
import sys
import tempfile

FAN_IN = 8


def run_keyplan(keyplan, args, stdin_texts=()):
    """Runs keyplan on a worker: the digest JSON it writes, or raises with
    its error. Texts are written to temporary files first (merge inputs)."""
    with tempfile.TemporaryDirectory(prefix="kp_dask_") as tmp:
        paths = []
        for i, text in enumerate(stdin_texts):
            p = os.path.join(tmp, f"part{i}.json")
            with open(p, "w", encoding="utf-8") as f:
                f.write(text)
            paths.append(p)
        p = subprocess.run([keyplan, *args, *paths], capture_output=True, text=True)
        if p.returncode != 0:
            raise RuntimeError(f"keyplan {' '.join(args)} {' '.join(paths)}: exit {p.returncode}: {p.stderr.strip()}")
        return p.stdout


def digest_shard(keyplan, options, shard):
    return run_keyplan(keyplan, ["digest", "--format", "json", *options, shard])


def merge(keyplan, options, *parts):
    # only the options a merge takes: the target and the sketch size
    keep = []
    it = iter(options)
    for o in it:
        if o in ("--target", "--top-values"):
            keep += [o, next(it)]
        elif o.startswith(("--target=", "--top-values=")):
            keep.append(o)
        elif o in ("--schema", "--sample-rate", "--log-format"):
            next(it)
    return run_keyplan(keyplan, ["digest", "--merge", "--format", "json", *keep], parts)


def main(argv=None):
    ap = argparse.ArgumentParser(description="keyplan digest on a Dask cluster")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--scheduler", help="address of a running Dask scheduler")
    g.add_argument("--local", type=int, default=2, help="start a local cluster of N workers (default 2)")
    ap.add_argument("--keyplan", default="keyplan", help="the keyplan binary on the workers")
    ap.add_argument("--out", help="write the merged digest here (default: standard output)")
    # keyplan digest's own options, passed to every shard's digest
    ap.add_argument("--schema", action="append", default=[])
    ap.add_argument("--target")
    ap.add_argument("--top-values")
    ap.add_argument("--sample-rate")
    ap.add_argument("--log-format")
    ap.add_argument("shards", nargs="+")
    a = ap.parse_args(argv)
    options = [x for s in a.schema for x in ("--schema", os.path.abspath(s))]
    for name in ("target", "top_values", "sample_rate", "log_format"):
        v = getattr(a, name)
        if v is not None:
            options += ["--" + name.replace("_", "-"), v]

    from dask.distributed import Client, LocalCluster

    cluster = None
    if a.scheduler:
        client = Client(a.scheduler)
    else:
        cluster = LocalCluster(n_workers=a.local, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    try:
        shards = [os.path.abspath(s) for s in a.shards]
        level = [client.submit(digest_shard, a.keyplan, options, s, pure=False) for s in shards]
        while len(level) > 1:
            level = [client.submit(merge, a.keyplan, options, *level[i:i + FAN_IN], pure=False)
                     for i in range(0, len(level), FAN_IN)]
        if len(shards) == 1:
            # one shard: still go through a merge, so the result is the same
            # kind of document whatever the number of shards
            level = [client.submit(merge, a.keyplan, options, level[0], pure=False)]
        try:
            result = level[0].result()
        except RuntimeError as e:
            print(f"digest_dask: {e}", file=sys.stderr)
            return 1
    finally:
        client.close()
        if cluster:
            cluster.close()
    if a.out:
        with open(a.out, "w", encoding="utf-8") as f:
            f.write(result)
    else:
        sys.stdout.write(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
