import type { TimerHandle } from '../../clock.js';
import { Errors } from '../../errors.js';
import type {
  DeviceCommand,
  Integration,
  IntegrationHost,
  IntegrationStatus,
} from '../../home/integration.js';
import { BULK_MAX_PAYLOAD, type MqttConnection } from '../mqtt/connection.js';
import { OncePerKey, isObject, parseJson } from '../mqtt/topics.js';
import { GetNodesRequests, UNKNOWN_TOPIC_DEBOUNCE_MS } from './get-nodes.js';
import { gatewayStatus, waitingFor, type GatewayFacts } from './status.js';
import { TopicMap, describeLayout, nodeTopic } from './topics.js';
import { UnplacedTopics } from './unplaced-topics.js';
import { readNodeStatus, unwrap } from './payloads.js';
import { announceNode, NodeTable, readNodes, type NodeRuntime } from './nodes.js';
import { valueKey, type ZNode } from './values.js';
import { ValueWrites, writeTarget } from './writes.js';

export interface ZwaveOptions {
  connection: MqttConnection;
  /** MQTT prefix, default `zwave`. */
  prefix: string;
  /** Gateway name (Z-Wave JS UI's MQTT "name"), default `zwave-js-ui`. */
  gateway: string;
}

/** Safety net for changes that reach Hearth by no other signal (a rename of a silent node). */
const REFRESH_EVERY_MS = 10 * 60_000;

/**
 * A Z-Wave JS UI gateway (bridges.md §2): discovery through its MQTT API (`getNodes`), state
 * from the per-value topics, commands through its `writeValue` API, availability from the
 * gateway status, the driver status and each node's status.
 *
 * What the real gateway does and how Hearth follows it:
 * - Start order: until the driver is ready getNodes answers "Z-Wave client not connected" (or
 *   nothing); discovery retries with back-off and again on `driver/status` true, the gateway's
 *   status coming online and the driver events, so a power cut (both starting together) heals.
 * - A gateway restart leaves `driver/status` retained `true` from before: after the gateway comes
 *   (back) online the driver counts as ready only once it says so again or getNodes succeeds.
 * - Renames, moves, values added later and nodes interviewed late show up as values on topics
 *   Hearth does not know: that asks getNodes again (and replays those values), as do the events
 *   when "Send Zwave events" is on. A node missing from getNodes is removed.
 * - The topic layout (gateway type, `nodeNames`, `ignoreLoc`) is learnt from the topics seen;
 *   a layout Hearth cannot map (Manual) is reported in the status and the log.
 * - Writes go through `writeValue`, which names the value by node id (immune to renames and
 *   topic layouts) and answers whether the device took it.
 */
export class ZwaveJsUiIntegration implements Integration {
  readonly id = 'zwave_js_ui';
  readonly name = 'Z-Wave JS UI';
  private host?: IntegrationHost;
  private readonly api: string;
  private readonly nodes = new NodeTable();
  private readonly topics = new TopicMap();
  /** Virtual nodes (broadcast, multicast groups): their topics are known, they get no entities. */
  private virtual: ZNode[] = [];
  /** Value topics Hearth could not place (retained or live), replayed after the next discovery. */
  private readonly unplaced = new UnplacedTopics();
  private unmapped: string | null = null;
  private readonly warned = new OncePerKey();
  private gatewayUp: boolean | undefined;
  private driverReady: boolean | undefined;
  private otherGateway: string | null = null;
  private lastDiscovery: string | null = null;
  private lastError: string | null = null;
  /** Built at start, with the host's clock and log. */
  private requests?: GetNodesRequests;
  private writes?: ValueWrites;
  private refreshTimer?: TimerHandle;
  private unsubscribe?: () => void;
  private offStatus?: () => void;

  constructor(private readonly opts: ZwaveOptions) {
    this.api = `${opts.prefix}/_CLIENTS/ZWAVE_GATEWAY-${opts.gateway}`;
  }

  private get clock() {
    return this.host!.clock;
  }

