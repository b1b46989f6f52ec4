#!/usr/bin/env python3
"""Run a numtools command over a partitioned dataset on Apache Spark.

    spark-pipe.py [OPTIONS] -o OUTPUT INPUT... -- TOOL [TOOL OPTIONS]

Each partition of the input (line-delimited text, or CSV whose quoted fields
hold no line break) is piped through one TOOL process, as Spark's RDD.pipe
does, and the results are saved in partition order, so that the part files of
OUTPUT, concatenated in order, hold what one `TOOL ... < INPUT` writes.

Error records are numbered as one process numbers them: the tool counts the
records of its own partition, and each error record it makes is renumbered
with the partition's offset (the records of the partitions before it, header
included). With --errors DIR they go to a dataset of their own, as the tool's
--errors FILE would write them; without it they stay in place in OUTPUT.

Options:
  -o, --output DIR       output dataset (a directory of part files; must not
                         exist unless --overwrite)
  --errors DIR           error records to this dataset; OUTPUT holds only the
                         good records (the tool's --on-error=keep puts the
                         original record in place of a bad one; skip, the
                         default, nothing)
  --header[=N]           the first N records (default 1) of the whole input
                         are a header: written to OUTPUT unchanged and counted
                         in record numbers; no partition sees them (never pass
                         --header to the tool itself: each partition would
                         take its own first record for a header)
  -p, --partitions N     split the input into N partitions or more (at least
                         one for each file; default: twice the executors)
  --master URL           Spark master (default local[2])
  --ship                 send the TOOL executable to the executors with
                         SparkContext.addFile (a cluster whose nodes do not
                         have it installed)
  --overwrite            replace OUTPUT and the --errors DIR if they exist
  --verbose              keep Spark's own log (WARN and above) and progress bar
  -h, --help             this text

INPUT: files, directories (their files, sorted by name, without those whose
name begins with `_` or `.`) or Hadoop globs, on any file system Spark reads;
read in the order given. They must be UTF-8 (Spark's text reader replaces
invalid bytes with U+FFFD). The tool runs with the LC_ALL, LC_NUMERIC,
LC_MONETARY, LC_TELEPHONE and LANG of this script's environment (unset when
unset here).

Refused, because they mean something else on partitions: the tool's --header
(use ours), --errors (use ours), --on-error=abort, -z. A CSV line that ends
inside a quoted field (a field holding a line break, which Spark's line reader
would cut in two) stops the job with its record number.

Exit status: 0 no error record; 1 some error records were written (as the
tool's own exit status 1); 2 usage error; 3 the job failed (a tool exited 2 or
more, or a refused record); the message names the partition and quotes the
tool's stderr.

See docs/scale-out.md.
"""

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

LOCALE_VARIABLES = ("LC_ALL", "LC_NUMERIC", "LC_MONETARY", "LC_TELEPHONE", "LANG")
BOM = "\ufeff"

# Short options of the four tools that take a value (a cluster such as -zf3
# ends at the first of them) and the long ones that do.
SHORT_WITH_VALUE = set("fdclrt")
LONG_WITH_VALUE = {
    "--field", "--delimiter", "--on-error", "--errors", "--empty", "--max-record-bytes",
    "--style", "--currency", "--locale", "--display", "--symbol", "--min-fraction",
    "--max-fraction", "--significant", "--rounding", "--sign", "--color", "--from", "--to",
    "--grouping", "--separator", "--region", "--format", "--type", "--completion",
}


class UsageError(Exception):
    pass


# --- The tool's command line ------------------------------------------------------


