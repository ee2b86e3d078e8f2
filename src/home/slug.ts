/** `"Living Room Lamp"` → `"living_room_lamp"`: the object id part of an entity id. */
export function objectIdFrom(text: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return s === '' ? 'unnamed' : s;
}

/** `"Reading Time"` → `"reading-time"`: scene and area ids. */
export function hyphenId(text: string): string {
  return objectIdFrom(text).replace(/_/g, '-');
}

export const ENTITY_ID = /^[a-z_]+\.[a-z0-9_]+$/;
