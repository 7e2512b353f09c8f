import type { Router } from 'express';
import type pg from 'pg';
import type pino from 'pino';
import type { Config } from './config/config';
import type { ReadModelSync } from './eventstore/commands';
import type { EventStore } from './eventstore/eventStore';
import type { PersonalFields } from './eventstore/personalData';
import type { Upcaster } from './eventstore/upcasting';
import type { Auth } from './identity/authMiddleware';
import type { Tokens } from './identity/tokens';
import type { JobOptions, JobRun, Jobs } from './jobs/jobs';
import type { MailQueue } from './mail/mailQueue';
import type { EventProcessor } from './processing/processor';

/** Everything the server builds once and features may ask for; each feature's `api` names the part it uses. */
export type AppDeps = {
  config: Config;
  pool: pg.Pool;
  eventStore: EventStore;
  readModels: ReadModelSync;
  tokens: Tokens;
  auth: Auth;
  mail: MailQueue;
  /** Queues background work (jobs themselves are declared by features). */
  jobs: Pick<Jobs, 'now'>;
  log: pino.Logger;
  /** The only clock: commands and jobs get their time from it. */
  clock: () => Date;
  /** The portal's public address, for links in emails. */
  publicUrl: string;
};

/** What reactors may use: they run in the server or in the projections process, never behind a request. */
export type ReactorDeps = Pick<AppDeps, 'eventStore' | 'pool' | 'mail' | 'publicUrl' | 'log'>;

export type JobDefinition<T = unknown> = { name: string; handler: (data: T, run: JobRun) => Promise<void>; options?: JobOptions };

/**
 * A feature of the product (Emmett's feature module): its HTTP routes, the read models it keeps,
 * the reactors that carry its consequences, its scheduled jobs, the upcasters of its events and the
 * fields of its events that are personal.
 * The server and the projections process loop over the list in features.ts.
 */
export type Feature = {
  name: string;
  api?: (deps: AppDeps) => Router;
  /** Routes that read their own request body (large streamed files), mounted before the JSON body parser. */
  rawBodyApi?: (deps: AppDeps) => Router;
  projections?: EventProcessor[];
  reactors?: (deps: ReactorDeps) => EventProcessor[];
  jobs?: (deps: AppDeps) => JobDefinition[];
  upcasters?: Upcaster[];
  /** The personal fields of its events, kept out of the log (eventstore/personalData.ts). */
  personalFields?: PersonalFields;
};