def stream_options(args):
    """The stream options of a tool's arguments that matter here.

    Returns a dict: csv (bool), delimiter (str or None), on_error (str or
    None), on_error_span ((start, end) indexes of the --on-error option in
    args, or None), header, errors, zero (bools).
    """
    found = dict(csv=False, delimiter=None, on_error=None, on_error_span=None,
                 header=False, errors=False, zero=False)
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            break
        if a.startswith("--"):
            name, eq, value = a.partition("=")
            width = 1
            if not eq and name in LONG_WITH_VALUE:
                value = args[i + 1] if i + 1 < len(args) else ""
                width = 2
            if name == "--csv":
                found["csv"] = True
            elif name == "--delimiter":
                found["delimiter"] = value
            elif name == "--on-error":
                found["on_error"] = value.lower()
                found["on_error_span"] = (i, i + width)
            elif name == "--header":
                found["header"] = True
            elif name == "--errors":
                found["errors"] = True
            elif name == "--zero-terminated":
                found["zero"] = True
            i += width
            continue
        if a.startswith("-") and len(a) > 1 and not re.match(r"-[0-9.]", a):
            for k, letter in enumerate(a[1:], start=1):
                if letter == "z":
                    found["zero"] = True
                if letter in SHORT_WITH_VALUE:
                    rest = a[k + 1:]
                    if not rest:
                        rest = args[i + 1] if i + 1 < len(args) else ""
                        i += 1
                    if letter == "d":
                        found["delimiter"] = rest
                    break
        i += 1
    return found


def check_command(args, split_errors):
    """Raises UsageError for a tool command that partitions would change."""
    opts = stream_options(args[1:])
    if opts["header"]:
        raise UsageError("give --header to spark-pipe.py, not to the tool: each partition "
                         "would take its own first record for a header")
    if opts["errors"]:
        raise UsageError("give --errors DIR to spark-pipe.py, not to the tool: the error "
                         "records then go to their own dataset")
    if opts["zero"]:
        raise UsageError("-z is not supported: Spark's text reader splits records at LF")
    policy = opts["on_error"]
    if policy == "abort":
        raise UsageError("--on-error=abort would stop each partition at its own first "
                         "error; run one process for that")
    if split_errors and policy == "record":
        raise UsageError("--on-error=record with --errors is a usage error of the tool too")
    return opts


# --- Records --------------------------------------------------------------------------


def content(line):
    """A line less the CR of a CRLF terminator (the tool's record)."""
    return line[:-1] if line.endswith("\r") else line


def is_error_record(line):
    """The tool's test: begins with `error` TAB and has six TAB-separated columns."""
    record = content(line)
    return record.startswith("error\t") and record.count("\t") == 5


def made_error_record(number, line_in, line_out):
    """Whether line_out is an error record the tool made for its record `number`
    (not a transformed record, nor an earlier pass's error record passing through)."""
    if line_out == line_in and is_error_record(line_in):
        return False
    return line_out.startswith("error\t%d\t" % number) and content(line_out).count("\t") == 5


def renumber(line_out, number, offset):
    """An error record made for local record `number`, renumbered by `offset`."""
    prefix = "error\t%d\t" % number
    return "error\t%d\t" % (number + offset) + line_out[len(prefix):]


def csv_open_quote_pattern(delimiter):
    """A regular expression that matches a whole CSV line ending outside quotes,
    as the tools read it: a quote opens a quoted field only at the start of a
    field; `""` inside is one quote; after the closing quote the field goes on
    to the next delimiter."""
    d = re.escape(delimiter)
    field = '(?:"(?:[^"]|"")*"(?!")[^%s]*|(?!")[^%s]*)' % (d, d)
    return re.compile("%s(?:%s%s)*" % (field, d, field), re.S)


# --- One partition ----------------------------------------------------------------------


class ToolFailed(Exception):
    pass


