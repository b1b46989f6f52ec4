#!/usr/bin/env python3
"""Unit tests of scripts/spark-pipe.py's partition logic, without Spark.

    NUMTOOLS_BIN=.build/release python3 scripts/spark-pipe-test.py

Runs run_partition (what each Spark task runs) on hand-made partitions of
small inputs, with the real tools, and checks that the partitions' results,
concatenated, equal one process's output and error records byte for byte:
record numbers, headers, CRLF, a byte-order mark, earlier passes' error
records, --on-error keep and skip, CSV quoting, and the failures that must
stop a job. scripts/spark-check.sh runs it before the Spark job.
"""

import importlib.util
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("spark_pipe", os.path.join(HERE, "spark-pipe.py"))
sp = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sp)

BIN = os.path.abspath(os.environ.get("NUMTOOLS_BIN", os.path.join(HERE, "..", ".build", "release")))
ENV = dict(os.environ, LC_ALL="C")


def tool(name):
    path = os.path.join(BIN, name)
    if not os.access(path, os.X_OK):
        raise unittest.SkipTest("%s is not built (swift build -c release --product %s)" % (path, name))
    return path


def one_process(command, lines, errors_file=False):
    """(stdout lines, error file lines or None, exit status) of one process."""
    data = ("\n".join(lines) + "\n").encode("utf-8")
    errors = None
    with tempfile.TemporaryDirectory() as d:
        if errors_file:
            path = os.path.join(d, "errors")
            command = [command[0], "--errors", path] + command[1:]
        done = subprocess.run(command, input=data, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=ENV)
        if errors_file:
            with open(path, "rb") as f:
                errors = f.read().decode("utf-8").split("\n")[:-1]
    return done.stdout.decode("utf-8").split("\n")[:-1], errors, done.returncode


def partitioned(command, lines, sizes, split_errors=False, policy=None, header=0, csv=None):
    """(output lines, error lines, exit statuses) of run_partition over partitions
    of the given sizes (the last takes the rest)."""
    parts, start = [], 0
    for size in sizes:
        parts.append(lines[start:start + size])
        start += size
    parts.append(lines[start:])
    out, err, statuses, first = [], [], [], 1
    for index, part in enumerate(parts):
        for tag, line in sp.run_partition(part, command, ENV, first, split_errors, policy, csv, header,
                                          index, statuses.append):
            (err if tag == 1 else out).append(line)
        first += len(part)
    return out, err, statuses


MIXED = [
    "1234.5", "12a", "", "  7 ", "-0.5", "N/A", "1e3", "x", "42", "3.14159", "error\t2\t0\tcode\tmsg\t12a",
    "0.1", "1,5", "99", "error\t11\t0\tcode\tmsg\torig", "5", "abc", "6", "7", "8",
]


