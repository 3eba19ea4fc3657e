#!/usr/bin/env python3
"""phase_measured.py ANALYZE.json P OUT.json: a measurement of calibrate's
phase_mix benchmark whose time is the model's T_ALU and T_MEM combined at
exponent P, (T_ALU^P + T_MEM^P)^(1/P), from `analyze --format json` of the
same launch: calibrate must find P again."""
import json
import sys

report = json.load(open(sys.argv[1]))
p = float(sys.argv[2])
e = report["kernels"][0]["estimate"]
a, b = e["t_alu_s"], e["t_mem_s"]
t = (a ** p + b ** p) ** (1 / p)
result = {"id": "barrier.phase_exponent", "kernel": "phase_mix", "status": "ok",
          "message": "", "repeats": 10, "median_s": t, "min_s": t, "max_s": t,
          "cv": 0.01}
json.dump({"schema": 1, "tool": "clspread-run", "version": "0.1.0",
           "command": "clspread-run -o calib.json calib-plan.json",
           "date": "2025-01-31T12:34:56Z", "platform": "Test Platform",
           "device": "Test Device 9000", "driver": "9.9",
           "results": [result]}, open(sys.argv[3], "w"))
print(f"T_ALU {a:.4g} s, T_MEM {b:.4g} s, measured {t:.6g} s")
