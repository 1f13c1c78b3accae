// A map a page can fill as it likes, kept bounded: the oldest entry goes first.

/** Sets `key` to `value`; when `entries` already holds `max`, its oldest entry goes first. */
export function remember<K, V>(entries: Map<K, V>, key: K, value: V, max: number): void {
  if (entries.size >= max) entries.delete(entries.keys().next().value!);
  entries.set(key, value);
}