def run_partition(lines, command, env, first_number, split_errors, policy,
                  csv_delimiter=None, header_count=0, partition=0, on_exit=None):
    """Pipes one partition's lines through one tool process.

    lines: the partition's lines (str, LF removed, CR kept), the first of
    which is record `first_number` of the whole input (1-based). Records
    numbered up to header_count are header records: yielded unchanged, not
    piped. Yields (0, line) for the output dataset, (2, line) for an error
    record in place in it (one-to-one policies without split_errors) and
    (1, line) for the error dataset (split_errors); error records the tool
    makes are renumbered to the whole input's record numbers. Raises ToolFailed on a
    tool exit status of 2 or more, on a CSV line ending inside quotes, and
    when the tool's output does not match its input line for line.
    """
    lines = iter(lines)
    number = first_number
    # Header records: never piped (the tool's own --header is refused).
    while number <= header_count:
        line = next(lines, None)
        if line is None:
            return
        yield (0, line)
        number += 1
    first = next(lines, None)
    if first is None:
        return  # an empty partition: no process
    offset = number - 1  # the records before this partition's first piped one
    bom = ""
    if offset == 0 and first.startswith(BOM):
        # The input's byte-order mark: the tool would write it back at the start
        # of its output; it is taken off here and put on the first line written.
        bom, first = BOM, first[1:]
    one_to_one = split_errors or policy in (None, "record")
    pending = collections.deque()
    quote_check = csv_open_quote_pattern(csv_delimiter) if csv_delimiter else None
    writer_error = []

    errfile = tempfile.TemporaryFile()
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=errfile, env=env)

    def feed():
        n = offset
        try:
            batch = []
            for line in _chain1(first, lines):
                n += 1
                if quote_check is not None and '"' in line and not quote_check.fullmatch(content(line)):
                    raise ToolFailed(
                        "record %d ends inside a quoted CSV field: a field holding a line "
                        "break cannot be split by Spark's line reader (run one process for "
                        "this input)" % n)
                batch.append(line)
                if len(batch) == 4096:
                    _write(batch)
                    batch = []
            if batch:
                _write(batch)
        except BrokenPipeError:
            pass  # the tool ended early: its exit status says why
        except BaseException as e:  # noqa: BLE001, re-raised by the reader
            writer_error.append(e)
        finally:
            try:
                proc.stdin.close()
            except BrokenPipeError:
                pass

    def _write(batch):
        if one_to_one:
            pending.extend(batch)
        proc.stdin.write(("\n".join(batch) + "\n").encode("utf-8"))

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    local = 0
    extra = 0
    for raw in proc.stdout:
        line_out = raw[:-1].decode("utf-8") if raw.endswith(b"\n") else raw.decode("utf-8")
        if not one_to_one:
            tag, line = 0, line_out
        elif not pending:
            extra += 1
            continue
        else:
            line_in = pending.popleft()
            local += 1
            if not line_out.startswith("error\t"):
                tag, line = 0, line_out
            elif made_error_record(local, line_in, line_out):
                tag, line = (1 if split_errors else 2), renumber(line_out, local, offset)
            elif is_error_record(line_in) and line_out == line_in:
                tag, line = (1 if split_errors else 2), line_in  # an earlier pass's
            else:
                tag, line = 0, line_out
            if tag == 1:
                yield (1, line)
                if policy != "keep":
                    continue
                tag, line = 0, line_in
        if bom:  # the first line written, as the tool writes it back
            line, bom = bom + line, ""
        yield (tag, line)
    proc.stdout.close()
    status = proc.wait()
    writer.join()
    errfile.seek(0)
    stderr = errfile.read().decode("utf-8", "replace")
    errfile.close()
    if writer_error:
        raise writer_error[0]
    if status not in (0, 1):
        tail = "\n".join(stderr.splitlines()[-20:])
        raise ToolFailed("partition %d: %s exited with status %d%s" % (
            partition, os.path.basename(command[0]), status, (": " + tail) if tail else ""))
    if on_exit is not None:
        on_exit(status)
    if stderr:
        sys.stderr.write(stderr)  # --on-error=keep|skip diagnostics, per partition
    if one_to_one and (pending or extra):
        raise ToolFailed("partition %d: %s wrote %d lines for %d records (operands in the "
                         "command, or a record the tool split?)" % (
                             partition, os.path.basename(command[0]),
                             local + extra, local + len(pending)))


def _with_bom(lines):
    """The lines, the first with the input's byte-order mark put back."""
    lines = iter(lines)
    for line in lines:
        yield BOM + line
        break
    yield from lines


def _chain1(first, rest):
    yield first
    yield from rest


def tool_environment(driver_env, base_env):
    """The executor's environment with the driver's locale variables."""
    env = dict(base_env)
    for name in LOCALE_VARIABLES:
        if name in driver_env:
            env[name] = driver_env[name]
        else:
            env.pop(name, None)
    return env


# --- The driver -------------------------------------------------------------------------

