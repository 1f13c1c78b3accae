// The verdict statuses, in one place (no imports, so any bundle may take it). Other orders of the
// same words (the popup's, the CLI summary's, the store's index rank) are named orderings built
// with `statusOrder`, which the compiler holds to exactly these statuses.

/** The statuses in the order docs/design.md lists them (also the CLI summary's and the message schema's order). */
export const VERDICT_STATUSES = ['verified', 'pending', 'mismatch', 'unsupported', 'invalid'] as const;
export type VerdictStatus = (typeof VERDICT_STATUSES)[number];

type Missing<Order extends readonly VerdictStatus[]> = Exclude<VerdictStatus, Order[number]>;

/** An ordering of all statuses; leaving one out is a type error (a repeated one is caught by the unit test). */
export const statusOrder = <const Order extends readonly VerdictStatus[]>(
  order: Missing<Order> extends never ? Order : { missing: Missing<Order> },
): readonly VerdictStatus[] => order as Order;

/** The list's sort order, mismatches first: the popup's filters and header, and the worker's sorted list. */
export const STATUS_SORT_ORDER = statusOrder(['mismatch', 'pending', 'verified', 'invalid', 'unsupported']);

/** A count of 0 for each status, keys in `order` (the order JSON.stringify writes them). */
export const noCounts = (order: readonly VerdictStatus[] = STATUS_SORT_ORDER): Record<VerdictStatus, number> =>
  Object.fromEntries(order.map((status) => [status, 0])) as Record<VerdictStatus, number>;