  async start(host: IntegrationHost) {
    this.host = host;
    const conn = this.opts.connection;
    this.requests = new GetNodesRequests({
      clock: host.clock,
      connection: conn,
      log: host.log,
      api: this.api,
      noAnswer: () => this.retryLater(null),
    });
    this.writes = new ValueWrites({
      clock: host.clock,
      deliver: (nodeId, key, value, topic) => this.deliver(nodeId, key, value, topic),
      reportCommandError: (uid, message) => host.reportCommandError(uid, message),
    });
    this.offStatus = conn.onStatus((connected) => {
      if (connected) this.ask('reconnected');
      else {
        this.requests?.cancel();
        host.reportAvailability('all', false);
      }
    });
    // The getNodes answer of a big network is megabytes; names inside are bounded by the host.
    this.unsubscribe = conn.subscribe(
      `${this.opts.prefix}/#`,
      (topic, payload, retained) => this.onMessage(topic, payload, retained),
      { maxPayloadBytes: BULK_MAX_PAYLOAD },
    );
    if (conn.connected) this.ask('start');
    const refresh = () => {
      this.refreshTimer = this.clock.setTimeout(() => {
        this.ask('refresh');
        refresh();
      }, REFRESH_EVERY_MS);
    };
    refresh();
  }

  async stop() {
    this.unsubscribe?.();
    this.offStatus?.();
    this.requests?.stop();
    if (this.refreshTimer) this.clock.clearTimeout(this.refreshTimer);
    this.writes?.stop();
  }

  status(): IntegrationStatus {
    return gatewayStatus(this.facts());
  }

  private facts(): GatewayFacts {
    return {
      connected: this.opts.connection.connected,
      prefix: this.opts.prefix,
      gateway: this.opts.gateway,
      api: this.api,
      gatewayUp: this.gatewayUp,
      driverReady: this.driverReady,
      nodes: this.nodes.size,
      lastDiscovery: this.lastDiscovery,
      layout: this.topics.layout,
      unmapped: this.unmapped,
      lastError: this.lastError,
      otherGateway: this.otherGateway,
    };
  }

  // --- discovery: getNodes, retried ----------------------------------------------------------

  /** Asks for the nodes soon (`delayMs`), once however many reasons arrive meanwhile (after start). */
  private ask(reason: string, delayMs = 0) {
    this.requests?.ask(reason, delayMs);
  }

  private retryLater(message: string | null) {
    this.lastError = message;
    const wait = this.requests!.failed();
    const why = waitingFor(this.facts());
    if (this.warned.first(`discovery:${why}`))
      this.host!.log.warn(
        { message, retry_ms: wait, gateway: this.api },
        `Z-Wave JS UI discovery did not succeed yet: ${why}`,
      );
  }

  private onNodesAnswer(topic: string, payload: Buffer) {
    const p = parseJson(payload);
    if (!p.ok || !isObject(p.value)) {
      this.bad('getNodes', topic, p.ok ? 'not an object' : p.reason);
      return;
    }
    this.requests!.answered();
    if (p.value.success !== true || !Array.isArray(p.value.result)) {
      const message = typeof p.value.message === 'string' ? p.value.message : 'getNodes failed';
      if (message === 'Z-Wave client not connected') {
        this.driverReady = false;
        this.refreshAvailability();
      }
      {
        this.retryLater(message);
        return;
      }
    }
    // Z-Wave JS UI answers getNodes only with its driver ready; an answer also proves it is up
    // when its retained status was not kept (its "retain" setting off).
    this.lastError = null;
    this.gatewayUp ??= true;
    this.driverReady = true;
    this.applyNodes(p.value.result);
    this.requests!.succeeded();
  }

  /** A discovery pass: each node validated on its own; what getNodes no longer lists is removed. */
  private applyNodes(result: unknown[]) {
    const host = this.host!;
    host.beginDiscovery();
    const read = readNodes(result, this.nodes, (key, reason) => this.bad(key, 'getNodes', reason));
    this.virtual = read.virtual;
    for (const r of read.announce) announceNode(host, r);
    const next = read.next;
    for (const id of this.nodes.keys()) {
      if (!next.has(id)) {
        host.removeDevice(`node${id}`);
        host.log.info({ node: id }, 'Z-Wave node no longer in Z-Wave JS UI; removed');
      }
    }
    this.nodes.replace(next);
    this.topics.rebuild(
      this.virtual,
      [...this.nodes.values()].map((r) => r.node),
      valueKey,
    );
    // getNodes carries the current values: the home has state before the first value message.
    for (const r of this.nodes.values()) {
      for (const v of Object.values(r.node.values ?? {})) this.deliver(r.id, valueKey(v), v.value);
      host.reportAvailability({ device_id: `node${r.id}` }, this.live(r));
    }
    host.endDiscovery();
    this.lastDiscovery = new Date(this.clock.now()).toISOString();
    this.replayUnknown();
  }

