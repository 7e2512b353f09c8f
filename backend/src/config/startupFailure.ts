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
