import { text } from './text';

/** How states read to a person: binary sensors by device class (Detected/Clear, Open/Closed…), the rest capitalised. */

const BINARY: Record<string, [on: string, off: string]> = {
  motion: ['Detected', 'Clear'],
  occupancy: ['Detected', 'Clear'],
  presence: ['Home', 'Away'],
  moving: ['Moving', 'Still'],
  vibration: ['Detected', 'Clear'],
  sound: ['Detected', 'Clear'],
  smoke: ['Detected', 'Clear'],
  gas: ['Detected', 'Clear'],
  carbon_monoxide: ['Detected', 'Clear'],
  tamper: ['Tampering', 'Clear'],
  problem: ['Problem', 'OK'],
  safety: ['Unsafe', 'Safe'],
  moisture: ['Wet', 'Dry'],
  door: ['Open', 'Closed'],
  garage_door: ['Open', 'Closed'],
  window: ['Open', 'Closed'],
  opening: ['Open', 'Closed'],
  lock: ['Unlocked', 'Locked'],
  battery: ['Low', 'Normal'],
  battery_charging: ['Charging', 'Not charging'],
  connectivity: ['Connected', 'Disconnected'],
  plug: ['Plugged in', 'Unplugged'],
  power: ['Power', 'No power'],
  light: ['Light', 'No light'],
  cold: ['Cold', 'Normal'],
  heat: ['Hot', 'Normal'],
  running: ['Running', 'Not running'],
  update: ['Update available', 'Up to date'],
};

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A state as words, for this entity (domain and device class decide). */
export function stateWord(domain: string, attributes: Record<string, unknown>, state: unknown): string {
  if (state === null || state === undefined) return '—';
  if (state === 'unavailable') return 'Unavailable';
  if (domain === 'binary_sensor' && (state === 'on' || state === 'off')) {
    const words = BINARY[text(attributes.device_class)];
    if (words) return state === 'on' ? words[0] : words[1];
  }
  return cap(text(state).replace(/_/g, ' '));
}
