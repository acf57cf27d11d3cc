// Types of container-engine.mjs, for the image's test (TypeScript).

/** An engine that can run a container here, with the flags it needs and the base to build on. */
export interface ContainerEngine {
  readonly engine: string;
  readonly runFlags: readonly string[];
  readonly base: string;
}

export function run(command: string, args: readonly string[], options?: object): string;
export function findContainerEngine(): ContainerEngine | { readonly reason: string };
export function ensureBaseImage(engine: string): string;
export function buildServerImage(options: {
  readonly engine: string;
  readonly base: string;
  readonly tag: string;
  readonly skipBuild?: boolean;
}): void;
export function startServerContainer(options: {
  readonly engine: string;
  readonly runFlags: readonly string[];
  readonly tag: string;
  readonly name: string;
  readonly volume?: string;
  readonly env: Readonly<Record<string, string>>;
}): string;
export function hostNetworkServerEnv(options: {
  readonly port: number;
  readonly databaseUrl: string;
  readonly schema: string;
  readonly clientId: string;
  readonly clientSecret: string;
}): Record<string, string>;
