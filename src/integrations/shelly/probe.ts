import { Errors } from '../../errors.js';
import type { PairingProgress } from '../../home/integration.js';
import { DeviceAuth } from '../local/auth.js';
import type { ProbeRequest, SavedDevice } from '../local/devices.js';
import { deviceRequest, jsonOf } from '../local/http.js';
import { authorityOf } from '../pairing/address.js';
import { probeGen1 } from './gen1.js';
import { componentsOf } from './gen2.js';
import { rpc, ShellyAuthError } from './rpc.js';
import { isRecord } from '../local/json.js';
import { text } from '../../text.js';

/**
 * What answers at the address: `GET /shelly` (open even with a password) says the generation
 * (`gen` ≥ 2: JSON-RPC; no `gen`, a `type`: Gen1) and whether a password is set; then the status
 * and configuration are read with the credentials, which checks them.
 */
export async function probeShelly(
  req: ProbeRequest,
  progress: PairingProgress,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<SavedDevice> {
  const authority = authorityOf(req.address, 80);
  const info = jsonOf(await deviceRequest({ url: `http://${authority}/shelly`, timeoutMs, signal }));
  if (!isRecord(info)) throw new SyntaxError('/shelly is not an object');
  if (typeof info.gen === 'number' && info.gen >= 2) {
    progress({
      step: 'authenticating',
      message: `Found a Shelly ${String(info.app ?? info.model)}; reading its components.`,
    });
    if (info.auth_en === true && !req.password)
      throw Errors.deviceAuthFailed('This Shelly has a password; give it (the user is always "admin").', {
        field: 'password',
      });
    const target = {
      authority,
      auth: req.password ? new DeviceAuth('admin', req.password) : undefined,
      timeoutMs,
      signal,
    };
    let status: unknown;
    let config: unknown;
    try {
      status = await rpc(target, 'Shelly.GetStatus');
      config = await rpc(target, 'Shelly.GetConfig');
    } catch (err) {
      if (err instanceof ShellyAuthError)
        throw Errors.deviceAuthFailed('The Shelly refused the password.', { field: 'password' });
      throw err;
    }
    if (!isRecord(status) || !isRecord(config)) throw new SyntaxError('status or config is not an object');
    const components = componentsOf(status, config);
    if (components.length === 0)
      throw Errors.unsupportedDevice(
        `The Shelly ${String(info.app)} has no switch, light, cover or input Hearth knows.`,
      );
    const sys = isRecord(config.sys) && isRecord(config.sys.device) ? config.sys.device : {};
    const id = String(info.id);
    return {
      id,
      name:
        typeof sys.name === 'string' && sys.name
          ? sys.name
          : typeof info.name === 'string' && info.name
            ? info.name
            : `Shelly ${text(info.app, id)}`,
      manufacturer: 'Shelly',
      model: `${text(info.app)} (${String(info.model)})`.trim(),
      address: req.addressText,
      ...(req.password ? { username: 'admin', password: req.password } : {}),
      data: { gen: info.gen, mac: info.mac, components },
    };
  }
  if (typeof info.type === 'string') return probeGen1(req, info, progress, signal, timeoutMs);
  throw Errors.unsupportedDevice(`${req.addressText} answers /shelly, but not like a Shelly Hearth knows.`);
}
