/**
 * matter.js' errors in words a person can act on: a Matter status code with its message, and
 * why commissioning failed (a wrong passcode, no device in pairing mode, Bluetooth only).
 */
import { AppError, Errors } from '../../errors.js';
import type { Logger } from '../../log.js';
import type { PairingCode } from './codes.js';

/** An error's Matter status code (when it has one) and its message on one line. */
export const matterStatusError = (err: unknown): string => {
  const e = (typeof err === 'object' && err !== null ? err : {}) as { code?: unknown; message?: string };
  const message = (e.message ?? String(err)).replace(/\s+/g, ' ').trim();
  return typeof e.code === 'number' ? `Matter status ${e.code}: ${message}` : message;
};

const NOT_FOUND_HELP =
  'Hearth reaches Matter devices over the home network (Wi-Fi, Ethernet, or Thread through a border router such as an Apple TV, a Nest Hub or a border-router stick). ' +
  'Check that the device is powered and in pairing mode; if another app (Apple Home, Google Home, SmartThings…) already has it, use that app\'s "share" / "pairing mode" to get a new code. ' +
  'Bluetooth (BLE) pairing of a factory-new device is not supported: add it to another Matter app first, then share it with Hearth.';

/** matter.js' commissioning errors → what a person can act on. */
export function commissionError(err: unknown, code: PairingCode, log: Logger): AppError {
  // Discovery wraps each attempt's failure in an aggregate: read them all.
  const errors = typeof err === 'object' && err !== null ? (err as { errors?: unknown[] }).errors : undefined;
  const inner = (errors ?? []).map(matterStatusError);
  const message = [matterStatusError(err), ...inner].join(' | ');
  const name = err instanceof Error ? err.constructor.name : '';
  log.warn({ err_name: name, err: message }, 'Matter commissioning failed');
  // PASE (SPAKE2+) fails its key confirmation when the passcode is not the device's.
  if (/key confirmation|passcode|spake|pase/i.test(inner.join(' ') || message)) {
    return Errors.validation(
      'code: the device refused this pairing code (the passcode does not match); check the code on the device or in the app that shared it.',
      { field: 'code' },
    );
  }
  if (/discover|no commissionable device|not found|could not connect|timeout/i.test(message + name)) {
    const ble = code.bleOnly
      ? ' This QR code says the device only offers Bluetooth for its first pairing, which Hearth does not support.'
      : '';
    return Errors.deviceUnreachable(
      `No Matter device in pairing mode answered to this code.${ble} ${NOT_FOUND_HELP}`,
      { field: 'code' },
    );
  }
  return Errors.pairingRefused(`Adding the Matter device failed: ${message}`);
}