class Renumbering(unittest.TestCase):
    def test_pure_helpers(self):
        self.assertTrue(sp.is_error_record("error\t1\t0\tc\tm\to"))
        self.assertTrue(sp.is_error_record("error\t1\t0\tc\tm\to\r"))
        self.assertFalse(sp.is_error_record("error\t1\t0\tc\tm"))
        self.assertFalse(sp.is_error_record("error\t1\t0\tc\tm\to\tp"))
        self.assertEqual(sp.renumber("error\t3\t0\tc\tm\to", 3, 100), "error\t103\t0\tc\tm\to")
        # An earlier pass's error record passing through is not renumbered,
        # even when its RECORD is this record's local number.
        passing = "error\t4\t0\tc\tm\to"
        self.assertFalse(sp.made_error_record(4, passing, passing))
        self.assertTrue(sp.made_error_record(4, "12a", "error\t4\t0\tc\tm\t12a"))
        # A transformed record that only begins with `error`: not an error record.
        self.assertFalse(sp.made_error_record(4, "error\t4\t1234", "error\t4\t1,234"))

    def test_in_place_equals_one_process(self):
        command = [tool("coinfmt"), "--currency", "EUR"]
        want, _, status = one_process(command, MIXED)
        for sizes in ([], [1], [3, 4], [2, 2, 2, 2, 2], [0, 5, 0, 7], [len(MIXED)]):
            got, err, statuses = partitioned(command, MIXED, sizes)
            self.assertEqual(got, want, sizes)
            self.assertEqual(err, [])
            self.assertEqual(max(statuses), status)

    def test_errors_dataset_equals_errors_file(self):
        for policy in ("skip", "keep"):
            # (-c: since issue #44 coinfmt names no currency without one.)
            command = [tool("coinfmt"), "-c", "USD", "--on-error=%s" % policy]
            want_out, want_err, _ = one_process(command, MIXED, errors_file=True)
            for sizes in ([], [3, 4], [2, 2, 2, 2, 2, 2, 2]):
                got_out, got_err, _ = partitioned(command[:3], MIXED, sizes, split_errors=True, policy=policy)
                self.assertEqual(got_out, want_out, (policy, sizes))
                self.assertEqual(got_err, want_err, (policy, sizes))

    def test_header_crlf_and_byte_order_mark(self):
        lines = ["\ufeffid,amount\r", "1,12.5\r", "2,12a\r", "3,\"1,5\"\r", "4,7\r", "5,x\r", "6,8\r"]
        command = [tool("numgroup"), "--csv", "-f", "2"]
        want, _, _ = one_process(command + ["--header"], lines)
        for sizes in ([1], [2, 2], [3, 1, 1]):
            got, _, _ = partitioned(command, lines, sizes, header=1, csv=",")
            self.assertEqual(got, want, sizes)
        # No header: the mark comes back on the first line, and in front of the
        # first good record when the first record goes to the error dataset
        # (when that record is in the first partition: docs/scale-out.md).
        plain = ["\ufeff12a", "1234", "x", "5678"]
        want, _, _ = one_process([command[0]], plain)
        self.assertEqual(partitioned([command[0]], plain, [1, 1])[0], want)
        want_out, want_err, _ = one_process([command[0]], plain, errors_file=True)
        got_out, got_err, _ = partitioned([command[0]], plain, [2, 1], split_errors=True, policy="skip")
        self.assertEqual((got_out, got_err), (want_out, want_err))

    def test_multiline_csv_field_is_refused(self):
        command = [tool("numgroup"), "--csv", "-f", "2"]
        for line in ('3,"12', 'a"b,"c', '"x""y,1'):
            with self.assertRaises(sp.ToolFailed) as e:
                partitioned(command, ["1,2", line, "x"], [1], csv=",")
            self.assertIn("record 2 ends inside a quoted CSV field", str(e.exception))
        for line in ('a"b,1234', '"x"y,1234', '"x"y"z,1234', '"a,""b""",1234', '"",1'):
            partitioned(command, ["1,2", line], [1], csv=",")

    def test_failures_stop_the_job(self):
        with self.assertRaises(sp.ToolFailed) as e:
            partitioned([tool("coinfmt"), "--max-fraction", "x"], MIXED, [3])
        self.assertIn("exited with status 2", str(e.exception))
        with self.assertRaises(sp.ToolFailed) as e:  # operands: stdin is not read
            partitioned([tool("coinfmt"), "-c", "USD", "1"], MIXED, [3])
        self.assertIn("lines for", str(e.exception))


class CommandLine(unittest.TestCase):
    def test_stream_options(self):
        o = sp.stream_options(["--csv", "-d", ";", "-f", "3", "--on-error", "keep"])
        self.assertEqual((o["csv"], o["delimiter"], o["on_error"], o["on_error_span"]), (True, ";", "keep", (5, 7)))
        self.assertTrue(sp.stream_options(["-zf3"])["zero"])
        self.assertFalse(sp.stream_options(["-f", "z"])["zero"])
        self.assertEqual(sp.stream_options(["-d;", "--csv"])["delimiter"], ";")
        self.assertEqual(sp.stream_options(["--on-error=SKIP"])["on_error"], "skip")
        self.assertFalse(sp.stream_options(["--", "--header"])["header"])

    def test_refused(self):
        for args in (["t", "--header"], ["t", "--header=2"], ["t", "--errors", "f"], ["t", "-z"],
                     ["t", "--on-error=abort"]):
            with self.assertRaises(sp.UsageError):
                sp.check_command(args, False)
        with self.assertRaises(sp.UsageError):
            sp.check_command(["t", "--on-error", "record"], True)
        sp.check_command(["t", "--on-error", "keep", "--csv", "-f", "3"], True)


if __name__ == "__main__":
    unittest.main(verbosity=1)
