import { spawn } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/suite-app';
import { listenLocally } from '../../../test/test-app';

/**
 * One anonymous upload must not stall the server: a 5 MB CSV to shipping-analysis once blocked the event loop
 * for seconds (health took 4.5 s). No step of the request may hold the loop for more than 100 ms.
 *
 * The server runs here and its loop is measured with monitorEventLoopDelay; the client (the upload and the health
 * polls) runs in a child process, so building and sending 5 MB costs the server neither time nor CPU.
 *
 * The machine's cores are shared (the other test files run at the same time), so a stall's wall time also holds
 * the time the OS gave to other processes: at a load of 18 on 2 cores, 10 ms of work shows as 100-200 ms of loop
 * delay. A stall is therefore judged by the CPU this process burned during it: all its threads (GC, the thread
 * pool, the test runner's own), so an upper bound of the loop's own work. The analysis works in 10 ms slices; the
 * bounds here (250 ms of CPU, 1 s of wall time) sit far below the old multi-second block and far above what
 * other threads add on a loaded machine — one run measured 111 ms of CPU for a stall of sliced work.
 */

let base: string;

const suite = suiteApp();
beforeAll(async () => {
  base = await listenLocally(suite.t);
});

/** The client: builds just under 5 MB of valid rows, uploads them and polls health until the answer is in. */
const CLIENT = `
const base = process.argv[1];
(async () => {
  const lines = ['fromZip,toZip,weight,length,width,height,paid'];
  let size = lines[0].length + 1;
  for (let i = 0; size < 5 * 1024 * 1024 - 200; i++) {
    const line = '90021,' + String(10001 + (i % 80000)).padStart(5, '0') + ',' + ((i % 40) + 1) + ',12,10,' +
      ((i % 9) + 2) + ',' + (20 + (i % 50)).toFixed(2);
    lines.push(line);
    size += line.length + 1;
  }
  const boundary = '----postwise-loop-boundary';
  const body = Buffer.from('--' + boundary + '\\r\\nContent-Disposition: form-data; name="media"; filename="history.csv"' +
    '\\r\\nContent-Type: text/csv\\r\\n\\r\\n' + lines.join('\\n') + '\\r\\n--' + boundary + '--\\r\\n');
  process.send({ type: 'ready', bytes: body.length });
  await new Promise((r) => process.once('message', r));
  let done = false;
  const health = [];
  const poll = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(base + '/api/health');
      await res.arrayBuffer();
      health.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  const res = await fetch(base + '/api/v1/shipping-analysis', {
    method: 'POST',
    body,
    headers: { 'content-type': 'multipart/form-data; boundary=' + boundary },
  });
  const answer = await res.json();
  const took = performance.now() - started;
  done = true;
  await poll;
  process.send({ type: 'done', status: res.status, data: answer.data, took, health }, () => process.exit(0));
})();
`;

interface ClientResult {
  status: number;
  data: { rowCount: number; truncated: boolean };
  took: number;
  health: number[];
}

describe('shipping-analysis under a 5 MB upload', () => {
  it('never holds the event loop for long, and health keeps answering while it works', async () => {
    const client = spawn(process.execPath, ['-e', CLIENT, base], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    try {
      const ready = await new Promise<{ bytes: number }>((resolve, reject) => {
        client.once('message', resolve);
        client.once('error', reject);
      });
      expect(ready.bytes).toBeGreaterThan(4.9 * 1024 * 1024);

      const histogram = monitorEventLoopDelay({ resolution: 10 });
      histogram.enable();
      // Each late tick of a 10 ms timer is a stall: how much CPU the process used while the loop did not turn.
      let lastTick = performance.now();
      let lastCpu = process.cpuUsage();
      let worstStallCpuMs = 0;
      const sampler = setInterval(() => {
        const now = performance.now();
        const cpu = process.cpuUsage(lastCpu);
        if (now - lastTick > 20) worstStallCpuMs = Math.max(worstStallCpuMs, (cpu.user + cpu.system) / 1000);
        lastTick = now;
        lastCpu = process.cpuUsage();
      }, 10);
      const result = await new Promise<ClientResult>((resolve, reject) => {
        client.on('message', (m: ClientResult & { type: string }) => m.type === 'done' && resolve(m));
        client.once('error', reject);
        client.send('go');
      });
      histogram.disable();
      clearInterval(sampler);

      expect(result.status).toBe(200);
      expect(result.data).toMatchObject({ rowCount: 5000, truncated: true });
      const maxDelayMs = histogram.max / 1e6;
      console.info(
        `upload ${Math.round(result.took)} ms; server loop delay max ${maxDelayMs.toFixed(1)} ms, p99 ${(histogram.percentile(99) / 1e6).toFixed(1)} ms; worst stall ${worstStallCpuMs.toFixed(0)} ms of CPU; health max ${Math.round(Math.max(...result.health))} ms over ${result.health.length} polls`,
      );
      expect(worstStallCpuMs).toBeLessThan(250);
      expect(maxDelayMs).toBeLessThan(1000);
      expect(Math.max(...result.health)).toBeLessThan(1500);
      expect(result.health.length).toBeGreaterThan(10);
    } finally {
      client.kill();
    }
  });
});
