import { matterEnvironment, loadMatter, type MatterNetwork } from '../integrations/matter/stack.js';

/**
 * Virtual Matter devices for tests, benchmarks and the namespace end-to-end test: real matter.js
 * server nodes (the same stack as device firmware built on matter.js), on matter.js' in-process
 * network simulator or on real UDP. Each device is one node with its own environment, storage,
 * passcode and discriminator, built from the standard device types with the attributes the
 * Matter specification makes mandatory.
 */

export type VirtualKind =
  'color_light' | 'plug' | 'lock' | 'thermostat' | 'cover' | 'sensors' | 'bridge' | 'fan_switch';

export interface VirtualDevice {
  kind: VirtualKind;
  manualCode: string;
  qrCode: string;
  passcode: number;
  discriminator: number;
  /** The node's endpoints by name (`main`, `contact`, `light1` …), for device-side changes. */
  endpoints: Record<string, { set(values: Record<string, unknown>): Promise<void>; act?: unknown }>;
  /** matter.js' ServerNode. */
  node: any;
  /** A lock that is jammed answers lock/unlock commands with a Failure status. */
  jam(jammed: boolean): void;
  /** Goes offline (announces its shutdown) and comes back with the same fabric. */
  goOffline(): Promise<void>;
  goOnline(): Promise<void>;
  close(): Promise<void>;
}

/** A simulated network shared by one test's devices and controllers. */
export class SimulatedMatterNetwork {
  private nextHost = 10;
  private constructor(private readonly sim: any) {}

  static async create(): Promise<SimulatedMatterNetwork> {
    const { main } = await loadMatter();
    return new SimulatedMatterNetwork(new main.NetworkSimulator());
  }

  /** A new host on the simulated network (one per node). */
  host(): MatterNetwork {
    return { kind: 'simulated', network: this.sim.addHost(this.nextHost++) };
  }
}

let serial = 0;

/** Passcodes the specification forbids (00000000, 11111111 …, 12345678, 87654321) are avoided by construction. */
function credentials(index: number) {
  return { passcode: 20202000 + index * 7 + 1, discriminator: (0x100 + index * 0x111) & 0xfff };
}

export interface VirtualDeviceOptions {
  network: MatterNetwork;
  /** Directory of its storage (survives a restart of the device); omitted: memory. */
  storageDir?: string;
  port?: number;
  name?: string;
  index?: number;
}

export async function createVirtualDevice(
  kind: VirtualKind,
  opts: VirtualDeviceOptions,
): Promise<VirtualDevice> {
  const index = opts.index ?? ++serial;
  const { passcode, discriminator } = credentials(index);
  const state = { jammed: false };
  const name = opts.name ?? kind.replace('_', ' ');
  const build = async () => {
    const { env, matter } = await matterEnvironment({
      id: `virtual-${kind}-${index}`,
      storageDir: opts.storageDir,
      network: opts.network,
    });
    const { main } = matter;
    const node = await main.ServerNode.create({
      environment: env,
      id: `virtual-${kind}-${index}`,
      network: { port: opts.port ?? 5540 },
      commissioning: { passcode, discriminator },
      productDescription: { name, deviceType: main.DeviceTypeId(0x0100) },
      basicInformation: {
        vendorId: main.VendorId(0xfff1),
        vendorName: 'Hearth Test Devices',
        productId: 0x8000 + index,
        productName: `Virtual ${name}`,
        nodeLabel: name,
        serialNumber: `VIRT-${kind}-${index}`,
        uniqueId: `virtual-${kind}-${index}`,
        hardwareVersion: 1,
        softwareVersion: 1,
      },
    });
    const endpoints = await addEndpoints(kind, node, state);
    await node.start();
    return { node, endpoints };
  };
  let current = await build();
  const codes = current.node.state.commissioning.pairingCodes;
  const device: VirtualDevice = {
    kind,
    manualCode: codes.manualPairingCode,
    qrCode: codes.qrPairingCode,
    passcode,
    discriminator,
    endpoints: current.endpoints,
    node: current.node,
    jam: (jammed) => {
      state.jammed = jammed;
    },
    // Like pulling the plug after the device announced its shutdown; back with what it stored.
    goOffline: () => current.node.close(),
    goOnline: async () => {
      if (!opts.storageDir) throw new Error('a virtual device needs a storageDir to come back');
      current = await build();
      device.node = current.node;
      device.endpoints = current.endpoints;
    },
    close: () => current.node.close(),
  };
  return device;
}

