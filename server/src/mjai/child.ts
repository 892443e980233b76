/**
 * One outside AI's process: started with `sh -c` under `ulimit` (CPU seconds, optionally
 * address space) in a process group of its own, with an environment of PATH, HOME and LANG only
 * (nothing of the server's: no database address, no secret). Its resident memory (the whole
 * group's) is polled and the group killed above the limit. stdout is read as lines; a line
 * longer than the limit, or more lines than it may ever be owed, is a flood and kills it. stderr
 * is read and dropped (its first bytes kept for the log).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { MjaiEvent } from '../logs/mjai.js';
import type { MjaiBotSpec } from './config.js';

export interface ChildHandlers {
  line(line: string): void;
  /** The process is gone (exited, or killed for `reason`); said once. */
  gone(reason: string): void;
}

/** Lines a bot may write beyond those it was asked for before it counts as a flood. */
export const FLOOD_LINES = 64;
const MEMORY_POLL_MS = 500;

/** Resident memory of every process of group `pgid` (kB), from /proc (0 where /proc is not). */
function groupRssKb(pgid: number): number {
  let total = 0;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): state ppid pgrp ...
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += rss === null ? 0 : Number(rss[1]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

export class MjaiChild {
  private readonly proc: ChildProcess;
  private buffer = '';
  private done = false;
  private memoryTimer: ReturnType<typeof setInterval> | null = null;
  /** The first bytes it wrote to stderr (for the log line when it goes). */
  stderr = '';
  /** Lines it may still write (each decision asked owes one); past FLOOD_LINES more, a flood. */
  private allowance = FLOOD_LINES;

  constructor(
    readonly spec: MjaiBotSpec,
    seat: number,
    private readonly handlers: ChildHandlers,
  ) {
    const limits = [`ulimit -t ${spec.cpuSeconds || 'unlimited'}`];
    if (spec.addressSpaceMb > 0) limits.push(`ulimit -v ${spec.addressSpaceMb * 1024}`);
    const script = `${limits.join(' && ')} && exec "$@"`;
    this.proc = spawn('/bin/sh', ['-c', script, 'mjai-bot', spec.command, ...spec.args, String(seat)], {
      cwd: spec.cwd,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/', LANG: 'C.UTF-8' },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    this.proc.stdout?.setEncoding('utf8');
    this.proc.stdout?.on('data', (chunk: string) => this.read(chunk));
    this.proc.stderr?.setEncoding('utf8');
    this.proc.stderr?.on('data', (chunk: string) => {
      if (this.stderr.length < 2000) this.stderr += chunk.slice(0, 2000 - this.stderr.length);
    });
    this.proc.stdin?.on('error', () => {});
    this.proc.on('error', (e) => this.end(`could not start: ${e.message}`));
    this.proc.on('exit', (code, signal) => this.end(`exited (${signal ?? `status ${code}`})`));
    if (spec.memoryMb > 0 && this.proc.pid !== undefined) {
      const pid = this.proc.pid;
      this.memoryTimer = setInterval(() => {
        const kb = groupRssKb(pid);
        if (kb > spec.memoryMb * 1024) this.kill(`over its memory limit (${Math.round(kb / 1024)} MB)`);
      }, MEMORY_POLL_MS);
      this.memoryTimer.unref();
    }
  }

  get alive(): boolean {
    return !this.done;
  }

  /** One more line is owed (a decision was asked). */
  owe(): void {
    this.allowance += 1;
  }

  send(events: readonly MjaiEvent[]): void {
    if (this.done || events.length === 0) return;
    this.proc.stdin?.write(events.map((e) => `${JSON.stringify(e)}\n`).join(''));
  }

  private read(chunk: string): void {
    if (this.done) return;
    this.buffer += chunk;
    for (;;) {
      const nl = this.buffer.indexOf('\n');
      if (nl < 0) break;
      const line = this.buffer.slice(0, nl).trim();
      this.buffer = this.buffer.slice(nl + 1);
      if (Buffer.byteLength(line) > this.spec.maxLineBytes) {
        this.kill('flood: a line over the limit');
        return;
      }
      if (line === '') continue;
      this.allowance -= 1;
      if (this.allowance < 0) {
        this.kill(`flood: over ${FLOOD_LINES} lines nobody asked for`);
        return;
      }
      this.handlers.line(line);
      if (this.done) return;
    }
    if (Buffer.byteLength(this.buffer) > this.spec.maxLineBytes) this.kill('flood: a line over the limit');
  }

  /** Kills the whole process group (a bot started through npm or a shell has children). */
  kill(reason: string): void {
    if (this.done) return;
    try {
      if (this.proc.pid !== undefined) process.kill(-this.proc.pid, 'SIGKILL');
    } catch {
      this.proc.kill('SIGKILL');
    }
    this.end(reason);
  }

  /** The match is over: `end_game` was sent; stdin closes and the group goes after `graceMs`. */
  close(graceMs = 1000): void {
    if (this.done) return;
    this.proc.stdin?.end();
    const t = setTimeout(() => this.kill('closed'), graceMs);
    t.unref();
  }

  private end(reason: string): void {
    if (this.done) return;
    this.done = true;
    if (this.memoryTimer !== null) clearInterval(this.memoryTimer);
    this.handlers.gone(reason);
  }
}
