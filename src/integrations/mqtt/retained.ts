import { createRequire } from 'node:module';
import { topicMatches } from './topics.js';

/**
 * The embedded broker's memory persistence with its retained messages indexed by topic.
 *
 * Aedes' memory persistence finds the retained messages for a new subscription by testing every
 * retained topic against every filter of the SUBSCRIBE packet. Hearth subscribes one exact topic
 * per discovered entity, so 10,000 retained discovery configs meant 10,000 × 10,000 tests and
 * event-loop stalls of seconds. Here an exact filter is one map read, and the wildcard filters of
 * a packet share one pass over the retained messages.
 */

const require = createRequire(import.meta.url);

interface RetainedPacket {
  topic: string;
  payload: Buffer;
}

interface MemoryPersistenceBase {
  storeRetained(packet: RetainedPacket): Promise<void>;
  createRetainedStream(pattern: string): Iterable<RetainedPacket>;
  createRetainedStreamCombi(patterns: string[]): Iterable<RetainedPacket>;
}

const MemoryPersistence = require('aedes-persistence/asyncPersistence.js') as new (
  opts?: unknown,
) => MemoryPersistenceBase;
const { CallBackPersistence } = require('aedes-persistence/callBackPersistence.js') as {
  CallBackPersistence: new (factory: (opts: unknown) => MemoryPersistenceBase, opts?: unknown) => unknown;
};

class IndexedMemoryPersistence extends MemoryPersistence {
  private readonly byTopic = new Map<string, RetainedPacket>();

  override async storeRetained(packet: RetainedPacket) {
    await super.storeRetained(packet);
    if (packet.payload.length === 0) this.byTopic.delete(packet.topic);
    else this.byTopic.set(packet.topic, { ...packet });
  }

  // The callback wrapper turns what these return into a stream (Readable.from).
  override createRetainedStream(pattern: string) {
    return this.matching([pattern]);
  }

  override createRetainedStreamCombi(patterns: string[]) {
    return this.matching(patterns);
  }

  private *matching(patterns: string[]): Generator<RetainedPacket> {
    const sent = new Set<string>();
    const wildcards: string[] = [];
    for (const p of patterns) {
      if (/[+#]/.test(p)) {
        wildcards.push(p);
        continue;
      }
      const packet = this.byTopic.get(p);
      if (packet && !sent.has(p)) {
        sent.add(p);
        yield packet;
      }
    }
    if (wildcards.length === 0) return;
    for (const [topic, packet] of this.byTopic) {
      if (sent.has(topic)) continue;
      // MQTT: a wildcard at the first level never matches `$SYS/…`-style topics.
      const system = topic.startsWith('$');
      if (wildcards.some((w) => !(system && /^[+#]/.test(w)) && topicMatches(w, topic))) yield packet;
    }
  }
}

/** A fresh persistence for Aedes (the callback API Aedes expects, over the indexed store). */
export function indexedMemoryPersistence(): unknown {
  return new CallBackPersistence((opts) => new IndexedMemoryPersistence(opts));
}
