// Long work on a page (statistics, the popup's sessions) in slices: a step over items from … to, repeated until a task
// has taken TASK_MS, then the page may draw and take input before the next task. No task then
// lasts much longer than TASK_MS plus one step, however many items (a million rounds, 100 000
// sessions) and however slow the machine.

/** The time one task may take before it lets the page draw. */
export const TASK_MS = 50;
/** Items per step: a step is well under a millisecond (a few map look-ups an item). */
export const STEP_ITEMS = 1000;

export const later = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export interface SliceOptions {
  /** False once the work is no longer wanted (the page moved on): stop at the next task. */
  live(): boolean;
  /** Waits for the next task (tests and scripts/bench-luck.ts pass their own). */
  next?: () => Promise<void>;
  taskMs?: number;
  stepItems?: number;
  /** Called after each task with the items done so far. */
  done?(count: number): void;
}

/** Runs `step(from, to)` over items 0 … count − 1 in tasks of about `taskMs`; false when stopped before the end. */
export async function inSlices(count: number, step: (from: number, to: number) => void, options: SliceOptions): Promise<boolean> {
  const { live, next = later, taskMs = TASK_MS, stepItems = STEP_ITEMS } = options;
  let from = 0;
  do {
    await next();
    if (!live()) return false;
    const began = performance.now();
    while (from < count && performance.now() - began < taskMs) {
      const to = Math.min(count, from + stepItems);
      step(from, to);
      from = to;
    }
    options.done?.(from);
  } while (from < count);
  return true;
}
