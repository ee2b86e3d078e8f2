import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { parsePairingCode } from './codes.js';
import { loadMatter, type MatterModules } from './stack.js';

/** Pairing codes as printed on devices and shown by other apps' share screens (matter.js' own codecs encode them here). */
describe('Matter pairing codes', () => {
  let m: MatterModules;
  beforeAll(async () => {
    m = await loadMatter();
  }, 60_000);

  it('reads the 11-digit manual code with or without dashes', () => {
    const code = m.types.ManualPairingCodeCodec.encode({ discriminator: 3840, passcode: 20202021 });
    expect(code).toBe('34970112332');
    for (const typed of [code, '3497-011-2332', ' 3497 011 2332 '])
      expect(parsePairingCode(typed, m)).toEqual({ passcode: 20202021, shortDiscriminator: 15 });
  });

  it('reads the 21-digit manual code that carries vendor and product ids', () => {
    const code = m.types.ManualPairingCodeCodec.encode({
      discriminator: 1234,
      passcode: 12121212 + 1,
      vendorId: m.main.VendorId(0xfff1),
      productId: 0x8001,
      flowType: m.types.CommissioningFlowType.Custom,
    });
    expect(code).toHaveLength(21);
    expect(parsePairingCode(code, m)).toMatchObject({ passcode: 12121213, shortDiscriminator: 1234 >> 8 });
  });

  it('reads the MT: QR payload with its long discriminator, and notices a Bluetooth-only device', () => {
    const payload = (discoveryCapabilities: number) =>
      m.types.QrPairingCodeCodec.encode([
        {
          version: 0,
          vendorId: 0xfff1,
          productId: 0x8000,
          flowType: m.types.CommissioningFlowType.Standard,
          discoveryCapabilities,
          discriminator: 3840,
          passcode: 20202021,
        },
      ]);
    expect(parsePairingCode(payload(0b100), m)).toEqual({
      passcode: 20202021,
      longDiscriminator: 3840,
      bleOnly: false,
    });
    expect(parsePairingCode(payload(0b010), m).bleOnly).toBe(true);
  });

  it('refuses anything else with 400 naming code', () => {
    for (const bad of ['', '1234', '34970112331', '3497011233x', 'MT:', 'MT:!!!!', '1'.repeat(15)]) {
      let err: unknown;
      try {
        parsePairingCode(bad, m);
      } catch (e) {
        err = e;
      }
      expect(err, bad).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(400);
      expect((err as AppError).details).toMatchObject({ field: 'code' });
    }
  });
});
