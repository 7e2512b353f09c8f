/**
 * The command-line entry points (`npm start`, `npm run projections`, `npm run replay`) report a
 * failure to start (a bad setting, a port taken, the database in use or out of reach) by its message
 * alone, exit code 1: an operator's problem, not a stack to read. The stack is printed with
 * LOG_LEVEL=debug. Returns the function that ends this once the process is up, so a later crash
 * keeps its full stack in the logs.
 */
export function reportStartupFailurePlainly(): () => void {
  const report = (error: unknown) => {
    console.error(`Affilux could not start: ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace') console.error(error);
    process.exit(1);
  };
  process.on('uncaughtException', report);
  return () => process.off('uncaughtException', report);
}

/**
 * A connection's first step, its failure named by the setting that points at it: with DATABASE_URL,
 * EVENTSTORE_URL and MONGODB_URL all set, "connect ECONNREFUSED" alone does not say which is wrong.
 */
export async function reaching<T>(setting: string, connect: () => Promise<T>): Promise<T> {
  try {
    return await connect();
  } catch (error) {
    throw new Error(`${setting} cannot be reached: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