  private replayUnknown() {
    const pending = this.unplaced.takeAll();
    this.unmapped = null;
    for (const [topic, { payload, live }] of pending) this.onValueTopic(topic, payload, !live, true);
  }

  // --- incoming -------------------------------------------------------------------------------

  private bad(key: string, topic: string, reason: string) {
    if (this.warned.first(key))
      this.host?.log.warn({ topic, reason }, 'ignored a malformed Z-Wave JS UI payload (logged once)');
  }

  private onMessage(topic: string, payload: Buffer, retained: boolean) {
    if (topic.startsWith(this.api + '/')) {
      this.onGateway(topic.slice(this.api.length), topic, payload, retained);
      return;
    }
    const rest = topic.slice(this.opts.prefix.length + 1);
    if (rest === 'driver/status') {
      this.onDriverStatus(payload);
      return;
    }
    if (rest.startsWith('_EVENTS/')) {
      this.onEvent(rest);
      return;
    }
    if (rest.startsWith('_CLIENTS/')) {
      const m = /^_CLIENTS\/ZWAVE_GATEWAY-([^/]+)\/status$/.exec(rest);
      if (m && unwrap(payload) === true) this.otherGateway = m[1]!;
      return;
    }
    if (/\/(status|lastActive|nodeinfo)$/.test(rest)) {
      this.onNodeTopic(rest, topic, payload);
      return;
    }
    this.onValueTopic(rest, payload, retained, false);
  }

  private onGateway(sub: string, topic: string, payload: Buffer, retained: boolean) {
    if (sub === '/status') {
      if (payload.length === 0) return;
      const up = unwrap(payload) === true;
      const was = this.gatewayUp;
      this.gatewayUp = up;
      // A (re)started gateway: a retained `driver/status` true may be left from before a crash.
      if (up && was !== true) this.driverReady = false;
      // Z-Wave JS UI says `true` on every connection to the broker: what it published while
      // away from it is lost, so read the nodes again.
      if (up && (was !== true || !retained)) this.ask('gateway online');
      if (!up) this.driverReady = false;
      this.refreshAvailability();
      return;
    }
    if (sub === '/api/getNodes') {
      this.onNodesAnswer(topic, payload);
      return;
    }
    if (sub === '/api/writeValue') {
      this.writes!.onAnswer(payload);
      return;
    }
  }

  private onDriverStatus(payload: Buffer) {
    if (payload.length === 0) return;
    const ready = unwrap(payload) === true;
    const was = this.driverReady;
    this.driverReady = ready;
    if (ready && was !== true) this.ask('driver ready');
    this.refreshAvailability();
  }

  /** `_EVENTS/ZWAVE_GATEWAY-<name>/<driver|controller|node>/<event>` (with "Send Zwave events"). */
  private onEvent(rest: string) {
    const m = /^_EVENTS\/ZWAVE_GATEWAY-([^/]+)\/(driver|controller|node)\/(.+)$/.exec(rest);
    if (m?.[1] !== this.opts.gateway) return;
    const [, , source, event] = m;
    if (
      source === 'driver' ||
      /^node_(added|removed|ready)$|^interview_completed$|^value_added$|^metadata_updated$/.test(event!)
    )
      this.ask(`event ${source}/${event}`, UNKNOWN_TOPIC_DEBOUNCE_MS);
  }

  private onNodeTopic(rest: string, topic: string, payload: Buffer) {
    if (!rest.endsWith('/status') || payload.length === 0) return;
    const nodePart = rest.slice(0, -'/status'.length);
    const { nodeId: byPayload, status } = readNodeStatus(payload);
    // The node id in the payload survives renames; the topic is the fallback (raw payloads).
    const id = byPayload ?? this.topics.nodeAt(nodePart);
    const r = id === undefined ? undefined : this.nodes.get(id);
    if (!r) return;
    // A known node's status on a topic that is not its own: it was renamed or moved.
    if (byPayload !== undefined && nodeTopic(r.node, this.topics.layout) !== nodePart)
      this.requests!.noteChange();
    if (status === undefined) {
      this.bad(`node${r.id}:status`, topic, 'node status without a status');
      return;
    }
    r.status = status;
    this.host!.reportAvailability({ device_id: `node${r.id}` }, this.live(r));
  }

