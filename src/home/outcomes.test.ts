import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventBus } from '../bus.js';
import { FakeClock } from '../clock.js';
import { Errors } from '../errors.js';
import { createLogger } from '../log.js';
import { SqliteStore } from '../store/index.js';
import { tempDataDir } from '../test-support/harness.js';
import type { DeviceCommand, Integration, IntegrationHost } from './integration.js';
import { HomeService } from './service.js';
import type { CommandResult } from './types.js';

/** An integration the test drives by hand: it records what was sent and reports only when told. */
class ManualIntegration implements Integration {
  readonly id = 'manual';
  readonly name = 'Manual';
  host!: IntegrationHost;
  sent: DeviceCommand[] = [];
  offline = false;
  async start(host: IntegrationHost) {
    this.host = host;
    host.beginDiscovery();
    host.announceEntity({
      unique_id: 'lamp',
      domain: 'light',
      name: 'Desk Lamp',
      capabilities: { actions: ['on', 'off', 'toggle', 'dim'], brightness: true },
    });
    host.announceEntity({
      unique_id: 'door',
      domain: 'lock',
      name: 'Door',
      capabilities: { actions: ['lock', 'unlock'] },
    });
    host.endDiscovery();
    host.reportState('lamp', 'off', { brightness: 50 });
  }
  async stop() {}
  status() {
    return { state: 'online' as const };
  }
  async send(cmd: DeviceCommand) {
    if (this.offline) throw Errors.unavailable('bridge offline');
    this.sent.push(cmd);
  }
}

