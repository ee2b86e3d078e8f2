import { Errors } from '../../errors.js';
import type { PairingProgress } from '../../home/integration.js';
import type { ProbeRequest, SavedDevice } from '../local/devices.js';
import { OnvifClient, OnvifError, userOf } from './client.js';
import type { CameraData } from './session.js';

/** A pairing failure as the error that says why (the same codes the other brands use). */
function why(err: unknown, req: ProbeRequest): unknown {
  if (!(err instanceof OnvifError)) return err;
  const address = req.addressText;
  switch (err.kind) {
    case 'unreachable':
      return Errors.deviceUnreachable(`Nothing answered at ${address} (${err.code ?? err.message}).`, {
        reason: err.code ?? 'unreachable',
      });
    case 'timeout':
      return Errors.deviceUnreachable(`${address} did not answer in time.`, { reason: 'timeout' });
    case 'auth':
      return req.password
        ? Errors.deviceAuthFailed('The camera refused the user name or password.', { field: 'password' })
        : Errors.deviceAuthFailed('The camera wants a user name and password; give them.', {
            field: 'password',
          });
    default:
      return Errors.unsupportedDevice(`${address} answered, but not like an ONVIF camera (${err.message}).`);
  }
}

/**
 * What answers at the address: the `onvif` package's connect sequence (GetSystemDateAndTime,
 * GetServices, GetProfiles, GetVideoSources), then GetDeviceInformation with the credentials
 * (which checks them: a camera with users answers ter:NotAuthorized otherwise), the name scope,
 * the main profile's snapshot and RTSP URIs, and its PTZ presets when it has PTZ.
 */
export async function probeOnvif(
  req: ProbeRequest,
  progress: PairingProgress,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<SavedDevice> {
  const port = req.address.port ?? 80;
  const client = new OnvifClient(req.address.host, port, req.username, req.password, timeoutMs);
  try {
    await client.connect(signal);
    const services = client.services();
    if (!services.includes('device')) throw new OnvifError('malformed', 'no device service');
    progress({ step: 'authenticating', message: `${req.addressText} speaks ONVIF; reading the camera.` });
    const info = await client.deviceInformation(signal);
    const profiles = client.profiles();
    const profile = client.mainProfile();
    if (!profile || profiles.length === 0)
      throw Errors.unsupportedDevice(
        `The ${info.manufacturer ?? ''} ${info.model ?? 'device'} at ${req.addressText} has no video profile; Hearth adds ONVIF cameras only.`.replace(
          /\s+/g,
          ' ',
        ),
      );
    progress({
      step: 'reading_device',
      message: `Found ${info.manufacturer ?? 'a camera'} ${info.model ?? ''}; reading its streams.`,
    });
    const name =
      (await client.scopeName(signal).catch(() => undefined)) ??
      [info.manufacturer, info.model].filter(Boolean).join(' ');
    const snapshot_uri = await client.snapshotUri(profile, signal).catch(() => null);
    const stream_uri = await client.streamUri(profile, signal).catch(() => null);
    const ptz = services.includes('ptz') && profiles.some((p) => p.token === profile && p.ptz);
    const presets = ptz ? await client.presets(profile, signal).catch(() => []) : [];
    const data: CameraData = {
      profile,
      snapshot_uri,
      stream_uri,
      ptz,
      events: services.includes('events'),
      presets,
      firmware: info.firmware,
      serial: info.serial,
      active: false,
    };
    const key = (info.serial ?? info.hardware ?? `${req.address.host}-${port}`)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60);
    return {
      id: `onvif-${key || 'camera'}`,
      name: name || 'ONVIF camera',
      manufacturer: info.manufacturer,
      model: info.model,
      address: req.addressText,
      ...(req.password ? { username: userOf(req.username), password: req.password } : {}),
      data: data as unknown as Record<string, unknown>,
    };
  } catch (err) {
    throw why(err, req);
  } finally {
    client.close();
  }
}