async function addEndpoints(kind: VirtualKind, node: any, state: { jammed: boolean }) {
  const devices = await import('@matter/main/devices');
  const behaviors = await import('@matter/main/behaviors');
  const endpoints = await import('@matter/main/endpoints');
  const { StatusResponseError, Status } = await import('@matter/main/types');
  const eps: Record<string, any> = {};
  switch (kind) {
    case 'color_light':
      eps.main = await node.add(devices.ExtendedColorLightDevice, {
        id: 'main',
        onOff: { onOff: false },
        levelControl: { currentLevel: 128, minLevel: 1, maxLevel: 254 },
        colorControl: {
          colorMode: 2,
          enhancedColorMode: 2,
          currentX: 0x5000,
          currentY: 0x5000,
          colorTemperatureMireds: 370,
          colorTempPhysicalMinMireds: 153,
          colorTempPhysicalMaxMireds: 500,
          coupleColorTempToLevelMinMireds: 153,
          startUpColorTemperatureMireds: 370,
        },
      });
      break;
    case 'plug': {
      const Plug = devices.OnOffPlugInUnitDevice.with(
        behaviors.ElectricalPowerMeasurementServer.with('AlternatingCurrent'),
        behaviors.ElectricalEnergyMeasurementServer.with('ImportedEnergy', 'CumulativeEnergy'),
      );
      const accuracy = {
        measurementType: 2, // ActivePower
        measured: true,
        minMeasuredValue: 0,
        maxMeasuredValue: 3_680_000,
        accuracyRanges: [{ rangeMin: 0, rangeMax: 3_680_000, fixedMax: 1000 }],
      };
      eps.main = await node.add(Plug, {
        id: 'main',
        onOff: { onOff: false },
        electricalPowerMeasurement: {
          powerMode: 2, // AC
          numberOfMeasurementTypes: 1,
          accuracy: [accuracy],
          activePower: 0,
        },
        electricalEnergyMeasurement: {
          accuracy: {
            ...accuracy,
            measurementType: 14 /* ElectricalEnergy */,
            maxMeasuredValue: 1e12,
            accuracyRanges: [{ rangeMin: 0, rangeMax: 1e12, fixedMax: 1000 }],
          },
          cumulativeEnergyImported: { energy: 1_500_000 },
        },
      });
      // A real plug measures what it switches: 60 W while on.
      eps.main.events.onOff.onOff$Changed.on((on: boolean) => {
        void eps.main.set({ electricalPowerMeasurement: { activePower: on ? 60_000 : 0 } });
      });
      break;
    }
    case 'lock': {
      class VirtualLockServer extends behaviors.DoorLockServer {
        override lockDoor(request: any) {
          if (state.jammed) throw new StatusResponseError('The bolt is jammed', Status.Failure);
          return super.lockDoor(request);
        }
        override unlockDoor(request: any) {
          if (state.jammed) throw new StatusResponseError('The bolt is jammed', Status.Failure);
          return super.unlockDoor(request);
        }
      }
      eps.main = await node.add(devices.DoorLockDevice.with(VirtualLockServer), {
        id: 'main',
        doorLock: {
          lockState: 1,
          lockType: 0,
          actuatorEnabled: true,
          operatingMode: 0,
          wrongCodeEntryLimit: 5,
          userCodeTemporaryDisableTime: 30,
        },
      });
      break;
    }
    case 'thermostat':
      eps.main = await node.add(
        devices.ThermostatDevice.with(behaviors.ThermostatServer.with('Heating', 'Cooling')),
        {
          id: 'main',
          thermostat: {
            localTemperature: 2050,
            occupiedHeatingSetpoint: 2000,
            occupiedCoolingSetpoint: 2600,
            controlSequenceOfOperation: 4, // CoolingAndHeating
            systemMode: 4, // Heat
          },
        },
      );
      break;
    case 'cover':
      eps.main = await node.add(
        devices.WindowCoveringDevice.with(behaviors.WindowCoveringServer.with('Lift', 'PositionAwareLift')),
        {
          id: 'main',
          windowCovering: {
            type: 0,
            endProductType: 0,
            currentPositionLiftPercent100ths: 10000,
            targetPositionLiftPercent100ths: 10000,
          },
        },
      );
      break;
    case 'sensors':
      eps.contact = await node.add(
        devices.ContactSensorDevice.with(behaviors.PowerSourceServer.with('Battery', 'Replaceable')),
        {
          id: 'contact',
          booleanState: { stateValue: true },
          powerSource: {
            status: 1,
            order: 0,
            description: 'Battery',
            batPercentRemaining: 180,
            batChargeLevel: 0,
            batReplacementNeeded: false,
            batReplaceability: 3,
            batReplacementDescription: 'CR2032',
            batQuantity: 1,
          },
        },
      );
      eps.occupancy = await node.add(
        devices.OccupancySensorDevice.with(behaviors.OccupancySensingServer.with('PassiveInfrared')),
        {
          id: 'occupancy',
          occupancySensing: {
            occupancy: { occupied: false },
            occupancySensorType: 0,
            occupancySensorTypeBitmap: { pir: true },
          },
        },
      );
      eps.temperature = await node.add(devices.TemperatureSensorDevice, {
        id: 'temperature',
        temperatureMeasurement: { measuredValue: 2150, minMeasuredValue: -4000, maxMeasuredValue: 8500 },
      });
      break;
    case 'bridge': {
      const aggregator = await node.add(endpoints.AggregatorEndpoint, { id: 'aggregator' });
      eps.aggregator = aggregator;
      for (const n of [1, 2, 3]) {
        eps[`light${n}`] = await aggregator.add(
          devices.OnOffLightDevice.with(behaviors.BridgedDeviceBasicInformationServer),
          {
            id: `light${n}`,
            onOff: { onOff: false },
            bridgedDeviceBasicInformation: {
              nodeLabel: `Bridged light ${n}`,
              productName: 'Virtual bridged light',
              vendorName: 'Hearth Test Devices',
              uniqueId: `bridged-light-${n}`,
              reachable: true,
            },
          },
        );
      }
      break;
    }
    case 'fan_switch':
      eps.main = await node.add(devices.FanDevice, {
        id: 'main',
        fanControl: {
          fanMode: 0,
          fanModeSequence: 0 /* OffLowMedHigh */,
          percentSetting: 0,
          percentCurrent: 0,
        },
      });
      eps.button = await node.add(
        devices.GenericSwitchDevice.with(
          behaviors.SwitchServer.with('MomentarySwitch', 'MomentarySwitchRelease'),
        ),
        { id: 'button', switch: { numberOfPositions: 2, currentPosition: 0 } },
      );
      break;
  }
  return eps;
}
