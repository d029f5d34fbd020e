/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with nested keys, as the SDK writes them
 * (`line_items[0][price]`, `metadata[user_id]`, `expand[0]`) and as curl users write them (`expand[]`).
 * Query strings of GET and DELETE requests use the same encoding.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

export function parseForm(encoded: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = key.match(/^[^[\]]+|\[[^[\]]*\]/g)?.map((s) => s.replace(/^\[|\]$/g, '')) ?? [key];
    let node: Form = root;
    path.forEach((segment, i) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) node[name] = value;
      else node = (typeof node[name] === 'object' ? node[name] : (node[name] = {})) as Form;
    });
  }
  return toArrays(root) as Form;
}

/** Objects keyed only by indexes (`[0]`, `[1]` or `[]`) become arrays, in index order. */
function toArrays(node: FormValue): FormValue {
  if (typeof node !== 'object') return node;
  const entries = Object.entries(node).map(([k, v]) => [k, toArrays(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}
