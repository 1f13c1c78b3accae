// Records a Chromium trace of one page through CDP (the categories DevTools' Performance panel
// uses for its main-thread view) and finds, on that page's renderer main thread, the tasks that
// ran the extension's content scripts.

const CATEGORIES = ['-*', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'toplevel', 'blink.user_timing'].join(',');

export async function startTrace(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReturnAsStream' });
  return {
    async stop() {
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      const { stream } = await complete;
      const parts = [];
      for (;;) {
        const chunk = await cdp.send('IO.read', { handle: stream, size: 1 << 22 });
        parts.push(chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data);
        if (chunk.eof) break;
      }
      await cdp.send('IO.close', { handle: stream });
      await cdp.detach();
      const parsed = JSON.parse(parts.join(''));
      return Array.isArray(parsed) ? parsed : parsed.traceEvents;
    },
  };
}

/**
 * @param events trace events
 * @param extensionId whose scripts count as the extension's
 * @param frameId the page's main frame (CDP id; the trace uses the same)
 * @returns the page's main-thread tasks ({start, ms}); every top-level call into one of the
 *   extension's scripts ({script, start, ms, idle}) — `idle` when it ran from an idle callback,
 *   which is how the content script's scan scheduler runs each scan; and per task that ran any of
 *   them, the task's length and the extension's time within it ({start, ms, extensionMs}).
 */
export function extensionWork(events, extensionId, frameId) {
  const prefix = `chrome-extension://${extensionId}/`;
  const calls = events.filter((e) => e.name === 'FunctionCall' && e.ph === 'X' && e.args?.data?.url?.startsWith(prefix) && e.args.data.frame === frameId);
  if (calls.length === 0) return { tasks: [], calls: [], extensionTasks: [] };
  const { pid, tid } = calls[0];
  const onThread = (e) => e.pid === pid && e.tid === tid && e.ph === 'X' && typeof e.dur === 'number';
  const tasks = events.filter((e) => onThread(e) && e.name === 'RunTask').sort((a, b) => a.ts - b.ts);
  const idle = events.filter((e) => onThread(e) && e.name === 'FireIdleCallback');
  const within = (outer, inner) => outer.ts <= inner.ts && inner.ts + inner.dur <= outer.ts + outer.dur;
  const ours = calls.filter((e) => e.pid === pid && e.tid === tid).sort((a, b) => a.ts - b.ts);
  const topLevel = ours.filter((call) => !ours.some((other) => other !== call && within(other, call)));
  const perTask = new Map();
  for (const call of topLevel) {
    const task = tasks.find((t) => within(t, call));
    if (!task) continue;
    perTask.set(task, (perTask.get(task) ?? 0) + call.dur);
  }
  return {
    tasks: tasks.map((task) => ({ start: task.ts / 1000, ms: task.dur / 1000 })),
    calls: topLevel.map((call) => ({
      script: call.args.data.url.slice(prefix.length),
      start: call.ts / 1000,
      ms: call.dur / 1000,
      idle: idle.some((i) => within(i, call)),
    })),
    extensionTasks: [...perTask].map(([task, dur]) => ({ start: task.ts / 1000, ms: task.dur / 1000, extensionMs: dur / 1000 })),
  };
}

/**
 * The extension's service worker in a trace: its thread's top-level tasks ({start, ms}), from the
 * thread Chromium names "ServiceWorker thread" that ran the extension's background script.
 */
export function workerTasks(events, extensionId) {
  const script = `chrome-extension://${extensionId}/background.js`;
  const threads = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'ServiceWorker thread').map((e) => `${e.pid}/${e.tid}`));
  const call = events.find((e) => e.name === 'FunctionCall' && e.args?.data?.url === script && threads.has(`${e.pid}/${e.tid}`));
  if (!call) return [];
  const tasks = events.filter((e) => e.pid === call.pid && e.tid === call.tid && e.ph === 'X' && e.name === 'RunTask' && typeof e.dur === 'number').sort((a, b) => a.ts - b.ts);
  const top = [];
  for (const task of tasks) if (!top.some((outer) => outer.ts <= task.ts && task.ts + task.dur <= outer.ts + outer.dur)) top.push(task);
  return top.map((task) => ({ start: task.ts / 1000, ms: task.dur / 1000 }));
}