# Spark's log, on stderr at the level given. PySpark's gateway logger is
# configured too: Spark sets the console level from it (WARN when it has none)
# and says so on stderr.
LOG4J2 = """\
rootLogger.level = {level}
rootLogger.appenderRef.stderr.ref = stderr
appender.stderr.type = Console
appender.stderr.name = stderr
appender.stderr.target = SYSTEM_ERR
appender.stderr.layout.type = PatternLayout
appender.stderr.layout.pattern = %d{{HH:mm:ss}} %p %c{{1}}: %m%n
logger.gateway.name = org.apache.spark.api.python.PythonGatewayServer
logger.gateway.level = {level}
"""


def parse_arguments(argv):
    if "--" not in argv:
        if any(a in ("-h", "--help") for a in argv):
            print(__doc__.strip())
            sys.exit(0)
        raise UsageError("no tool command: put it after --, as in "
                         "spark-pipe.py -o out data.csv -- coinfmt --csv -f 3")
    k = argv.index("--")
    own, command = argv[:k], argv[k + 1:]
    if not command:
        raise UsageError("no tool command after --")
    parser = argparse.ArgumentParser(prog="spark-pipe.py", add_help=False)
    parser.add_argument("-h", "--help", action="store_true")
    parser.add_argument("-o", "--output")
    parser.add_argument("--errors")
    parser.add_argument("--header", nargs="?", const=1, default=0, type=int)
    parser.add_argument("-p", "--partitions", type=int)
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--ship", action="store_true")
    parser.add_argument("--overwrite", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("inputs", nargs="*")
    parser.error = lambda message: (_ for _ in ()).throw(UsageError(message))
    args = parser.parse_args(own)
    if args.help:
        print(__doc__.strip())
        sys.exit(0)
    if not args.output:
        raise UsageError("-o OUTPUT is required")
    if not args.inputs:
        raise UsageError("no INPUT")
    if args.header < 0:
        raise UsageError("--header takes a number of records, 0 or more")
    if args.partitions is not None and args.partitions < 1:
        raise UsageError("--partitions takes a positive number")
    for p in args.inputs:
        if "," in p:
            raise UsageError("an INPUT path may not hold a comma (Hadoop's separator): %s" % p)
    return args, command


def resolve_tool(command, ship):
    """The tool's path as executors see it (absolute when it names a path here)."""
    tool = command[0]
    if "/" in tool:
        tool = os.path.abspath(tool)
        if not (os.path.isfile(tool) and os.access(tool, os.X_OK)):
            raise UsageError("%s is not an executable file" % tool)
    elif ship:
        found = shutil.which(tool)
        if not found:
            raise UsageError("--ship: %s is not on PATH here" % tool)
        tool = found
    return [tool] + command[1:]


def probe_tool(command, env):
    """Runs the command on empty input here first, so that a usage error (exit 2)
    is reported before Spark starts. Skipped when the tool is not here."""
    if "/" not in command[0] and not shutil.which(command[0]):
        return
    done = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, env=env)
    if done.returncode >= 2:
        raise UsageError("the tool command fails on empty input (exit %d): %s" % (
            done.returncode, done.stderr.decode("utf-8", "replace").strip()))


def expand_inputs(sc, inputs):
    """Files in order: each INPUT's glob matches sorted by name, a directory's files
    sorted by name (without _ and . files). Returns (paths, total bytes)."""
    jvm = sc._jvm
    conf = sc._jsc.hadoopConfiguration()
    paths, total = [], 0
    for given in inputs:
        path = jvm.org.apache.hadoop.fs.Path(given)
        fs = path.getFileSystem(conf)
        matches = fs.globStatus(path)
        if matches is None or len(matches) == 0:
            raise UsageError("no such input: %s" % given)
        for status in sorted(matches, key=lambda s: s.getPath().toString()):
            if status.isDirectory():
                children = [c for c in fs.listStatus(status.getPath())
                            if c.isFile() and not c.getPath().getName().startswith(("_", "."))]
                chosen = sorted(children, key=lambda s: s.getPath().getName())
            else:
                chosen = [status]
            for c in chosen:
                paths.append(c.getPath().toString())
                total += c.getLen()
    return paths, total


