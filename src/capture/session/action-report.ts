// Tells the worker of a round's first trusted action in this document and the slots its panel
// showed at the round's actions (background/tab-actions.ts): the worker credits an outcome from any
// document of the tab with the earliest action still open, so a reload or a new frame after the
// bet cannot forget it. Sent at each action of the round (a lost report is sent again at the next).
export const actionReporter =
  (sendToWorker: (message: unknown) => Promise<unknown>) =>
  (at: number, slots: string[]): unknown =>
    sendToWorker({ type: 'action', at, slots }).catch(() => 0);
