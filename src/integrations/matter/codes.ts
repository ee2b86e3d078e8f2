import { Errors } from '../../errors.js';
import type { MatterModules } from './stack.js';

/** What a pairing code tells a commissioner: the passcode and how to find the device. */
export interface PairingCode {
  passcode: number;
  /** 4 bits, from the 11/21-digit manual code. */
  shortDiscriminator?: number;
  /** 12 bits, from the QR payload. */
  longDiscriminator?: number;
  /** From the QR payload: the device only offers Bluetooth (BLE) for its first pairing. */
  bleOnly?: boolean;
}

const badCode = (message: string) => Errors.validation(message, { field: 'code' });

/**
 * Reads the manual pairing code (11 or 21 digits, dashes and spaces allowed) or the QR payload
 * (`MT:…`) printed on a device or shown by another ecosystem's "share" screen. The checks
 * (Verhoeff check digit, base-38 payload) are matter.js' codecs; every failure is a 400 naming `code`.
 */
export function parsePairingCode(raw: string, { types }: Pick<MatterModules, 'types'>): PairingCode {
  const text = raw.trim();
  if (/^MT:/i.test(text)) {
    let decoded;
    try {
      [decoded] = types.QrPairingCodeCodec.decode(text.toUpperCase());
    } catch (err) {
      throw badCode(`code: this is not a valid Matter QR payload (${(err as Error).message}).`);
    }
    if (!decoded) throw badCode('code: the QR payload holds no pairing data.');
    // DiscoveryCapabilities bitmap: bit 1 BLE, bit 2 already on the IP network.
    const caps = decoded.discoveryCapabilities;
    return {
      passcode: decoded.passcode,
      longDiscriminator: decoded.discriminator,
      bleOnly: (caps & 0b010) !== 0 && (caps & 0b100) === 0,
    };
  }
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || (digits.length !== 11 && digits.length !== 21)) {
    throw badCode(
      'code must be the 11- or 21-digit manual pairing code (e.g. 3497-011-2332) or the QR payload starting with "MT:".',
    );
  }
  let manual;
  try {
    manual = types.ManualPairingCodeCodec.decode(digits);
  } catch (err) {
    throw badCode(`code: ${(err as Error).message.replace(/\.$/, '')}; check the digits.`);
  }
  if (manual.shortDiscriminator === undefined) throw badCode('code: the manual code holds no discriminator.');
  return { passcode: manual.passcode, shortDiscriminator: manual.shortDiscriminator };
}
