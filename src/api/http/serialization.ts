import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Serialize = (data: unknown) => string;
type BuildSerializer = ReturnType<typeof SerializerSelector>;

const build = SerializerSelector();

/**
 * Fastify's response serializers (fast-json-stringify), compiled once per (shared schemas,
 * response schema) text for the life of the process. Routes build new schema objects for every
 * app instance, so fastify compiled every response schema again at each start: about half of an
 * app's start-up (bench/app-start.ts), which tests pay for each of the ~200 apps they start. A compiled serializer
 * keeps no state between calls, so reusing it is safe.
 */
const compiled = new Map<string, Serialize>();

export const cachedSerializerFactory: BuildSerializer = (externalSchemas, serializerOpts) => {
  const compile = build(externalSchemas, serializerOpts);
  const context = JSON.stringify([externalSchemas, serializerOpts]);
  return (route) => {
    const key = `${context}\n${JSON.stringify(route.schema)}`;
    let serialize = compiled.get(key);
    if (!serialize) {
      serialize = compile(route) as Serialize;
      compiled.set(key, serialize);
    }
    return serialize;
  };
};