def starts_with_bom(sc, where):
    """Whether the file begins with a UTF-8 byte-order mark (which Hadoop's line
    reader drops from the first line of a file)."""
    path = sc._jvm.org.apache.hadoop.fs.Path(where)
    stream = path.getFileSystem(sc._jsc.hadoopConfiguration()).open(path)
    try:
        return [stream.read() for _ in range(3)] == [0xEF, 0xBB, 0xBF]
    finally:
        stream.close()


def delete_dataset(sc, where):
    path = sc._jvm.org.apache.hadoop.fs.Path(where)
    fs = path.getFileSystem(sc._jsc.hadoopConfiguration())
    if fs.exists(path):
        fs.delete(path, True)


def dataset_exists(sc, where):
    path = sc._jvm.org.apache.hadoop.fs.Path(where)
    return path.getFileSystem(sc._jsc.hadoopConfiguration()).exists(path)


def main(argv):
    started = time.time()
    try:
        args, command = parse_arguments(argv)
        opts = check_command(command, args.errors is not None)
        command = resolve_tool(command, args.ship)
        driver_env = {k: os.environ[k] for k in LOCALE_VARIABLES if k in os.environ}
        probe_tool(command, tool_environment(driver_env, os.environ))
    except UsageError as e:
        print("spark-pipe.py: %s" % e, file=sys.stderr)
        return 2

    if args.master.startswith("local"):
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)  # the workers: this Python
    from pyspark import SparkConf, SparkContext, SparkFiles, StorageLevel

    confdir = tempfile.mkdtemp(prefix="spark-pipe.")
    log4j = os.path.join(confdir, "log4j2.properties")
    with open(log4j, "w") as f:
        f.write(LOG4J2.format(level="warn" if args.verbose else "fatal"))
    conf = (SparkConf().setMaster(args.master).setAppName("numtools spark-pipe %s" % os.path.basename(command[0]))
            .set("spark.driver.extraJavaOptions", "-Dlog4j2.configurationFile=file:" + log4j)
            .set("spark.ui.showConsoleProgress", "true" if args.verbose else "false")
            .set("spark.ui.enabled", "false"))
    if args.master.startswith("local"):
        conf = conf.set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1")
    sc = SparkContext(conf=conf)
    try:
        return run_job(sc, args, command, opts, driver_env, started, SparkFiles, StorageLevel)
    except UsageError as e:
        print("spark-pipe.py: %s" % e, file=sys.stderr)
        return 2
    except Exception as e:  # noqa: BLE001, the job's failure, reported in one line
        text = str(e)
        m = re.search(r"(ToolFailed|UsageError): (.*)", text)
        if m:
            reason = m.group(2)
        elif getattr(e, "java_exception", None) is not None:
            reason = str(e.java_exception.toString()).splitlines()[0]
        else:
            reason = (text.strip().splitlines() or [type(e).__name__])[0]
        print("spark-pipe.py: job failed: %s%s" % (reason, "" if args.verbose else " (--verbose shows Spark's log)"),
              file=sys.stderr)
        return 3
    finally:
        sc.stop()
        shutil.rmtree(confdir, ignore_errors=True)


def first_record_numbers(lines):
    """The number (1-based) of each partition's first record in the whole input.

    Counted in the JVM when it can be: the Hadoop RDD under the Python one,
    zipped with its index, knows each partition's first index (Spark counts
    the records without handing them to Python). Otherwise, in Python.
    """
    try:
        jrdd = lines._jrdd.rdd()
        while jrdd.getClass().getSimpleName() != "NewHadoopRDD":
            jrdd = jrdd.dependencies().apply(0).rdd()
        parts = jrdd.zipWithIndex().partitions()
        firsts = [parts[k].startIndex() + 1 for k in range(len(parts))]
        if len(firsts) == lines.getNumPartitions():
            return firsts
    except Exception:  # noqa: BLE001, another Spark's internals: count in Python
        pass
    counts = lines.mapPartitions(lambda it: [sum(1 for _ in it)]).collect()
    firsts, n = [], 1
    for c in counts:
        firsts.append(n)
        n += c
    return firsts