describe('command outcomes', () => {
  let clock: FakeClock;
  let dir: string;
  let store: SqliteStore;
  let home: HomeService;
  let integration: ManualIntegration;
  let bus: EventBus;
  const results: CommandResult[] = [];
  const user = { type: 'user' as const, id: 'u1' };

  beforeEach(async () => {
    clock = new FakeClock();
    dir = tempDataDir();
    const log = createLogger('silent');
    store = new SqliteStore(dir, log);
    bus = new EventBus(log);
    bus.on('command_result', 'test', (r) => results.push(r));
    results.length = 0;
    home = new HomeService({
      repo: store.home,
      bus,
      clock,
      log,
      historyDays: 10,
      confirmTimeoutMs: 5_000,
      defaultWaitMs: 1_000,
    });
    integration = new ManualIntegration();
    home.addIntegration(integration);
    await home.start();
  });

  afterEach(async () => {
    await home.stop();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("is confirmed when the device reports the requested state, and the change carries the command's cause", async () => {
    const changes: unknown[] = [];
    bus.on('state_changed', 'test', (e) => changes.push(e));
    const pending = home.execute({
      entity_id: 'light.desk_lamp',
      action: 'dim',
      params: { brightness: 30 },
      cause: user,
    });
    await Promise.resolve();
    expect(home.entity('light.desk_lamp').desired).toMatchObject({
      action: 'dim',
      params: { brightness: 30 },
    });
    integration.host.reportState('lamp', 'on', { brightness: 30 });
    const result = await pending;
    expect(result).toMatchObject({ outcome: 'confirmed', state: 'on' });
    expect(home.entity('light.desk_lamp').desired).toBeNull();
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      entity_id: 'light.desk_lamp',
      cause: user,
      correlation_id: result.correlation_id,
    });
  });

  it('emits command_result after state_changed, carrying the new state', async () => {
    const order: string[] = [];
    bus.on('state_changed', 'order', (e) => order.push(`state_changed:${e.new_state.state}`));
    bus.on('command_result', 'order', (r) => order.push(`command_result:${r.outcome}:${r.state}`));
    const pending = home.execute({ entity_id: 'light.desk_lamp', action: 'on', params: {}, cause: user });
    await Promise.resolve();
    integration.host.reportState('lamp', 'on');
    expect((await pending).state).toBe('on');
    expect(order).toEqual(['state_changed:on', 'command_result:confirmed:on']);
  });

  it('credits a change to the newest command it satisfies, never to an older pending one', async () => {
    const automation = { type: 'automation' as const, id: 'evening' };
    const older = home.execute(
      { entity_id: 'light.desk_lamp', action: 'on', params: {}, cause: automation },
      { waitMs: 10_000 },
    );
    await Promise.resolve();
    const newer = home.execute(
      { entity_id: 'light.desk_lamp', action: 'dim', params: { brightness: 20 }, cause: user },
      { waitMs: 10_000 },
    );
    await Promise.resolve();
    const changes: { cause: unknown; correlation_id: string | null }[] = [];
    bus.on('state_changed', 'test', (e) => changes.push(e));
    integration.host.reportState('lamp', 'on', { brightness: 20 });
    const [a, b] = await Promise.all([older, newer]);
    expect(b.outcome).toBe('confirmed');
    expect(a.outcome).toBe('confirmed');
    expect(changes).toEqual([expect.objectContaining({ cause: user, correlation_id: b.correlation_id })]);

    // An older command the report does not satisfy is over (superseded): the device's own
    // change later is the device's, not that command's.
    const stale = home.execute(
      { entity_id: 'light.desk_lamp', action: 'off', params: {}, cause: automation },
      { waitMs: 10_000 },
    );
    await Promise.resolve();
    const fresh = home.execute(
      { entity_id: 'light.desk_lamp', action: 'dim', params: { brightness: 60 }, cause: user },
      { waitMs: 10_000 },
    );
    await Promise.resolve();
    integration.host.reportState('lamp', 'on', { brightness: 60 });
    expect(await stale).toMatchObject({ outcome: 'failed', error: 'superseded by a newer command' });
    expect((await fresh).outcome).toBe('confirmed');
    integration.host.reportState('lamp', 'off');
    expect(changes.at(-1)).toMatchObject({ cause: { type: 'device' }, correlation_id: null });
  });

  it('keeps desired and reported apart: a report that does not match leaves the command pending', async () => {
    const pending = home.execute(
      { entity_id: 'light.desk_lamp', action: 'dim', params: { brightness: 30 }, cause: user },
      { waitMs: 10_000 },
    );
    await Promise.resolve();
    integration.host.reportState('lamp', 'on', { brightness: 80 });
    expect(home.entity('light.desk_lamp').attributes.brightness).toBe(80);
    expect(home.entity('light.desk_lamp').desired).not.toBeNull();
    integration.host.reportState('lamp', 'on', { brightness: 30 });
    expect((await pending).outcome).toBe('confirmed');
  });

  it('answers accepted when the device is slow, then reports the final outcome as a command_result event', async () => {
    const pending = home.execute({ entity_id: 'light.desk_lamp', action: 'on', params: {}, cause: user });
    await Promise.resolve();
    clock.advance(1_000);
    expect((await pending).outcome).toBe('accepted');
    integration.host.reportState('lamp', 'on');
    expect(results.at(-1)).toMatchObject({ entity_id: 'light.desk_lamp', outcome: 'confirmed', cause: user });
  });

  it('ends as timeout when no matching report arrives in time', async () => {
    const pending = home.execute(
      { entity_id: 'lock.door', action: 'lock', params: {}, cause: user },
      { waitMs: 10_000 },
    );
    await Promise.resolve();
    clock.advance(5_000);
    expect((await pending).outcome).toBe('timeout');
    expect(results.at(-1)).toMatchObject({ entity_id: 'lock.door', outcome: 'timeout' });
    expect(home.entity('lock.door').desired).toBeNull();
  });

  it('fails when the bridge reports an error for the device', async () => {
    const pending = home.execute({ entity_id: 'lock.door', action: 'unlock', params: {}, cause: user });
    await Promise.resolve();
    integration.host.reportCommandError('door', 'jammed');
    expect(await pending).toMatchObject({ outcome: 'failed', error: 'jammed' });
  });

  it('answers 503 when the bridge cannot send, and when the entity is unavailable', async () => {
    integration.offline = true;
    await expect(
      home.execute({ entity_id: 'lock.door', action: 'lock', params: {}, cause: user }),
    ).rejects.toMatchObject({ status: 503 });
    integration.offline = false;
    integration.host.reportAvailability({ unique_id: 'door' }, false);
    await expect(
      home.execute({ entity_id: 'lock.door', action: 'lock', params: {}, cause: user }),
    ).rejects.toMatchObject({ status: 503 });
    expect(integration.sent).toHaveLength(0);
  });

  it('turns toggle into on or off from the current state', async () => {
    void home.execute(
      { entity_id: 'light.desk_lamp', action: 'toggle', params: {}, cause: user },
      { waitMs: 0 },
    );
    await Promise.resolve();
    expect(integration.sent.at(-1)).toMatchObject({ action: 'on' });
  });

  it('marks what a new discovery pass no longer announces as unavailable, keeping its id', async () => {
    integration.host.beginDiscovery();
    integration.host.announceEntity({
      unique_id: 'lamp',
      domain: 'light',
      name: 'Desk Lamp (renamed)',
      capabilities: { actions: ['on', 'off'] },
    });
    integration.host.endDiscovery();
    expect(home.entity('lock.door').available).toBe(false);
    expect(home.entity('light.desk_lamp').name).toBe('Desk Lamp (renamed)');
    expect(
      home
        .entities()
        .map((e) => e.entity_id)
        .sort(),
    ).toEqual(['light.desk_lamp', 'lock.door']);
  });

  it('records state changes in history with their cause', async () => {
    const pending = home.execute({ entity_id: 'light.desk_lamp', action: 'on', params: {}, cause: user });
    await Promise.resolve();
    integration.host.reportState('lamp', 'on');
    await pending;
    const rows = await home.historyOf(
      'light.desk_lamp',
      new Date(0).toISOString(),
      new Date(clock.now() + 1).toISOString(),
      100,
    );
    expect(rows.map((r) => [r.state, r.cause_type])).toEqual([
      ['off', 'device'],
      ['on', 'user'],
    ]);
  });
});
