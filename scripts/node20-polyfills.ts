// Vitest 5 calls Map.groupBy / Object.groupBy, which arrived in Node 21; we support Node 20.
const groupInto = <T, K>(items: Iterable<T>, keyOf: (item: T, index: number) => K) => {
  const groups = new Map<K, T[]>();
  let index = 0;
  for (const item of items) {
    const key = keyOf(item, index++);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
};

if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', { value: groupInto, configurable: true, writable: true });
}
if (typeof (Object as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Object, 'groupBy', {
    value: <T>(items: Iterable<T>, keyOf: (item: T, index: number) => PropertyKey) =>
      Object.assign(Object.create(null), Object.fromEntries(groupInto(items, keyOf))),
    configurable: true,
    writable: true,
  });
}
