/** The part of autocannon's programmatic API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    headers?: Record<string, string>;
    /** Worker threads that send the load, off the calling thread's event loop. */
    workers?: number;
    /** Seconds before a request counts as a timeout (default 10). */
    timeout?: number;
  };
  /** Latencies in milliseconds; requests per second. */
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number };
  type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    latency: Histogram;
    requests: Histogram & { total: number; sent: number };
    /** Bytes per second. */
    throughput: Histogram & { total: number };
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
