import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where a suite that needs EventStoreDB finds one, or why it cannot run. */
export type EventStoreDbTarget =
  | { available: true; source: string; start(): Promise<{ connectionString: string; stop(): Promise<void> }> }
  | { available: false; skipReason: string };

const IMAGE = 'eventstore/eventstore:24.10';
const HTTP_PORT = 2113;
const DOCKER_PROBE_TIMEOUT_MS = 3_000;

/**
 * EVENTSTORE_URL when set; otherwise a throwaway container through testcontainers when a Docker
 * engine answers. The engine is probed over its API socket first, so machines without Docker skip
 * in milliseconds instead of waiting on testcontainers' own discovery.
 */
export async function findEventStoreDb(): Promise<EventStoreDbTarget> {
  const url = process.env.EVENTSTORE_URL;
  if (url) return { available: true, source: 'EVENTSTORE_URL', start: async () => ({ connectionString: url, stop: async () => {} }) };

  const unreachable = await dockerEngineUnreachable();
  if (unreachable) return { available: false, skipReason: unreachable };

  // Loaded only when a container will really be started: it pulls in the whole Docker client.
  const { GenericContainer, Wait } = await import('testcontainers');
  return {
    available: true,
    source: `${IMAGE} in Docker`,
    async start() {
      const container = await new GenericContainer(IMAGE)
        .withEnvironment({
          EVENTSTORE_INSECURE: 'true',
          EVENTSTORE_MEM_DB: 'true',
          EVENTSTORE_CLUSTER_SIZE: '1',
          EVENTSTORE_RUN_PROJECTIONS: 'None',
        })
        .withExposedPorts(HTTP_PORT)
        .withWaitStrategy(Wait.forHttp('/health/live', HTTP_PORT).forStatusCodeMatching((status) => status >= 200 && status < 300))
        .withStartupTimeout(110_000)
        .start();
      return {
        connectionString: `esdb://${container.getHost()}:${container.getMappedPort(HTTP_PORT)}?tls=false`,
        stop: async () => {
          await container.stop();
        },
      };
    },
  };
}

/** Undefined when a Docker engine answers /_ping, otherwise why not. */
async function dockerEngineUnreachable(): Promise<string | undefined> {
  const endpoints = dockerEndpoints();
  if (endpoints.length === 0) return 'no Docker engine (DOCKER_HOST is not set and no Docker socket exists)';
  const failures: string[] = [];
  for (const endpoint of endpoints) {
    const failure = await ping(endpoint);
    if (!failure) return undefined;
    failures.push(`${endpoint.label}: ${failure}`);
  }
  return `no Docker engine answers (${failures.join('; ')})`;
}

type DockerEndpoint = { label: string; options: http.RequestOptions };

function dockerEndpoints(): DockerEndpoint[] {
  const dockerHost = process.env.DOCKER_HOST;
  if (dockerHost?.startsWith('unix://')) {
    const socketPath = dockerHost.slice('unix://'.length);
    return [{ label: socketPath, options: { socketPath } }];
  }
  if (dockerHost?.startsWith('tcp://')) {
    const address = new URL(dockerHost.replace(/^tcp:/, 'http:'));
    return [{ label: dockerHost, options: { host: address.hostname, port: Number(address.port || 2375) } }];
  }
  const candidates = [
    '/var/run/docker.sock',
    path.join(os.homedir(), '.docker', 'run', 'docker.sock'),
    ...(process.env.XDG_RUNTIME_DIR ? [path.join(process.env.XDG_RUNTIME_DIR, 'docker.sock')] : []),
  ];
  return candidates.filter((socketPath) => fs.existsSync(socketPath)).map((socketPath) => ({ label: socketPath, options: { socketPath } }));
}

function ping({ options }: DockerEndpoint): Promise<string | undefined> {
  return new Promise((resolve) => {
    const request = http.get({ ...options, path: '/_ping', timeout: DOCKER_PROBE_TIMEOUT_MS }, (response) => {
      response.resume();
      resolve(response.statusCode === 200 ? undefined : `answered ${response.statusCode}`);
    });
    request.on('timeout', () => {
      request.destroy();
      resolve(`no answer within ${DOCKER_PROBE_TIMEOUT_MS} ms`);
    });
    request.on('error', (error) => resolve(error.message));
  });
}
