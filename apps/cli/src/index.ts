export type { CliInputStream, CliOutputStream, CliRuntime } from './framework/cli-runtime';
export { processRuntime } from './framework/cli-runtime';
export { EXIT_CODE_TABLE, EXIT_CODES, type ExitCode } from './framework/exit-codes';
export { type MainOptions, main } from './main';
export { VERSION } from './version';