def run_job(sc, args, command, opts, driver_env, started, SparkFiles, StorageLevel):
    for where in filter(None, (args.output, args.errors)):
        if dataset_exists(sc, where):
            if not args.overwrite:
                raise UsageError("%s exists (--overwrite replaces it)" % where)
            delete_dataset(sc, where)
    paths, total = expand_inputs(sc, args.inputs)
    partitions = args.partitions or max(2, 2 * sc.defaultParallelism)
    split_size = max(1, -(-total // partitions))
    lines = sc.newAPIHadoopFile(
        ",".join(paths), "org.apache.hadoop.mapreduce.lib.input.TextInputFormat",
        "org.apache.hadoop.io.LongWritable", "org.apache.hadoop.io.Text",
        conf={"textinputformat.record.delimiter": "\n",
              "mapreduce.input.fileinputformat.split.maxsize": str(split_size),
              "mapreduce.input.fileinputformat.split.minsize": "1"}).values()

    # Hadoop's line reader drops a byte-order mark at the start of a file; one
    # process writes the input's back (and reads one inside it as data).
    bom_first = bool(paths) and starts_with_bom(sc, paths[0])

    # Record numbers: the lines of the partitions before each one.
    counted = time.time()
    firsts = first_record_numbers(lines)
    counted = time.time() - counted

    ship = args.ship
    if ship:
        sc.addFile(command[0])
    tool_name = os.path.basename(command[0])
    split_errors = args.errors is not None
    policy = opts["on_error"]
    run_command = list(command)
    if split_errors:
        # The tool runs with its default --on-error=record: its output then has
        # one line per record, which tells each error record's place; keep or
        # skip (the default with --errors) is applied here.
        if opts["on_error_span"]:
            s, e = opts["on_error_span"]
            run_command = [run_command[0]] + run_command[1:][:s] + run_command[1:][e:]
        policy = policy or "skip"
    csv_delimiter = (opts["delimiter"] or ",") if opts["csv"] else None
    header = args.header
    error_count = sc.accumulator(0)
    record_count = sc.accumulator(0)
    exit_ones = sc.accumulator(0)

    def partition(index, it):
        cmd = list(run_command)
        if ship:
            cmd[0] = SparkFiles.get(tool_name)
        env = tool_environment(driver_env, os.environ)
        if bom_first and firsts[index] == 1:
            it = _with_bom(it)
        def exited(status):
            if status == 1:
                exit_ones.add(1)
        def counted(lines):
            n = 0
            for line in lines:
                n += 1
                yield line
            record_count.add(n)
        for tag, line in run_partition(counted(it), cmd, env, firsts[index], split_errors, policy,
                                       csv_delimiter, header, index, exited):
            if tag:
                error_count.add(1)
            yield (tag, line)

    tagged = lines.mapPartitionsWithIndex(partition, preservesPartitioning=True)
    if split_errors:
        tagged = tagged.persist(StorageLevel.MEMORY_AND_DISK)
        tagged.filter(lambda t: t[0] == 0).map(lambda t: t[1]).saveAsTextFile(args.output)
        tagged.filter(lambda t: t[0] == 1).map(lambda t: t[1]).saveAsTextFile(args.errors)
        tagged.unpersist()
    else:
        tagged.map(lambda t: t[1]).saveAsTextFile(args.output)
    errors = error_count.value
    records = record_count.value
    failed_values = exit_ones.value > 0
    seconds = time.time() - started
    where = (" in " + args.errors) if split_errors else " in place"
    if not split_errors and policy in ("keep", "skip"):
        where = " (%s: diagnostics on the executors' stderr)" % policy
        errors = "some" if failed_values else "no"
    print("spark-pipe.py: %d records (%d bytes) in %d partitions through %s: %s error records%s; "
          "%.1f s (counting the partitions' records %.1f s), %.0f records/s" % (
              records, total, len(firsts), tool_name, errors, where,
              seconds, counted, records / seconds if seconds > 0 else 0), file=sys.stderr)
    return 1 if failed_values else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