  /**
   * A value topic: found in the current layout, read; found only in another layout, that is
   * evidence Z-Wave JS UI uses that one (switched to when it has more evidence); found nowhere,
   * remembered and discovery asked again.
   */
  private onValueTopic(rest: string, payload: Buffer, retained: boolean, replay: boolean) {
    const { hit, switched } = this.topics.placeValue(rest);
    if (switched) {
      this.host!.log.info(
        { layout: describeLayout(this.topics.layout) },
        'Z-Wave JS UI topic layout recognised from its value topics',
      );
      this.refreshAvailability();
    }
    if (!hit) {
      if (!replay) {
        // news of a change once the first discovery is made: ask again
        if (this.unplaced.remember(rest, payload, !retained) && this.lastDiscovery)
          this.requests!.noteChange();
      } else if (!retained) {
        this.unplaced.unexplainedAfterDiscovery(rest);
        this.reportUnmapped(`${this.opts.prefix}/${rest}`);
      }
      return;
    }
    if (payload.length === 0) return;
    this.writes!.receive(hit.node, hit.key, unwrap(payload), `${this.opts.prefix}/${rest}`);
  }

  /** Live values arrive that fit no layout while none ever did: a gateway type Hearth cannot read (Manual). */
  private reportUnmapped(topic: string) {
    if (this.nodes.size === 0 || this.topics.recognised) return;
    this.unmapped = topic;
    if (this.warned.first('unmapped'))
      this.host!.log.warn(
        { topic },
        'Z-Wave JS UI publishes value topics Hearth cannot map; set its Gateway type to "ValueID topics" or "Named topics" (Settings → MQTT Gateway)',
      );
  }

  private deliver(nodeId: number, key: string, value: unknown, topic?: string) {
    // No value yet (not interviewed, a broadcast node) is not a malformed payload.
    if (value === undefined || value === null) return;
    const readers = this.nodes.readersOf(nodeId, key);
    if (!readers) return;
    for (const { entity, read } of readers) {
      const out = read(value);
      if (out) {
        if (out.state !== undefined || out.attributes)
          this.host!.reportState(entity.unique_id, out.state, out.attributes);
      } else if (topic)
        this.bad(
          entity.unique_id,
          topic,
          `unexpected value ${(JSON.stringify(value) as string | undefined)?.slice(0, 80)}`,
        );
    }
  }

  private refreshAvailability() {
    for (const n of this.nodes.values())
      this.host!.reportAvailability({ device_id: `node${n.id}` }, this.live(n));
  }

  private live(node: NodeRuntime) {
    return (
      this.opts.connection.connected &&
      this.gatewayUp === true &&
      this.driverReady === true &&
      node.status !== 'Dead'
    );
  }

  // --- commands: the writeValue API ------------------------------------------------------------

  async send(cmd: DeviceCommand): Promise<void> {
    const hit = this.nodes.entity(cmd.unique_id);
    if (!hit?.entity.write)
      throw Errors.unavailable(`${cmd.entity.name} is not known to Z-Wave JS UI right now.`);
    if (!this.live(hit.node))
      throw Errors.unavailable(`${cmd.entity.name} is not reachable through Z-Wave JS UI right now.`);
    const writes = hit.entity.write(cmd.action, cmd.params);
    for (const [key, value] of writes) {
      const v = Object.values(hit.node.node.values ?? {}).find((x) => valueKey(x) === key);
      if (!v || value === undefined)
        throw Errors.validation(`${cmd.entity.name} cannot do ${cmd.action} with these parameters.`);
      const args = [writeTarget(hit.node.id, v), value];
      const holdId = hit.entity.readBack?.has(key) ? `${hit.node.id}:${key}` : undefined;
      this.writes!.sent({ args, uid: cmd.unique_id, name: cmd.entity.name, value, holdId });
      try {
        await this.opts.connection.publish(`${this.api}/api/writeValue/set`, JSON.stringify({ args }));
      } catch (err) {
        if (holdId) this.writes!.unsent(holdId);
        throw err;
      }
    }
  }
}
