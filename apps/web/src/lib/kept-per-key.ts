/**
 * `make(key)`, made on the first call for each key and kept: for what costs far more to make than to
 * use, such as an Intl formatter (the browser loads locale data for it). Keys are few (a language, a
 * currency), so the map stays small.
 */
export function keptPerKey<V>(make: (key: string) => V): (key: string) => V {
  const kept = new Map<string, V>();
  return (key) => {
    if (!kept.has(key)) kept.set(key, make(key));
    return kept.get(key) as V;
  };
}
