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
import { LAYOUTS, describeLayout, nodeTopic, valueTopic } from './topics.js';
import { mapNode, nodeLabel, valueKey, type ZEntity, type ZNode, type ZValue } from './values.js';
import { validateNode } from './validate.js';

export interface ZwaveOptions {
  connection: MqttConnection;
  /** MQTT prefix, default `zwave`. */
  prefix: string;
  /** Gateway name (Z-Wave JS UI's MQTT "name"), default `zwave-js-ui`. */
  gateway: string;
}

interface NodeRuntime {
  id: number;
  node: ZNode;
  entities: ZEntity[];
  status: string | undefined;
}

/** A written value zwave-js echoes optimistically: its echo waits for the device's verification. */
interface Hold {
  uid: string;
  name: string;
  value: unknown;
  phase: 'sent' | 'unsupervised';
  held?: { value: unknown };
  timer?: TimerHandle;
}

interface ApiCall {
  args: string;
  hold?: string;
  uid: string;
  name: string;
  at: number;
}

/** Discovery retries back off from 1 s to 30 s while Z-Wave JS UI's driver is not ready. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** A getNodes that gets no answer at all (no Z-Wave JS UI, wrong prefix or name) is asked again. */
const ANSWER_TIMEOUT_MS = 3_000;
/** Safety net for changes that reach Hearth by no other signal (a rename of a silent node). */
const REFRESH_EVERY_MS = 10 * 60_000;
/** A value on an unknown topic (a rename, a new value, a node interviewed late) asks again, this often at most. */
const UNKNOWN_TOPIC_DEBOUNCE_MS = 500;
const UNKNOWN_TOPIC_MIN_GAP_MS = 2_000;
/** zwave-js verifies an unsupervised set by polling after 5 s (`timeouts.refreshValue`); after that the echo stands. */
const VERIFY_MS = 7_000;
/** SetValueStatus (zwave-js): Working 1, SuccessUnsupervised 254, Success 255; anything else failed. */
const SET_OK = new Set([1, 255]);
const SET_UNSUPERVISED = 254;
const MAX_REMEMBERED_TOPICS = 2_000;
/** Reasons to ask getNodes even while an earlier request is unanswered. */
const URGENT = new Set(['start', 'reconnected', 'gateway online', 'driver ready', 'retry']);

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
  private readonly nodes = new Map<number, NodeRuntime>();
  private readonly byUid = new Map<string, { node: NodeRuntime; entity: ZEntity }>();
  /** `<node id>:<value key>` → readers. */
  private readonly readers = new Map<string, { entity: ZEntity; read: ZEntity['reads'][string] }[]>();
  /** Per layout: value topic (below the prefix) → node id and value key; node topic → node id. */
  private valueTopics: Map<string, { node: number; key: string }>[] = LAYOUTS.map(
    () => new Map<string, { node: number; key: string }>(),
  );
  private nodeTopics: Map<string, number>[] = LAYOUTS.map(() => new Map<string, number>());
  /** Virtual nodes (broadcast, multicast groups): their topics are known, they get no entities. */
  private virtual: ZNode[] = [];
  private layout = 0;
  private readonly evidence = LAYOUTS.map(() => 0);
  /** Value topics Hearth could not place (retained or live), replayed after the next discovery. */
  private readonly unknown = new Map<string, { payload: Buffer; live: boolean }>();
  private unmapped: string | null = null;
  private readonly warned = new OncePerKey();
  private gatewayUp: boolean | undefined;
  private driverReady: boolean | undefined;
  private otherGateway: string | null = null;
  private lastDiscovery: string | null = null;
  private lastError: string | null = null;
  private inFlight?: TimerHandle;
  /** A getNodes request not yet written to the broker (the socket is backed up). */
  private unsent = false;
  private again = false;
  private failures = 0;
  private retryTimer?: TimerHandle;
  private retryDue = Infinity;
  private refreshTimer?: TimerHandle;
  private changeDue = -Infinity;
  /** Live topics a discovery could not explain: no news when they come again (a node Hearth refused). */
  private readonly unexplained = new Set<string>();
  private readonly holds = new Map<string, Hold>();
  private readonly calls: ApiCall[] = [];
  private unsubscribe?: () => void;
  private offStatus?: () => void;
  private stopped = false;

  constructor(private readonly opts: ZwaveOptions) {
    this.api = `${opts.prefix}/_CLIENTS/ZWAVE_GATEWAY-${opts.gateway}`;
  }

  private get clock() {
    return this.host!.clock;
  }

  async start(host: IntegrationHost) {
    this.host = host;
    const conn = this.opts.connection;
    this.offStatus = conn.onStatus((connected) => {
      if (connected) this.ask('reconnected');
      else {
        this.cancelAsk();
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
    this.stopped = true;
    this.unsubscribe?.();
    this.offStatus?.();
    this.cancelAsk();
    if (this.refreshTimer) this.clock.clearTimeout(this.refreshTimer);
    for (const h of this.holds.values()) if (h.timer) this.clock.clearTimeout(h.timer);
    this.holds.clear();
  }

  status(): IntegrationStatus {
    const connected = this.opts.connection.connected;
    const base = {
      prefix: this.opts.prefix,
      gateway: this.gatewayUp === undefined ? 'unknown' : this.gatewayUp ? 'online' : 'offline',
      driver: this.driverReady === undefined ? 'unknown' : this.driverReady ? 'ready' : 'not ready',
      nodes: this.nodes.size,
      last_discovery: this.lastDiscovery,
      topic_layout: describeLayout(LAYOUTS[this.layout]!),
    };
    if (!connected) return { state: 'offline', detail: 'The MQTT broker is not reachable.', ...base };
    if (this.gatewayUp === false)
      return { state: 'offline', detail: `Z-Wave JS UI is offline (${this.api}/status).`, ...base };
    if (this.unmapped)
      return {
        state: 'error',
        detail:
          `Z-Wave JS UI publishes value topics Hearth cannot map (e.g. ${this.unmapped}). In Z-Wave JS UI → ` +
          'Settings → MQTT Gateway, set "Gateway type" to "ValueID topics" (or "Named topics") and remove ' +
          'custom value topics; Hearth reads every node name and location setting.',
        ...base,
      };
    if (this.lastDiscovery === null || this.driverReady !== true)
      return { state: 'starting', detail: this.waitingFor(), ...base };
    return { state: 'online', ...base };
  }

  /** What discovery is waiting for, in words that say what to check. */
  private waitingFor(): string {
    if (this.lastError === 'Z-Wave client not connected' || this.driverReady === false)
      return "Waiting for Z-Wave JS UI's Z-Wave driver to be ready; Hearth retries on its own.";
    if (this.otherGateway)
      return (
        `No answer on ${this.api}; a Z-Wave JS UI gateway named "${this.otherGateway}" is on the broker: ` +
        `set HEARTH_ZWAVE_GATEWAY=${this.otherGateway} (its MQTT "Name").`
      );
    if (this.lastError) return `Z-Wave JS UI answered getNodes with "${this.lastError}"; retrying.`;
    return (
      `No answer from Z-Wave JS UI on ${this.api}/api/getNodes: is its MQTT gateway enabled on this ` +
      `broker, with Prefix "${this.opts.prefix}" (HEARTH_ZWAVE_PREFIX) and Name "${this.opts.gateway}" (HEARTH_ZWAVE_GATEWAY)?`
    );
  }

  // --- discovery: getNodes, retried ----------------------------------------------------------

  /** Asks for the nodes soon (`delayMs`), once however many reasons arrive meanwhile. */
  private ask(reason: string, delayMs = 0) {
    if (this.stopped || !this.host) return;
    const due = this.clock.now() + delayMs;
    if (this.retryTimer && this.retryDue <= due) return;
    if (this.retryTimer) this.clock.clearTimeout(this.retryTimer);
    this.retryDue = due;
    this.retryTimer = this.clock.setTimeout(() => {
      this.retryTimer = undefined;
      this.retryDue = Infinity;
      this.requestNodes(reason);
    }, delayMs);
  }

  private cancelAsk() {
    if (this.retryTimer) this.clock.clearTimeout(this.retryTimer);
    if (this.inFlight) this.clock.clearTimeout(this.inFlight);
    this.retryTimer = this.inFlight = undefined;
    this.retryDue = Infinity;
  }

  /**
   * Publishes getNodes. While one is unanswered, news of a change waits for its answer (`again`);
   * news that the gateway or its driver just came up asks at once (the earlier request may have
   * gone to no one).
   */
  private requestNodes(reason: string) {
    if (!this.opts.connection.connected) return;
    if (this.inFlight && !URGENT.has(reason)) {
      this.again = true;
      return;
    }
    if (this.inFlight) this.clock.clearTimeout(this.inFlight);
    this.host!.log.debug({ reason }, 'asking Z-Wave JS UI for its nodes');
    this.inFlight = this.clock.setTimeout(() => {
      this.inFlight = undefined;
      this.retryLater(null);
    }, ANSWER_TIMEOUT_MS);
    // The same question still waiting in the socket's buffer is not asked again: queueing copies
    // only grows the buffer (a fake clock jumping days ahead fired thousands of retries at once,
    // each one more pending write and mqtt.js 'drain' listener on the one socket).
    if (this.unsent) return;
    this.unsent = true;
    this.opts.connection
      .publish(`${this.api}/api/getNodes/set`, JSON.stringify({ args: [] }))
      .catch(() => {})
      .finally(() => (this.unsent = false));
  }

  private retryLater(message: string | null) {
    this.failures++;
    this.lastError = message;
    const wait = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (this.failures - 1));
    const why = this.waitingFor();
    if (this.warned.first(`discovery:${why}`))
      this.host!.log.warn(
        { message, retry_ms: wait, gateway: this.api },
        `Z-Wave JS UI discovery did not succeed yet: ${why}`,
      );
    this.ask('retry', wait);
  }

  private onNodesAnswer(topic: string, payload: Buffer) {
    const p = parseJson(payload);
    if (!p.ok || !isObject(p.value)) {
      this.bad('getNodes', topic, p.ok ? 'not an object' : p.reason);
      return;
    }
    if (this.inFlight) this.clock.clearTimeout(this.inFlight);
    this.inFlight = undefined;
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
    this.failures = 0;
    this.lastError = null;
    this.gatewayUp ??= true;
    this.driverReady = true;
    this.applyNodes(p.value.result);
    if (this.again) {
      this.again = false;
      this.ask('changes during discovery', UNKNOWN_TOPIC_DEBOUNCE_MS);
    }
  }

  /** A discovery pass: each node validated on its own; what getNodes no longer lists is removed. */
  private applyNodes(result: unknown[]) {
    const host = this.host!;
    host.beginDiscovery();
    const seen = new Set<number>();
    const next = new Map<number, NodeRuntime>();
    this.virtual = [];
    for (const raw of result) {
      const checked = validateNode(raw);
      if (checked.kind === 'skip') {
        if (checked.node) this.virtual.push(checked.node);
        continue;
      }
      if (checked.kind === 'bad') {
        const id = isObject(raw) && typeof raw.id === 'number' ? raw.id : '?';
        this.bad(`node${id}:invalid`, 'getNodes', `node ${id}: ${checked.reason}`);
        // A node that was fine before keeps what Hearth knew of it.
        if (typeof id === 'number' && this.nodes.has(id)) {
          seen.add(id);
          next.set(id, this.nodes.get(id)!);
          this.announce(this.nodes.get(id)!);
        }
        continue;
      }
      const n = checked.node;
      for (const problem of checked.problems)
        this.bad(`node${n.id}:${problem}`, 'getNodes', `node ${n.id}: ${problem}`);
      let entities: ZEntity[];
      try {
        entities = mapNode(n);
      } catch (err) {
        this.bad(`node${n.id}:map`, 'getNodes', `node ${n.id}: ${(err as Error).message}`);
        continue;
      }
      const runtime: NodeRuntime = {
        id: n.id,
        node: n,
        entities,
        status: n.status ?? this.nodes.get(n.id)?.status,
      };
      seen.add(n.id);
      next.set(n.id, runtime);
      this.announce(runtime);
    }
    for (const id of this.nodes.keys()) {
      if (!seen.has(id)) {
        host.removeDevice(`node${id}`);
        host.log.info({ node: id }, 'Z-Wave node no longer in Z-Wave JS UI; removed');
      }
    }
    this.nodes.clear();
    for (const [id, r] of next) this.nodes.set(id, r);
    this.index();
    // getNodes carries the current values: the home has state before the first value message.
    for (const r of this.nodes.values()) {
      for (const v of Object.values(r.node.values ?? {})) this.deliver(r.id, valueKey(v), v.value);
      host.reportAvailability({ device_id: `node${r.id}` }, this.live(r));
    }
    host.endDiscovery();
    this.lastDiscovery = new Date(this.clock.now()).toISOString();
    this.replayUnknown();
  }

  private announce(r: NodeRuntime) {
    const host = this.host!;
    const n = r.node;
    host.announceDevice({
      id: `node${n.id}`,
      name: nodeLabel(n),
      manufacturer: n.manufacturer ?? null,
      model: n.productLabel ?? null,
      identifiers: { zwave_node: String(n.id) },
      area: orNull(n.loc),
    });
    for (const e of r.entities)
      host.announceEntity({
        unique_id: e.unique_id,
        domain: e.domain,
        name: e.name,
        device_id: `node${n.id}`,
        capabilities: e.capabilities,
        attributes: e.attributes,
        area: orNull(n.loc),
      });
  }

  /** Rebuilds the lookup tables: entities, readers and every layout's topics. */
  private index() {
    this.byUid.clear();
    this.readers.clear();
    this.valueTopics = LAYOUTS.map(() => new Map<string, { node: number; key: string }>());
    this.nodeTopics = LAYOUTS.map(() => new Map<string, number>());
    for (const n of this.virtual)
      LAYOUTS.forEach((l, i) => {
        for (const v of Object.values(n.values ?? {})) {
          const t = valueTopic(n, v, l);
          if (t) this.valueTopics[i]!.set(t, { node: n.id, key: valueKey(v) });
        }
      });
    for (const r of this.nodes.values()) {
      for (const e of r.entities) {
        this.byUid.set(e.unique_id, { node: r, entity: e });
        for (const [key, read] of Object.entries(e.reads)) {
          const id = `${r.id}:${key}`;
          const list = this.readers.get(id) ?? [];
          list.push({ entity: e, read });
          this.readers.set(id, list);
        }
      }
      LAYOUTS.forEach((l, i) => {
        this.nodeTopics[i]!.set(nodeTopic(r.node, l), r.id);
        for (const v of Object.values(r.node.values ?? {})) {
          const t = valueTopic(r.node, v, l);
          if (t) this.valueTopics[i]!.set(t, { node: r.id, key: valueKey(v) });
        }
      });
    }
  }

  private replayUnknown() {
    const pending = [...this.unknown];
    this.unknown.clear();
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
      this.onWriteAnswer(payload);
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
    const p = parseJson(payload);
    const value = p.ok ? p.value : payload.toString('utf8');
    // The node id in the payload survives renames; the topic is the fallback (raw payloads).
    const byPayload = isObject(value) && typeof value.nodeId === 'number' ? value.nodeId : undefined;
    const id = byPayload ?? this.nodeTopics[this.layout]!.get(nodePart) ?? this.nodeByAnyLayout(nodePart);
    const r = id === undefined ? undefined : this.nodes.get(id);
    if (!r) return;
    // A known node's status on a topic that is not its own: it was renamed or moved.
    if (byPayload !== undefined && nodeTopic(r.node, LAYOUTS[this.layout]!) !== nodePart) this.noteChange();
    if (isObject(value) && typeof value.status === 'string') r.status = value.status;
    else if (typeof value === 'boolean') r.status = value ? 'Alive' : 'Dead';
    else if (isObject(value) && typeof value.value === 'boolean') r.status = value.value ? 'Alive' : 'Dead';
    else {
      this.bad(`node${r.id}:status`, topic, 'node status without a status');
      return;
    }
    this.host!.reportAvailability({ device_id: `node${r.id}` }, this.live(r));
  }

  private nodeByAnyLayout(nodePart: string) {
    for (const m of this.nodeTopics) {
      const id = m.get(nodePart);
      if (id !== undefined) return id;
    }
    return undefined;
  }

  /**
   * A value topic: found in the current layout, read; found only in another layout, that is
   * evidence Z-Wave JS UI uses that one (switched to when it has more evidence); found nowhere,
   * remembered and discovery asked again.
   */
  private onValueTopic(rest: string, payload: Buffer, retained: boolean, replay: boolean) {
    let hit: { node: number; key: string } | undefined;
    let best = this.layout;
    for (let i = 0; i < LAYOUTS.length; i++) {
      const h = this.valueTopics[i]!.get(rest);
      if (!h) continue;
      this.evidence[i]!++;
      if (i === this.layout) hit = h;
    }
    for (let i = 0; i < LAYOUTS.length; i++) if (this.evidence[i]! > this.evidence[best]!) best = i;
    if (best !== this.layout && this.valueTopics[best]!.has(rest)) {
      this.layout = best;
      hit = this.valueTopics[best]!.get(rest);
      this.host!.log.info(
        { layout: describeLayout(LAYOUTS[best]!) },
        'Z-Wave JS UI topic layout recognised from its value topics',
      );
      this.refreshAvailability();
    }
    if (!hit) {
      if (!replay) this.onUnplaced(`${this.opts.prefix}/${rest}`, payload, !retained);
      else if (!retained) {
        if (this.unexplained.size >= MAX_REMEMBERED_TOPICS) this.unexplained.clear();
        this.unexplained.add(rest);
        this.reportUnmapped(`${this.opts.prefix}/${rest}`);
      }
      return;
    }
    if (payload.length === 0) return;
    this.onValue(hit.node, hit.key, unwrap(payload), `${this.opts.prefix}/${rest}`);
  }

  /** A topic no node explains: remember it (replayed after discovery) and, when it is news, ask again. */
  private onUnplaced(topic: string, payload: Buffer, live: boolean) {
    const rest = topic.slice(this.opts.prefix.length + 1);
    if (this.unknown.size >= MAX_REMEMBERED_TOPICS) this.unknown.delete(this.unknown.keys().next().value!);
    this.unknown.set(rest, { payload, live: live || this.unknown.get(rest)?.live === true });
    // Retained leftovers (old names) and topics the last discovery could not explain are no news.
    if (live && this.lastDiscovery && !this.unexplained.has(rest)) this.noteChange();
  }

  /** Something changed that only getNodes explains: ask again soon, at most every few seconds. */
  private noteChange() {
    if (this.retryTimer) return; // a getNodes is due; its answer replays what was unknown
    if (this.inFlight) {
      this.again = true; // the answer on its way may predate this change
      return;
    }
    const now = this.clock.now();
    this.changeDue = Math.max(now + UNKNOWN_TOPIC_DEBOUNCE_MS, this.changeDue + UNKNOWN_TOPIC_MIN_GAP_MS);
    this.ask('a change only getNodes explains', this.changeDue - now);
  }

  /** Live values arrive that fit no layout while none ever did: a gateway type Hearth cannot read (Manual). */
  private reportUnmapped(topic: string) {
    if (this.nodes.size === 0 || this.evidence.some((n) => n > 0)) return;
    this.unmapped = topic;
    if (this.warned.first('unmapped'))
      this.host!.log.warn(
        { topic },
        'Z-Wave JS UI publishes value topics Hearth cannot map; set its Gateway type to "ValueID topics" or "Named topics" (Settings → MQTT Gateway)',
      );
  }

  /** A value from the device: held while its write waits for verification, else read. */
  private onValue(nodeId: number, key: string, value: unknown, topic: string) {
    const id = `${nodeId}:${key}`;
    const hold = this.holds.get(id);
    if (hold) {
      if (hold.phase === 'sent' && same(value, hold.value)) {
        hold.held = { value };
        return;
      }
      if (hold.phase === 'unsupervised') {
        this.endHold(id);
        this.deliver(nodeId, key, value, topic);
        if (!same(value, hold.value))
          this.host!.reportCommandError(
            hold.uid,
            `${hold.name} did not take ${JSON.stringify(hold.value)}; it reports ${JSON.stringify(value)}.`,
          );
        return;
      }
    }
    this.deliver(nodeId, key, value, topic);
  }

  private deliver(nodeId: number, key: string, value: unknown, topic?: string) {
    // No value yet (not interviewed, a broadcast node) is not a malformed payload.
    if (value === undefined || value === null) return;
    const readers = this.readers.get(`${nodeId}:${key}`);
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
    const hit = this.byUid.get(cmd.unique_id);
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
      if (holdId) this.startHold(holdId, { uid: cmd.unique_id, name: cmd.entity.name, value, phase: 'sent' });
      this.calls.push({
        args: JSON.stringify(args),
        ...(holdId ? { hold: holdId } : {}),
        uid: cmd.unique_id,
        name: cmd.entity.name,
        at: this.clock.now(),
      });
      if (this.calls.length > 1_000) this.calls.shift();
      try {
        await this.opts.connection.publish(`${this.api}/api/writeValue/set`, JSON.stringify({ args }));
      } catch (err) {
        if (holdId) this.endHold(holdId);
        throw err;
      }
    }
  }

  private startHold(id: string, hold: Hold) {
    this.endHold(id);
    // Without any answer (Z-Wave JS UI went away) the echo is let through after a while.
    hold.timer = this.clock.setTimeout(() => {
      this.endHold(id);
      if (hold.held) this.deliverHeld(id, hold.held.value);
    }, 2 * VERIFY_MS);
    this.holds.set(id, hold);
  }

  private deliverHeld(id: string, value: unknown) {
    const [nodeId, ...key] = id.split(':');
    this.deliver(Number(nodeId), key.join(':'), value);
  }

  private endHold(id: string) {
    const h = this.holds.get(id);
    if (h?.timer) this.clock.clearTimeout(h.timer);
    this.holds.delete(id);
    return h;
  }

  /** The answer to a writeValue: matched to the call by the `origin` Z-Wave JS UI echoes. */
  private onWriteAnswer(payload: Buffer) {
    const p = parseJson(payload);
    if (!p.ok || !isObject(p.value) || !isObject(p.value.origin)) return;
    const args = JSON.stringify(p.value.origin.args);
    const i = this.calls.findIndex((c) => c.args === args);
    if (i < 0) return; // another client's call
    const call = this.calls.splice(i, 1)[0]!;
    const result = isObject(p.value.result) ? p.value.result : {};
    const status = typeof result.status === 'number' ? result.status : undefined;
    const ok =
      p.value.success === true && (status === undefined || SET_OK.has(status) || status === SET_UNSUPERVISED);
    if (!ok) {
      if (call.hold) this.endHold(call.hold);
      const why =
        (typeof result.message === 'string' && result.message) ||
        (typeof p.value.message === 'string' && p.value.message) ||
        `status ${status}`;
      this.host!.reportCommandError(call.uid, `Z-Wave JS UI could not write to ${call.name}: ${why}`);
      return;
    }
    if (!call.hold) return;
    const hold = this.holds.get(call.hold);
    if (!hold) return;
    if (status === SET_UNSUPERVISED) {
      // The device acknowledged the frame, not the value: zwave-js polls it to verify; that
      // report settles it. Without one, the echo stands.
      hold.phase = 'unsupervised';
      if (hold.timer) this.clock.clearTimeout(hold.timer);
      hold.timer = this.clock.setTimeout(() => {
        this.endHold(call.hold!);
        if (hold.held) this.deliverHeld(call.hold!, hold.held.value);
      }, VERIFY_MS);
      return;
    }
    // Supervised: the device itself confirmed; its value (already echoed or still to come) stands.
    this.endHold(call.hold);
    if (hold.held) this.deliverHeld(call.hold, hold.held.value);
  }
}

/** The ValueID `writeValue` takes: the node by id, so a rename or a topic layout never matters. */
function writeTarget(nodeId: number, v: ZValue) {
  return {
    nodeId,
    commandClass: v.commandClass,
    endpoint: v.endpoint ?? 0,
    property: v.property,
    ...(v.propertyKey !== undefined ? { propertyKey: v.propertyKey } : {}),
  };
}

const orNull = (s: string | undefined) => (s === undefined || s === '' ? null : s);

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * Z-Wave JS UI payloads: `{time, value}` (default), a whole ValueId with `value`, or the raw
 * value. `{time}` without a value (a value not known yet) is `undefined`, not malformed.
 */
function unwrap(payload: Buffer): unknown {
  const p = parseJson(payload);
  if (!p.ok) return payload.toString('utf8');
  if (isObject(p.value)) return 'value' in p.value ? p.value.value : 'time' in p.value ? undefined : p.value;
  return p.value;
}
