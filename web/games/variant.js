// Reading serde's enum values as the games' views write them, shared by the game adapters.

// The variant name and body of a serde enum value: `"Land"` or `{ "Place": 68 }`.
export function variant(value) {
  if (typeof value === 'string') return { name: value, body: null };
  if (value && typeof value === 'object') {
    const [name] = Object.keys(value);
    return { name, body: value[name] };
  }
  return { name: null, body: null };
}
