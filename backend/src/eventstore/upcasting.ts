import type { AppendResult, EventStore, ExpectedRevision, NewEvent, RecordedEvent, SubscribeOptions } from './eventStore';

/**
 * Event schemas change; recorded events never do. Each event type has a current schema version
 * (1 unless an upcaster says otherwise); an event recorded under an older version is brought up to
 * date, one version at a time, whenever it is read. Domain code and read models only ever see the
 * current shape.
 */
export type Upcaster = {
  type: string;
  /** Turns data of schema version `from` into version `from + 1`. */
  from: number;
  upcast(data: never): unknown;
};

export type EventSchemas = {
  versionOf(type: string): number;
  upcast(event: RecordedEvent): RecordedEvent;
};

export function eventSchemas(upcasters: Upcaster[]): EventSchemas {
  const byType = new Map<string, Upcaster[]>();
  for (const upcaster of upcasters) byType.set(upcaster.type, [...(byType.get(upcaster.type) ?? []), upcaster]);
  for (const [type, chain] of byType) {
    chain.sort((a, b) => a.from - b.from);
    chain.forEach((step, i) => {
      if (step.from !== i + 1) throw new Error(`Upcasters of ${type} must go 1 -> 2 -> 3 ... without gaps`);
    });
  }
  const versionOf = (type: string) => (byType.get(type)?.length ?? 0) + 1;
  return {
    versionOf,
    upcast(event) {
      const chain = byType.get(event.type);
      // 0: appended without the schemas (test fixtures, benchmarks), in today's shape.
      const recordedVersion = event.metadata.schemaVersion;
      if (!chain || !recordedVersion || recordedVersion >= chain.length + 1) return event;
      let data = event.data;
      for (const step of chain.slice(recordedVersion - 1)) data = step.upcast(data as never);
      return { ...event, data, metadata: { ...event.metadata, schemaVersion: chain.length + 1 } };
    },
  };
}

/** The event store as domain code sees it: appends stamped with the current schema version, reads upcast. */
export function withUpcasting(store: EventStore, schemas: EventSchemas): EventStore {
  const stamp = (events: NewEvent[]) => events.map((e) => ({ ...e, metadata: { ...e.metadata, schemaVersion: schemas.versionOf(e.type) } }));
  return {
    kind: store.kind,
    append: (streamId: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> =>
      store.append(streamId, stamp(events), options),
    readStream: async (streamId) => (await store.readStream(streamId)).map(schemas.upcast),
    readStreams: async (streamIds, fromRevisions) => new Map([...(await store.readStreams(streamIds, fromRevisions))].map(([id, events]) => [id, events.map(schemas.upcast)])),
    appendMany: (appends) => store.appendMany(appends.map((a) => ({ ...a, events: stamp(a.events) }))),
    readAll: async (options) => (await store.readAll(options)).map(schemas.upcast),
    subscribeToAll: (options: SubscribeOptions) =>
      store.subscribeToAll({ ...options, onEvents: (events) => options.onEvents(events.map(schemas.upcast)) }),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}
