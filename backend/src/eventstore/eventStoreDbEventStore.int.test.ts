import { findEventStoreDb } from '../../../test/eventStoreDb';
import { describeEventStoreContract } from './eventStore.contract';
import { createEventStoreDbEventStore } from './eventStoreDbEventStore';

const target = await findEventStoreDb();

describeEventStoreContract(
  target.available ? `EventStoreDB adapter (${target.source})` : 'EventStoreDB',
  async () => {
    if (!target.available) throw new Error(target.skipReason);
    const server = await target.start();
    const store = createEventStoreDbEventStore(server.connectionString);
    return {
      store,
      async teardown() {
        await store.close();
        await server.stop();
      },
    };
  },
  { skipReason: target.available ? undefined : target.skipReason },
);
