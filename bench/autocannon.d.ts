// The part of autocannon's API the service benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
  }
  interface Options {
    url: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    /** Each request of the pipeline; setupRequest may change it before it is sent. */
    requests?: { setupRequest?: (request: RawRequest) => RawRequest }[];
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
